import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 28: the contract is in folders by topic (nothing but index.ts lies directly in src/), and no
 * module of it reaches itself again through its imports (type-only imports count: a circle of types
 * is still a circle a reader has to untangle).
 */
const src = fileURLToPath(new URL('../../contract/src/', import.meta.url));

function files(folder: string): string[] {
  return readdirSync(join(src, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    return entry.isDirectory() ? files(path) : [path];
  });
}

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm;

/** Each module's relative imports, resolved to paths under src/ (tests left out). */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, text] of sources) {
    const targets = [...text.matchAll(IMPORT)].map((m) => normalize(join(dirname(path), m[1]!)));
    graph.set(
      path,
      [...new Set(targets)].filter((t) => sources.has(t)),
    );
  }
  return graph;
}

/** The graph's circles: every strongly connected set of two or more modules, or one importing itself (Tarjan). */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const set: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      set.push(member);
    } while (member !== node);
    if (set.length > 1 || graph.get(node)?.includes(node)) found.push(set.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const modules = new Map(
  files('')
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .map((path) => [path, readFileSync(join(src, path), 'utf8')]),
);

describe("the contract's folders", () => {
  it('finds a circle through a type-only import, and none in a chain', () => {
    const circle = new Map([
      ['a/one.ts', "import { b } from '../b/two.ts';"],
      ['b/two.ts', "import type { A } from '../a/one.ts';\nexport { c } from './three.ts';"],
      ['b/three.ts', "import type { z } from 'zod';"],
    ]);
    expect(circles(importGraph(circle))).toEqual([['a/one.ts', 'b/two.ts']]);
    circle.set('b/two.ts', "export { c } from './three.ts';");
    expect(circles(importGraph(circle))).toEqual([]);
  });

  it('has no import circle among its modules', () => {
    expect(modules.size).toBeGreaterThan(40);
    expect(circles(importGraph(modules))).toEqual([]);
  });

  it('keeps nothing directly in src/ but index.ts: every module is in its topic folder', () => {
    const loose = files('').filter((path) => !path.includes('/') && path !== 'index.ts');
    expect(loose).toEqual([]);
  });

  it('resolves every relative import of a module to a file', () => {
    const all = new Set(files(''));
    const broken = [...modules].flatMap(([path, text]) =>
      [...text.matchAll(IMPORT)]
        .map((m) => normalize(join(dirname(path), m[1]!)))
        .filter((target) => !all.has(target))
        .map((target) => `${path} → ${relative('.', target)}`),
    );
    expect(broken).toEqual([]);
  });
});
