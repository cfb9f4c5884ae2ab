// Prints raw and gzip -9 sizes of every built file, embed bundle first, then what a page loads.
// Run after `npm run build`; fails when the embed bundle is over budget, or uPlot is loaded eagerly.
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { rollup } from 'rollup';
import { DIST as dist, EMBED, EMBED_CHART, gzipSize, pageLoad, staticGraph, TOP_LIST_PAGE } from './bundle-measure.mjs';

// The limit for the IIFE with every element.
const BUDGET_GZIP = 45 * 1024;
// Issue 13: the embed bundle smaller than it was then (44.8 KB gzip -9).
const TARGET_GZIP = 44.8 * 1024;

async function jsFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => null);
  if (!entries) throw new Error(`${dir} not found; run \`npm run build -w @saldo/sdk\` first`);
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
    ),
  );
  return nested.flat();
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const files = (await jsFiles(dist)).map((file) => relative(dist, file));
const first = [EMBED, EMBED_CHART];
const rank = (f) => (first.includes(f) ? first.indexOf(f) : first.length);
files.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const kinds = { [EMBED]: 'IIFE (all deps)', [EMBED_CHART]: 'ESM (uPlot, on demand)' };

const rows = [];
for (const file of files) {
  const bytes = await readFile(join(dist, file));
  rows.push({
    file,
    kind: kinds[file] ?? (file.startsWith('cdn/') ? 'ESM (deps bundled)' : 'ESM (deps external)'),
    raw: bytes.length,
    gzip: gzipSize(bytes),
  });
}

const header = ['file', 'kind', 'raw', 'gzip -9'];
const table = rows.map((r) => [r.file, r.kind, kb(r.raw), kb(r.gzip)]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table) console.log(line(row));

// What the embed is made of: each library bundled alone (ESM, minified like the embed) so the
// SDK's own share can be read off. `lit (ReactiveElement)` is the part of lit the SDK imports.
const libraries = {
  lit: "export * from 'lit';",
  'lit (ReactiveElement)': "export { ReactiveElement, unsafeCSS } from 'lit';",
  'preact + hooks': "export * from 'preact'; export * from 'preact/hooks';",
  uPlot: "export { default } from 'uplot';",
};
const VIRTUAL = '\0library-entry';
async function librarySize(code) {
  const bundle = await rollup({
    input: VIRTUAL,
    treeshake: { moduleSideEffects: (id) => !/[\\/]node_modules[\\/](lit-html|lit-element)[\\/]/.test(id) },
    plugins: [
      { name: 'entry', resolveId: (id) => (id === VIRTUAL ? id : null), load: (id) => (id === VIRTUAL ? code : null) },
      nodeResolve({ browser: true }),
      terser({ ecma: 2020, compress: { passes: 2 }, format: { comments: false } }),
    ],
  });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  const bytes = Buffer.from(output[0].code);
  return { raw: bytes.length, gzip: gzipSize(bytes) };
}
const libRows = [];
for (const [name, code] of Object.entries(libraries)) {
  const size = await librarySize(code);
  libRows.push([name, kb(size.raw), kb(size.gzip)]);
}
console.log('\nlibraries alone (rollup + terser):');
const libWidths = [0, 1, 2].map((i) => Math.max(...libRows.map((r) => r[i].length)));
for (const row of libRows) {
  console.log(
    `  ${row[0].padEnd(libWidths[0])}  ${row[1].padStart(libWidths[1])}  ${row[2].padStart(libWidths[2])} gzip -9`,
  );
}

// The script-tag bundle: alone (a page without a chart), the chart code it fetches on demand, and
// both (a page with a chart).
const embed = rows.find((r) => r.file === EMBED);
const embedChart = rows.find((r) => r.file === EMBED_CHART);
if (!embed || !embedChart) {
  console.error(`\n${embed ? EMBED_CHART : EMBED} missing`);
  process.exit(1);
}
{
  const cols = [
    ['', 'raw', 'gzip -9'],
    [`${EMBED} alone`, kb(embed.raw), kb(embed.gzip)],
    [`${EMBED_CHART} (on demand)`, kb(embedChart.raw), kb(embedChart.gzip)],
    ['IIFE + chart (a page with a chart)', kb(embed.raw + embedChart.raw), kb(embed.gzip + embedChart.gzip)],
  ];
  const w = cols.map((c) => Math.max(...c.map((cell) => cell.length)));
  console.log('\nscript-tag bundle, side by side:');
  for (const row of [0, 1, 2]) {
    console.log(`  ${cols.map((c, i) => (i === 0 ? c[row].padEnd(w[i]) : c[row].padStart(w[i]))).join('  |  ')}`);
  }
}
const target = embed.gzip < TARGET_GZIP ? 'under' : 'NOT under';
console.log(
  `\nembed budget: ${kb(embed.gzip)} of ${kb(BUDGET_GZIP)} gzip -9 (IIFE with every element); ${target} issue 13's target of ${kb(TARGET_GZIP)}`,
);
if (embed.gzip > BUDGET_GZIP) process.exit(1);

// uPlot in a file: imported by name (the ESM for bundlers keeps it external) or bundled, found by an
// event name of its own that minifying keeps (its other names are mangled).
function carriesUplot(file) {
  const src = readFileSync(resolve(dist, file), 'utf8');
  return /(?:from|import)\s*['"]uplot['"]/.test(src) || src.includes('dppxchange');
}

// Nothing loads uPlot eagerly: no entry (the IIFE, index/register/react, every define/ and cdn/
// module) reaches it through static imports; only the chart module holds it, loaded by import().
{
  const entries = files.filter(
    (f) =>
      f === EMBED || /^(index|register|react)\.js$/.test(f) || /^(cdn\/)?define\//.test(f) || f === 'cdn/configure.js',
  );
  const eager = entries.flatMap((entry) =>
    staticGraph(entry)
      .files.filter(carriesUplot)
      .map((f) => `${entry} → ${f}`),
  );
  const holders = files.filter(carriesUplot);
  console.log(`\nuPlot is only in: ${holders.join(', ')}`);
  console.log(
    `uPlot loaded eagerly by an entry (${entries.length} entries): ${eager.length ? eager.join(', ') : 'no'}`,
  );
  if (!holders.includes(EMBED_CHART) || eager.length) process.exit(1);
  // The chart module stands alone: a page with the IIFE loads this one file more, no chunk beside it.
  if (staticGraph(EMBED_CHART).files.length !== 1) {
    console.error(`${EMBED_CHART} imports other files`);
    process.exit(1);
  }
}

// One element's ESM entry must load the shared core and that element only: walk its static
// imports and fail if another element's code (a chunk named after another tag) comes along.
{
  const { files, gzip } = staticGraph('define/saldo-turnover.js');
  console.log(
    `\none element (define/saldo-turnover.js) loads ${files.length} files, ${kb(gzip)} gzip -9 before lit/preact/uPlot:`,
  );
  for (const f of files) console.log(`  ${f}`);
  const others = files.filter((f) =>
    /top-list|profit-loss|balance-sheet|cash-flow|mrr|employees|consolidation|ai-widget|custom-widget/.test(f),
  );
  if (others.length) {
    console.error(`other elements' code is loaded too: ${others.join(', ')}`);
    process.exit(1);
  }
}

// A partner page showing one top list through <script type="module"> (dist/cdn/, every dependency
// bundled): configure.js and the element's module with everything they import, lit and preact
// included; uPlot must not be among it.
{
  const PAGE_BUDGET_GZIP = 20 * 1024;
  const { files, gzip } = pageLoad(TOP_LIST_PAGE);
  const chart = files.filter((f) => /uplot/i.test(f) || carriesUplot(f));
  console.log(
    `\na page with one top list (${TOP_LIST_PAGE.join(' + ')}) loads ${files.length} files, ${kb(gzip)} gzip -9 in all (budget ${kb(PAGE_BUDGET_GZIP)}):`,
  );
  for (const f of files) console.log(`  ${f}`);
  console.log(`  uPlot loaded: ${chart.length ? chart.join(', ') : 'no'}`);
  if (gzip > PAGE_BUDGET_GZIP || chart.length) process.exit(1);
}
