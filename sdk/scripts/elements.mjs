// Reads src/elements.ts (the one list of tags) with plain regexes: which class each tag is and
// which module exports it. Shared by rollup.config.js (per-element entries) and manifest.mjs.
import { readFileSync } from 'node:fs';

const src = new URL('../src/', import.meta.url);

/** @returns {{ tag: string, className: string, module: string }[]} module relative to src/, without extension */
export function readElements() {
  const text = readFileSync(new URL('elements.ts', src), 'utf8');
  const moduleOf = new Map();
  for (const [, names, from] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'\.\/([^']+)'/g)) {
    for (const name of names
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean))
      moduleOf.set(name, from);
  }
  const body = /export const elements = \{([^}]*)\}/.exec(text)?.[1] ?? '';
  return [...body.matchAll(/'(saldo-[a-z-]+)':\s*(\w+)/g)].map(([, tag, className]) => {
    const module = moduleOf.get(className);
    if (!module) throw new Error(`elements.ts: no import for ${className}`);
    return { tag, className, module };
  });
}
