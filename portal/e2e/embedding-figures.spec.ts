import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { embeddingFigures } from '../../sdk/scripts/bundle-measure.mjs';

/**
 * Issue 31: docs/embedding.md's bundle sizes are what the SDK's bench measures on the built files
 * (`npm run bench -w @saldo/sdk` prints them through the same functions). Here, after the build, rather
 * than in the unit tests, which run before it. A figure more than TOLERANCE off fails, naming the row.
 */
const TOLERANCE_KB = 1;
const ROWS = {
  embed: '`saldo-embed.iife.js`',
  chart: '`saldo-embed-chart.js`',
  topListPage: 'a page with one top list',
} as const;

test('the embedding guide gives the bundle sizes the bench measures', () => {
  const doc = readFileSync(new URL('../../docs/embedding.md', import.meta.url), 'utf8');
  const table = doc.split('<!-- bundle-sizes:')[1];
  expect(table, 'docs/embedding.md lost its bundle-sizes table').toBeDefined();
  const measured = embeddingFigures();
  const off: string[] = [];
  for (const [key, label] of Object.entries(ROWS) as [keyof typeof ROWS, string][]) {
    const row = table!.split('\n').find((line) => line.startsWith(`| ${label}`));
    const quoted = Number(row?.match(/\|\s*([\d.]+) KB \|\s*$/)?.[1]);
    const actual = measured[key] / 1024;
    if (!row || Number.isNaN(quoted)) off.push(`${label}: no row with a size in KB`);
    else if (Math.abs(quoted - actual) > TOLERANCE_KB)
      off.push(
        `${label}: the guide says ${quoted} KB, the build weighs ${actual.toFixed(1)} KB (npm run bench -w @saldo/sdk)`,
      );
  }
  expect(off).toEqual([]);
});
