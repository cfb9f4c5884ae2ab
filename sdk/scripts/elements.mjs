// Reads src/generated/elements.ts (written by generate.mjs from the contract's registry) with plain
// regexes: which class each tag is and which module exports it. Shared by rollup.config.js
// (per-element entries), manifest.mjs and the server's registry test.
import { existsSync, readFileSync } from 'node:fs';

const src = new URL('../src/', import.meta.url);
const generated = new URL('generated/elements.ts', src);

/**
 * @returns {{ tag: string, className: string, module: string, file: string }[]} module relative to src/,
 *   without extension; file the same with it (.ts, or .tsx for an element declared in its view)
 */
export function readElements() {
  const text = readFileSync(generated, 'utf8');
  const moduleOf = new Map();
  for (const [, names, from] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'\.\.\/([^']+)'/g)) {
    for (const name of names
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean))
      moduleOf.set(name, from);
  }
  const body = /export const elements = \{([^}]*)\}/.exec(text)?.[1] ?? '';
  return [...body.matchAll(/'(saldo-[a-z-]+)':\s*(\w+)/g)].map(([, tag, className]) => {
    const module = moduleOf.get(className);
    if (!module) throw new Error(`generated/elements.ts: no import for ${className}`);
    const file = [`${module}.ts`, `${module}.tsx`].find((f) => existsSync(new URL(f, src)));
    if (!file) throw new Error(`generated/elements.ts: no file src/${module}.ts(x)`);
    return { tag, className, module, file };
  });
}
