// What the SDK's built files weigh, as `npm run bench -w @saldo/sdk` prints it and docs/embedding.md quotes it
// (portal/e2e/embedding-figures.spec.ts holds the guide's figures to these functions, after the build).
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
export const EMBED = 'saldo-embed.iife.js';
// The chart code the embed bundle imports from beside itself when an element first draws a chart.
export const EMBED_CHART = 'saldo-embed-chart.js';
// The ES modules a partner page with one top list loads over /sdk/cdn/.
export const TOP_LIST_PAGE = ['cdn/configure.js', 'cdn/define/saldo-top-customers.js'];

/** gzip -9, the size the bench and the guide give. */
export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** A built file's raw and gzip -9 size. */
export function fileSize(file, dist = DIST) {
  const bytes = readFileSync(resolve(dist, file));
  return { raw: bytes.length, gzip: gzipSize(bytes) };
}

/** What a module and everything it imports statically weigh (dynamic imports are loaded only when used). */
export function staticGraph(entry, dist = DIST) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]|import\s*['"](\.[^'"]+)['"]/g)) {
      walk(resolve(dirname(file), m[1] ?? m[2]));
    }
  };
  walk(resolve(dist, entry));
  const files = [...seen].map((f) => relative(dist, f));
  const gzip = [...seen].reduce((s, f) => s + gzipSize(readFileSync(f)), 0);
  return { files, gzip };
}

/** Every file the given entries load through static imports, each once, and their gzip -9 sum. */
export function pageLoad(entries, dist = DIST) {
  const files = [...new Set(entries.flatMap((e) => staticGraph(e, dist).files))];
  const gzip = files.reduce((sum, f) => sum + gzipSize(readFileSync(resolve(dist, f))), 0);
  return { files, gzip };
}

/** The three figures of the embedding guide, in bytes gzip -9. */
export function embeddingFigures(dist = DIST) {
  return {
    embed: fileSize(EMBED, dist).gzip,
    chart: fileSize(EMBED_CHART, dist).gzip,
    topListPage: pageLoad(TOP_LIST_PAGE, dist).gzip,
  };
}
