/**
 * The bounds a budget file is read within (issue 25, finding 1), and the time and heap it takes to refuse
 * the probe's workbook (1 500 rows, one cell each in column XFD; ExcelJS's model filled a 4 GB heap with
 * it) through the import route. Prints figures; asserts nothing.
 * Usage: npx tsx bench/file-bounds.bench.ts   (part of npm run bench -w @saldo/server)
 */
import { BUDGET_FILE_BOUNDS } from '../src/features/budgets/file-bounds.ts';
import { createTestApp } from '../src/test/create-test-app.ts';
import { handMade } from '../src/test/hand-made-xlsx.ts';
import { gc } from '../src/test/heap.ts';

const t = await createTestApp();
const token = (await t.login()).jwtToken;
const rows = Array.from({ length: 1500 }, (_, i) => `<row r="${i + 1}"><c r="XFD${i + 1}"><v>1</v></c></row>`);
const file = handMade(rows.join(''));
const send = () =>
  t.request(`/api/budgets/${t.boardId}/import`, {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    body: file,
  });

await send(); // warm the route and the modules
const runs: Array<{ ms: number; heap: number; status: number }> = [];
for (let i = 0; i < 5; i++) {
  gc();
  const heap = process.memoryUsage().heapUsed;
  const started = performance.now();
  const res = await send();
  const ms = performance.now() - started;
  runs.push({ ms, heap: process.memoryUsage().heapUsed - heap, status: res.status });
  await res.arrayBuffer();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const b = BUDGET_FILE_BOUNDS;
console.log(
  `budget import bound: ${b.rows} rows × ${b.columns} columns, ${b.unpackedBytes / 1024 / 1024} MB unpacked, ${b.millis / 1000} s; ` +
    `1 500 × XFD workbook (${(file.length / 1024).toFixed(1)} KB) refused (${runs[0]!.status}) in ${median(runs.map((r) => r.ms)).toFixed(1)} ms ` +
    `(median of ${runs.length}; heap +${(Math.max(...runs.map((r) => r.heap)) / 1024 / 1024).toFixed(1)} MB at most, garbage included)`,
);
process.exit(0);
