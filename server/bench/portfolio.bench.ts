/**
 * The portfolio at size: GET /api/portfolio for an owner of 50, 500 and 2 000 boards, each a generated
 * company with a year of postings (plus its opening balances) and a year's budget. Prints one line per
 * size: `portfolio N boards: p50 X ms, p99 Y ms` (against last year), and one against the budget:
 * `portfolio N boards against the budget: p50 X ms, p99 Y ms`. Target: p50 ≤ 300 ms at 500 boards,
 * growing no worse than linearly. Then, with 20 alert rules of the owner over all boards, what the alert evaluation that
 * follows each sync (features/alerts/after-sync.ts) adds to a sync of one source:
 * `alert evaluation adds X ms to a sync (p50, 20 rules; p99 Y ms)`.
 *
 * The companies are written as the sync leaves them: their postings summed per account and month into
 * the monthly balances of a live ledger version, then the month summary made by the sync's own
 * summariser (ledger/month-summary-read.ts summariseVersion). The posting rows themselves are not
 * written: the portfolio never reads them, and writing 2 000 companies' would take minutes.
 *
 * Usage: npm run bench:portfolio -w @saldo/server [sizes, e.g. 50,500]
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { ALERT_COMPARISONS, ALERT_METRICS } from '@saldo/contract/kpis/alerts';
import { sql } from 'drizzle-orm';
import { createApp } from '../src/app.ts';
import { prng } from '../src/connectors/demo/demo-ledger.ts';
import {
  alertRule,
  apiAccount,
  board,
  boardApiAccount,
  budget,
  ledgerVersion,
  monthlyBalance,
} from '../src/db/schema/index.ts';
import { evaluateAfterSync } from '../src/features/alerts/after-sync.ts';
import { summariseVersion } from '../src/ledger/month-summary-read.ts';
import { logTo } from '../src/ops/log.ts';
import { createTestApp } from '../src/test/create-test-app.ts';
import { percentile, timedRuns } from './timing.ts';

// The app runs in this process: its access lines (one per request) would bury the figures.
logTo(process.stdout, 'warn');

const SIZES = (process.argv[2] ?? '50,500,2000').split(',').map(Number);
const YEAR = 2025;
const MONTHS = Array.from({ length: 12 }, (_, i) => `${YEAR}-${String(i + 1).padStart(2, '0')}`);
const POSTINGS_PER_MONTH = 120;

/** Balanced two-line postings a small company books: [debit account, credit account, share of its size]. */
const KINDS: ReadonlyArray<[number, number, number]> = [
  [1500, 3000, 1], // sale on credit
  [1920, 1500, 0.9], // customer pays
  [4000, 2400, 0.4], // goods bought
  [2400, 1920, 0.38], // supplier paid
  [5000, 1920, 0.25], // wages
  [6300, 1920, 0.06], // rent
  [6800, 2400, 0.03], // office costs
  [8150, 1920, 0.005], // interest
  [6000, 1200, 0.01], // depreciation
];

/** A company's monthly balances (account → month → øre, debit positive): its opening balances and a year of postings. */
function company(seed: number): Array<{ number: number; month: string; amount: number }> {
  const next = prng(seed);
  const size = Math.round(50_000_00 + next() * 2_000_000_00);
  const sums = new Map<string, number>();
  const add = (number: number, month: string, amount: number) =>
    sums.set(`${number}|${month}`, (sums.get(`${number}|${month}`) ?? 0) + amount);
  const opening = `${YEAR - 1}-12`;
  add(1200, opening, size * 2);
  add(1920, opening, size);
  add(2000, opening, -size * 2);
  add(2250, opening, -size);
  for (const month of MONTHS)
    for (let p = 0; p < POSTINGS_PER_MONTH; p++) {
      const [debit, credit, share] = KINDS[p % KINDS.length]!;
      const amount = Math.round(((size * share) / (POSTINGS_PER_MONTH / KINDS.length)) * (0.5 + next()));
      add(debit, month, amount);
      add(credit, month, -amount);
    }
  return [...sums].map(([key, amount]) => {
    const [number, month] = key.split('|') as [string, string];
    return { number: Number(number), month, amount };
  });
}

/** A year's budget of a company, as a firm's budget template holds one: a few accounts and a line, twelve months (øre, statement sign). */
function budgetOf(seed: number, boardId: string, now: Date) {
  const next = prng(seed + 7);
  const size = Math.round(50_000_00 + next() * 2_000_000_00);
  const targets: Array<[string, number]> = [
    ['3000', 1],
    ['4000', -0.4],
    ['5000', -0.25],
    ['6300', -0.06],
    ['otherOperatingExpenses', -0.03],
    ['8150', -0.005],
  ];
  return targets.flatMap(([target, share]) =>
    MONTHS.map((month) => ({ boardId, target, month, amount: Math.round(size * share), updatedAt: now })),
  );
}

const t = await createTestApp({ database: 'file' });
const { db } = t.deps;
// The plain app, without the tests' check of every answer against its schema.
const app = createApp(t.deps);
const { jwtToken } = await t.login();

let made = 0;
const sources: string[] = [];
async function addCompanies(until: number) {
  for (; made < until; made++) {
    const sourceId = randomUUID();
    sources.push(sourceId);
    const boardId = randomUUID();
    const now = new Date();
    await db
      .insert(apiAccount)
      .values({ id: sourceId, ownerId: t.userId, name: `Selskap ${made + 1}`, provider: 'saft', createdAt: now });
    const [version] = await db
      .insert(ledgerVersion)
      .values({ apiAccountId: sourceId, state: 'live', jobKey: null, changedAt: now })
      .returning({ id: ledgerVersion.id });
    const rows = company(made + 1).map((r) => ({
      apiAccountId: sourceId,
      version: version!.id,
      accountNumber: r.number,
      accountId: String(r.number),
      month: r.month,
      amount: r.amount,
    }));
    await db.batch([
      db.insert(monthlyBalance).values(rows),
      db
        .update(apiAccount)
        .set({ ledgerVersion: version!.id, dataVersion: 1, lastSyncedAt: now, number: String(900_000_000 + made) })
        .where(sql`${apiAccount.id} = ${sourceId}`),
      db
        .insert(board)
        .values({ id: boardId, ownerId: t.userId, name: `Selskap ${made + 1}`, createdAt: now, updatedAt: now }),
      db.insert(boardApiAccount).values({ boardId, apiAccountId: sourceId }),
      db.insert(budget).values(budgetOf(made + 1, boardId, now)),
    ]);
    await summariseVersion(db, sourceId, version!.id);
  }
}

async function timed(
  runs: number,
  expectRows: number,
  compare: 'lastYear' | 'budget',
): Promise<{ p50: number; p99: number }> {
  const url = `/api/portfolio?startDate=${YEAR}-01-01&endDate=${YEAR}-12-31&compare=${compare}`;
  // Timed to the answer's whole body, as a client receives it; its rows are counted once, untimed.
  const once = async () => {
    const res = await app.request(url, { headers: { authorization: `Bearer ${jwtToken}` } });
    if (res.status !== 200) throw new Error(`portfolio: ${res.status} ${await res.text()}`);
    return res.text();
  };
  const rows = (JSON.parse(await once()) as { rows: unknown[] }).rows.length;
  if (rows !== expectRows) throw new Error(`portfolio: ${rows} rows, not ${expectRows}`);
  const times = await timedRuns(once, runs);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

for (const size of SIZES) {
  const t0 = performance.now();
  await addCompanies(size);
  const generated = Math.round((performance.now() - t0) / 1000);
  // The demo company's board is the owner's too.
  const { p50, p99 } = await timed(size >= 2000 ? 20 : 40, size + 1, 'lastYear');
  console.log(
    `portfolio ${size} boards: p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms  (generated in ${generated} s)`,
  );
  const budgeted = await timed(size >= 2000 ? 20 : 40, size + 1, 'budget');
  console.log(
    `portfolio ${size} boards against the budget: p50 ${budgeted.p50.toFixed(0)} ms, p99 ${budgeted.p99.toFixed(0)} ms`,
  );
}
/** Twenty rules a firm might keep, over all its boards: every figure, each comparison, both periods. */
async function addRules() {
  const metrics = ALERT_METRICS.slice(0, 7);
  const comparisons = ALERT_COMPARISONS;
  const now = new Date();
  await db.insert(alertRule).values([
    ...Array.from({ length: 18 }, (_, i) => ({
      id: randomUUID(),
      ownerId: t.userId,
      name: `Regel ${i + 1}`,
      metric: metrics[i % metrics.length]!,
      comparison: comparisons[i % comparisons.length]!,
      threshold: i % 2 === 0 ? 0 : 10,
      period: i % 3 === 0 ? ('yearToDate' as const) : ('lastMonth' as const),
      scopeKind: 'all' as const,
      createdAt: now,
      updatedAt: now,
    })),
    ...(['dataAgeDays', 'syncFailed'] as const).map((metric) => ({
      id: randomUUID(),
      ownerId: t.userId,
      name: metric,
      metric,
      comparison: 'above' as const,
      threshold: 7,
      period: 'lastMonth' as const,
      scopeKind: 'all' as const,
      createdAt: now,
      updatedAt: now,
    })),
  ]);
}

/** The evaluation after a sync of each of `count` sources (the first one on each opens its events), timed. */
async function timedEvaluation(count: number) {
  const times: number[] = [];
  // The first one warms the process up (a server has run its first long ago), untimed.
  await evaluateAfterSync(db, sources[0]!);
  for (const source of sources.slice(1, count + 1)) {
    const t0 = performance.now();
    const judged = await evaluateAfterSync(db, source);
    times.push(performance.now() - t0);
    if (judged !== 20) throw new Error(`alerts: ${judged} rules judged, not 20`);
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length / 2)]!,
    p99: times[Math.min(times.length - 1, Math.ceil(0.99 * times.length) - 1)]!,
  };
}

await addRules();
const evaluated = await timedEvaluation(Math.min(50, sources.length));
console.log(
  `alert evaluation adds ${evaluated.p50.toFixed(1)} ms to a sync (p50, 20 rules; p99 ${evaluated.p99.toFixed(1)} ms)`,
);
rmSync(t.dataDir, { recursive: true, force: true });
process.exit(0);
