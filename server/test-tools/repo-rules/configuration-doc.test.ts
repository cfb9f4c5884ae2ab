import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 31: docs/configuration.md names every environment variable the code reads.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const FOLDERS = [
  'server/src',
  'server/test-tools',
  'server/bench',
  'portal/scripts',
  'portal/bench',
  'portal/e2e',
  'sdk/scripts',
  'examples/partner-site',
];
const FILES = ['playwright.config.ts'];
/** The operating system's own, which no reader needs explained. */
const THE_SYSTEMS = new Set(['PATH']);

function codeFiles(path: string): string[] {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return /\.(ts|tsx|mts|mjs|js)$/.test(path) ? [path] : [];
  return readdirSync(full)
    .filter((name) => name !== 'node_modules' && name !== 'dist' && name !== 'public')
    .flatMap((name) => codeFiles(`${path}/${name}`));
}

/** The variables a file reads: `process.env.X`, `env.X` or `env['X']`, and `num('X')`-style helpers over `env[name]`. */
export function variablesRead(source: string): string[] {
  if (!/process\.env/.test(source)) return [];
  const names = new Set<string>();
  for (const m of source.matchAll(/\benv\??\.([A-Z][A-Z0-9_]+)\b/g)) names.add(m[1]!);
  for (const m of source.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)) names.add(m[1]!);
  // A helper reading env[name] with a computed name: its literal arguments are variables too.
  if (/\benv\[[a-z]\w*\]/.test(source)) {
    for (const m of source.matchAll(/\b\w+\(['"]([A-Z][A-Z0-9_]+)['"]\)/g)) names.add(m[1]!);
  }
  return [...names];
}

describe('docs/configuration.md', () => {
  const doc = readFileSync(join(root, 'docs/configuration.md'), 'utf8');
  const documented = new Set([...doc.matchAll(/`([A-Z][A-Z0-9_]+)(?:=[^`]*)?`/g)].map((m) => m[1]!));
  const read = new Map<string, string>();
  const self = 'server/test-tools/repo-rules/configuration-doc.test.ts';
  for (const file of [...FOLDERS.flatMap(codeFiles), ...FILES].filter((f) => f !== self)) {
    for (const name of variablesRead(readFileSync(join(root, file), 'utf8'))) if (!read.has(name)) read.set(name, file);
  }

  it('names every environment variable the code reads', () => {
    expect(read.size).toBeGreaterThan(40);
    const missing = [...read].filter(([name]) => !documented.has(name) && !THE_SYSTEMS.has(name));
    expect(missing.map(([name, file]) => `${name} (read in ${file})`)).toEqual([]);
  });

  it('finds the variables however the code reads them', () => {
    const sample = `const env = process.env; env.A_B; env?.C_D; env['E_F']; const n = (k) => env[k]; n('G_H');`;
    expect(variablesRead(sample).sort()).toEqual(['A_B', 'C_D', 'E_F', 'G_H']);
    expect(variablesRead('config.PORT')).toEqual([]);
  });
});
