#!/usr/bin/env node
// Issue 28: the contract's modules moved from one flat src/ into folders by topic. This moves any
// module still at its old place and rewrites every reference to an old place in the repository:
// `@saldo/contract/<old>` subpaths (imports, vi.mock, comments), `contract/src/<old>.ts` file paths
// (tests and scripts that read a module, the docs), and the contract's own relative imports.
// Safe to run again: a reference already at its new place is left as it is, because no new place
// is an old one. Run it from the repository's root: `node server/test-tools/codemods/contract-folders.mjs`,
// then `npx biome check --write` on the files it lists (their imports sort differently by the new paths).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
const src = join(root, 'server/contract/src');

/** Each moved module: its old path under src/ → its new one (without `.ts`; its test moves with it). */
export const MOVES = {
  // Numbers and dates: the øre rules, rounding, footing and the one formatter.
  format: 'numbers/format',
  footing: 'numbers/footing',
  'controlled-rounding': 'numbers/controlled-rounding',
  'min-heap': 'numbers/min-heap',
  'table-footing': 'numbers/table-footing',
  variance: 'numbers/variance',
  // Periods, ranges and booked months.
  period: 'period/period',
  range: 'period/range',
  booked: 'period/booked',
  // The statements and the chart of accounts they group.
  chart: 'statements/chart',
  statements: 'statements/index',
  // KPIs and the statement figures they read.
  kpis: 'kpis/kpis',
  'kpi-format': 'kpis/format',
  figures: 'kpis/figures',
  budgets: 'budgets/budgets',
  // What a source's import says: its warnings, their health, its refusals.
  'import-warnings': 'sources/import-warnings',
  'data-health': 'sources/data-health',
  'source-errors': 'sources/source-errors',
  // Error codes and their texts.
  errors: 'errors/errors',
  'element-errors': 'errors/element-errors',
  // The widget registry, its tables and what a board shows.
  widgets: 'widgets/registry',
  'widget-tables': 'widgets/tables',
  'widget-variant': 'widgets/variant',
  catalogue: 'widgets/catalogue',
  'board-layout': 'widgets/board-layout',
  'answer-text': 'widgets/answer-text',
  // Exports: their kinds and their words.
  'export-kinds': 'exports/kinds',
  'export-texts': 'exports/texts',
  // The API: its routes' types, the zod schemas, and the types inferred from them.
  'api-routes': 'api/routes',
  schemas: 'schemas/index',
  types: 'types/index',
  billing: 'types/billing',
};

/** Test files whose name differs from their module's at the new place. */
const TEST_MOVES = { 'format-screen': 'numbers/format-screen', schemas: 'schemas/schemas' };

const targets = new Set(Object.values(MOVES));
for (const old of Object.keys(MOVES)) {
  if (targets.has(old)) throw new Error(`${old} is both an old and a new place: a second run would move it again`);
}

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

/** The modules this run moved (new path under src/): their relative imports were written at the old place. */
const movedNow = new Set();

function move(from, to) {
  const a = join(src, `${from}.ts`);
  const b = join(src, `${to}.ts`);
  if (!existsSync(a)) return;
  movedNow.add(`${to}.ts`);
  if (existsSync(b)) throw new Error(`both ${from}.ts and ${to}.ts exist: merge them by hand`);
  mkdirSync(dirname(b), { recursive: true });
  try {
    git('mv', a, b);
  } catch {
    renameSync(a, b);
  }
}

for (const [from, to] of Object.entries(MOVES)) {
  move(from, to);
  move(`${from}.test`, `${TEST_MOVES[from] ?? to}.test`);
}
for (const [from, to] of Object.entries(TEST_MOVES)) move(`${from}.test`, `${to}.test`);

// Where a module at a new place was when its relative imports were written.
const oldPlace = new Map(Object.entries(MOVES).map(([from, to]) => [`${to}.ts`, `${from}.ts`]));
for (const [from, to] of Object.entries(TEST_MOVES)) oldPlace.set(`${to}.test.ts`, `${from}.test.ts`);
for (const [from, to] of Object.entries(MOVES)) {
  if (!TEST_MOVES[from]) oldPlace.set(`${to}.test.ts`, `${from}.test.ts`);
}
const newPlace = (path) => {
  const bare = path.replace(/\.ts$/, '');
  return MOVES[bare] ? `${MOVES[bare]}.ts` : path;
};

const SUBPATH = /@saldo\/contract\/([a-z0-9][a-z0-9/-]*)(?![a-z0-9/.-])/g;
const FILE = /contract\/src\/([a-z0-9][a-z0-9/-]*)\.ts\b/g;
/** The same subpath inside a regular expression literal: `@saldo\/contract\/widgets`. */
const ESCAPED = /@saldo\\\/contract\\\/([a-z0-9-]+(?:\\\/[a-z0-9-]+)*)(?![a-z0-9-]|\\\/)/g;
const RELATIVE = /(\bfrom\s+|\bimport\s*\(\s*|^import\s+|^export\s+\*\s+from\s+)(['"])(\.{1,2}\/[^'"]+)\2/gm;

function rewriteRelative(path, text) {
  const at = posix.dirname(path);
  const was = posix.dirname(oldPlace.get(path) ?? path);
  return text.replace(RELATIVE, (whole, lead, quote, spec) => {
    // A module moved by an earlier run (or another branch's edit merged into it) keeps what resolves.
    if (!movedNow.has(path) && existsSync(join(src, at, spec))) return whole;
    const target = newPlace(posix.normalize(posix.join(was, spec)));
    if (!existsSync(join(src, target))) return whole;
    let next = posix.relative(at, target);
    if (!next.startsWith('.')) next = `./${next}`;
    return `${lead}${quote}${next}${quote}`;
  });
}

const SOURCE = /\.(ts|tsx|mts|mjs|js|md)$/;
const files = git('ls-files', '--cached', '--others', '--exclude-standard')
  .split('\n')
  .filter(
    (f) => SOURCE.test(f) && !f.includes('node_modules/') && f !== 'server/test-tools/codemods/contract-folders.mjs',
  )
  .filter((f) => existsSync(join(root, f)));

const changed = [];
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8');
  let next = text
    .replace(SUBPATH, (whole, sub) => (MOVES[sub] ? `@saldo/contract/${MOVES[sub]}` : whole))
    .replace(FILE, (whole, sub) => (MOVES[sub] ? `contract/src/${MOVES[sub]}.ts` : whole))
    .replace(ESCAPED, (whole, sub) => {
      const to = MOVES[sub.replaceAll('\\/', '/')];
      return to ? `@saldo\\/contract\\/${to.replaceAll('/', '\\/')}` : whole;
    });
  if (file.startsWith('server/contract/src/') && file.endsWith('.ts')) {
    next = rewriteRelative(relative(src, join(root, file)).split('\\').join('/'), next);
  }
  if (next !== text) {
    writeFileSync(join(root, file), next);
    changed.push(file);
  }
}
console.log(`contract-folders: ${changed.length} file(s) rewritten`);
// The new paths sort differently: `npx biome check --write <these>` puts their imports in order again.
for (const file of changed) console.log(file);
