// Prints raw and gzip -9 sizes of every built file, embed bundle first.
// Run after `npm run build`; fails when the embed bundle is over budget.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const EMBED = 'saldo-embed.iife.js';
// The next issue's limit for the IIFE with every element.
const BUDGET_GZIP = 45 * 1024;

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
files.sort((a, b) => (a === EMBED ? -1 : b === EMBED ? 1 : a.localeCompare(b)));

const rows = [];
for (const file of files) {
  const bytes = await readFile(join(dist, file));
  rows.push({
    file,
    kind: file === EMBED ? 'IIFE (all deps)' : 'ESM (deps external)',
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
  });
}

const header = ['file', 'kind', 'raw', 'gzip -9'];
const table = rows.map((r) => [r.file, r.kind, kb(r.raw), kb(r.gzip)]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table) console.log(line(row));

const embed = rows.find((r) => r.file === EMBED);
if (!embed) {
  console.error(`\n${EMBED} missing`);
  process.exit(1);
}
console.log(`\nembed budget: ${kb(embed.gzip)} of ${kb(BUDGET_GZIP)} gzip -9`);
if (embed.gzip > BUDGET_GZIP) process.exit(1);
