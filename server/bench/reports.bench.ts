/**
 * Report endpoints at size: a board of 5 API accounts with 1 000 000 postings in total over 24 months.
 * Prints, per endpoint, the p50/p95 latency over HTTP (uncached: the engine path every first request
 * takes; and cached), next to the floor (the same monthly-balance SQL the endpoint runs, read bare)
 * and a naive GROUP BY over the raw postings.
 * Usage: npm run bench:reports -w @saldo/server [total postings]
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../src/app.ts';
import { parsePeriod } from '../src/http/period.ts';
import { ledgerHistory, monthlyMovements } from '../src/ledger/movements.ts';
import { logTo } from '../src/ops/log.ts';
import { DEMO_USER } from '../src/seed.ts';
import { millionBoard, SOURCES } from './million-board.ts';
import { percentile, timedRuns } from './timing.ts';

// The app runs in this process: its access lines (one per request) would bury the figures.
logTo(process.stdout, 'warn');

const TOTAL = Number(process.argv[2] ?? 1_000_000);
const { db, client, makeDeps: make, boardId, sources, postingCount, last } = await millionBoard(TOTAL);

// A year in the middle of the data: the balance sheet and cash flow also read everything before it.
const year = last.getUTCFullYear() - (last.getUTCMonth() === 11 ? 0 : 1);
const period = parsePeriod(`${year}-01-01`, `${year}-12-31`);
const query = `groupId=${boardId}&startDate=${period.startDate}&endDate=${period.endDate}`;

async function latencies(run: () => Promise<unknown>, n: number): Promise<{ p50: number; p95: number }> {
  const times = await timedRuns(run, n, 3);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function server(reportCacheEntries: number) {
  const app = createApp(make(reportCacheEntries));
  const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as import('node:http').Server;
  // The slow naive queries run between HTTP rounds; a short keep-alive would close the client's
  // pooled connection under it (ECONNRESET).
  s.keepAliveTimeout = 120_000;
  await new Promise((r) => s.once('listening', r));
  const base = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password }),
  });
  const { jwtToken } = (await login.json()) as { jwtToken: string };
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}?${query}`, { headers: { authorization: `Bearer ${jwtToken}` } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return { get, close: () => new Promise((r) => s.close(r)) };
}

const placeholders = sources.map(() => '?').join(',');
const naive = {
  // What a report over raw postings would have to do: group every posting of the period (and, for the
  // balance sheet and cash flow, everything before it) by account and month.
  '/api/profit-loss': () =>
    client.execute({
      sql: `select account_number, substr(date, 1, 7) as month, sum(amount) from posting where api_account_id in (${placeholders}) and date between ? and ? and account_number between 3000 and 8399 group by account_number, month`,
      args: [...sources, period.startDate, period.endDate],
    }),
  history: () =>
    client.execute({
      sql: `select account_number, case when date < ? then 'before' else substr(date, 1, 7) end as month, sum(amount) from posting where api_account_id in (${placeholders}) and date <= ? group by account_number, month`,
      args: [period.startDate, ...sources, period.endDate],
    }),
};
const floor = {
  '/api/profit-loss': () =>
    monthlyMovements(db, sources, { first: period.months[0]!, last: period.months.at(-1)! }, { from: 3000, to: 8399 }),
  history: () => ledgerHistory(db, sources, period),
};

const uncached = await server(0);
const cached = await server(500);
const rows: string[][] = [];
for (const path of ['/api/profit-loss', '/api/balance-sheet', '/api/cashflow'] as const) {
  const key = path === '/api/profit-loss' ? path : 'history';
  const f = await latencies(floor[key], 30);
  const nv = await latencies(naive[key], 5);
  const u = await latencies(() => uncached.get(path), 30);
  const c = await latencies(() => cached.get(path), 200);
  rows.push([
    path,
    u.p50.toFixed(1),
    u.p95.toFixed(1),
    c.p50.toFixed(2),
    c.p95.toFixed(2),
    f.p50.toFixed(1),
    nv.p50.toFixed(0),
    `${(u.p50 / f.p50).toFixed(1)}×`,
    `${(nv.p50 / u.p50).toFixed(0)}×`,
  ]);
}
await uncached.close();
await cached.close();

console.log(
  `\nReport endpoints: ${SOURCES} API accounts, ${Number(postingCount).toLocaleString('en').replace(/,/g, ' ')} postings, 24 months; ${period.startDate}..${period.endDate} (Node ${process.version})\n`,
);
const head = [
  'endpoint',
  'p50 ms',
  'p95 ms',
  'cached p50',
  'cached p95',
  'floor p50',
  'naive p50',
  'p50 / floor',
  'naive / p50',
];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(line(head));
console.log('-'.repeat(line(head).length));
for (const r of rows) console.log(line(r));
console.log('\nfloor: the monthly-balance SQL the endpoint runs, read bare; naive: GROUP BY over raw postings.');
console.log('targets: p50 within 3× the floor, and at least 20× faster than naive (uncached).');
client.close();
