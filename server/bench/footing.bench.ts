/**
 * How long a statement takes to foot (controlled rounding, @saldo/contract/statements/index): a P&L of 180
 * accounts over 12 months, the cash flow of the same ledger with the P&L's result before tax fixed in
 * it, and its balance sheet, each built N times from the same report; prints the median and the
 * slowest wall time, the median CPU time, and how many fallbacks the footing took (footing.ts). The same code
 * runs on the SDK's main thread, so this is what a statement element costs there too. Seeded, so every
 * run foots the same tables.
 * Usage: npx tsx bench/footing.bench.ts   (part of npm run bench -w @saldo/server)
 */
import {
  buildBalanceSheetModel,
  buildCashFlowModel,
  buildProfitLossModel,
  withResultBeforeTax,
} from '@saldo/contract/statements/index';
import { buildBalanceSheet } from '../src/engine/balance-sheet.ts';
import { buildCashFlow } from '../src/engine/cash-flow.ts';
import { buildProfitLoss, type MonthlyMovement } from '../src/engine/profit-loss.ts';
import { parsePeriod } from '../src/http/period.ts';

const ACCOUNTS = 180;
const RUNS = 30;

/** mulberry32: a small seeded generator, so the tables are the same every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(26);
const period = parsePeriod('2026-01-01', '2026-12-31');
// P&L accounts spread over 3000-8399 (revenue, costs, financial lines, tax), each with its other side
// on a balance account (receivables, payables, cash, debt), with odd øre so rounding on its own fails.
const places = Array.from({ length: ACCOUNTS }, (_, i) => 3000 + Math.floor((i * 5400) / ACCOUNTS));
const balance = [1500, 1920, 2400, 2600, 2200, 1200];
const movements: MonthlyMovement[] = [];
for (const month of period.months)
  for (const accountNumber of places) {
    const size = accountNumber < 4000 ? -1 : 1;
    const amount = size * Math.floor(next() * 250_000_00) + (next() < 0.2 ? 50 : 0);
    movements.push({ month, accountNumber, amount });
    movements.push({ month, accountNumber: balance[Math.floor(next() * balance.length)]!, amount: -amount });
  }
const history = { before: [{ accountNumber: 1920, amount: 1_234_567_89 }], fromMonth: '2026-01', movements };
const profitLoss = buildProfitLoss(movements, new Map(), period);
const cashFlow = withResultBeforeTax(buildCashFlow(history, period), profitLoss);
const balanceSheet = buildBalanceSheet(history, new Map(), period);

/**
 * Median and slowest wall time of RUNS builds, and the median CPU time (user + system) of this process
 * over a build: on a shared machine the CPU time is the steadier figure.
 */
function time(build: () => unknown) {
  for (let i = 0; i < 5; i++) build(); // warm-up: the first runs compile
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const used = process.cpuUsage();
    build();
    const { user, system } = process.cpuUsage(used);
    ms.push(performance.now() - started);
    cpu.push((user + system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { median: median(ms), max: Math.max(...ms), cpu: median(cpu) };
}

const pl = time(() => buildProfitLossModel(profitLoss));
const cf = time(() => buildCashFlowModel(cashFlow));
const bs = time(() => buildBalanceSheetModel(balanceSheet));
const plModel = buildProfitLossModel(profitLoss);
const cfModel = buildCashFlowModel(cashFlow);
const bsModel = buildBalanceSheetModel(balanceSheet);
const f = (x: number) => x.toFixed(1);
console.log(
  `footing: ${ACCOUNTS} accounts × ${period.months.length} months P&L foots in ${f(pl.median)} ms (median of ${RUNS}, slowest ${f(pl.max)}; CPU ${f(pl.cpu)} ms), cash flow ${f(cf.median)} ms (slowest ${f(cf.max)}; CPU ${f(cf.cpu)} ms), balance sheet ${f(bs.median)} ms (CPU ${f(bs.cpu)} ms); fallbacks ${plModel.fallbacks + cfModel.fallbacks + bsModel.fallbacks}`,
);
