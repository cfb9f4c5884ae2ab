import { reportApi } from '@saldo/contract/api/reports';
import { bookedPart, comparedRange } from '@saldo/contract/period/booked';
import { withResultBeforeTax } from '@saldo/contract/statements/index';
import type { Context } from 'hono';
import { type Access, menu, RANGE_VIEW, viewer } from '../../access/rules.ts';
import { buildBalanceSheet } from '../../engine/balance-sheet.ts';
import { buildCashFlow } from '../../engine/cash-flow.ts';
import { type BoardRange, boardRange } from '../../http/board-range.ts';
import { type Period, parsePeriod } from '../../http/period.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { bookedMonthCount, lastBookedMonth, openingMonthsField } from '../../ledger/booked.ts';
import { createPromiseCache as createReportCache } from '../../ledger/cache.ts';
import { dataVersionKey } from '../../ledger/data-version.ts';
import { ledgerHistory } from '../../ledger/movements.ts';
import { actualProfitLoss } from '../../ledger/profit-loss.ts';
import { mrrCustomers } from '../../ledger/recurring-revenue.ts';
import { accountTitles } from '../../ledger/titles.ts';
import { boardFiscalYearStart } from '../boards/periods.ts';
import { budgetStatement } from '../budgets/statement.ts';
import { postingsPage } from './queries.ts';
import { voucherLink } from './voucher-link.ts';

type Kind = 'profit-loss' | 'balance-sheet' | 'cashflow';

/** The statements' computing and caches, one set per app (the caches are sized by its deps). */
const reportsOf = perApp((deps: RouteDeps) => {
  const { db } = deps;
  const cache = createReportCache<unknown>(deps.reportCacheEntries ?? 500);
  // A statement as the route sends it, as text: every client of a board asks for the same few, and
  // turning one into JSON cost more CPU than the rest of the call (50-90 kB each, so fewer kept).
  const answers = createReportCache<string>(Math.min(deps.reportCacheEntries ?? 100, 100));
  // A drill-down's page as the route sends it: the dashboard's drill-downs are asked by every client
  // alike, and reading and writing out its 50 postings cost three times a widget's call.
  const pages = createReportCache<string>(Math.min(deps.reportCacheEntries ?? 200, 200));
  const links = voucherLink(deps.tripletexBaseUrl);

  const profitLoss = (sources: string[], period: Period, deduct: number[]) =>
    actualProfitLoss(db, sources, period, deduct);

  async function compute(kind: Kind, sources: string[], period: Period, deduct: number[]): Promise<unknown> {
    if (kind === 'profit-loss') return profitLoss(sources, period, deduct);
    if (kind === 'cashflow') {
      // The result before tax as the P&L of the period shows it (footing.ts: the P&L is footed first).
      const [history, pl] = await Promise.all([
        ledgerHistory(db, sources, period, deduct),
        profitLoss(sources, period, deduct),
      ]);
      return withResultBeforeTax(buildCashFlow(history, period), pl);
    }
    const history = await ledgerHistory(db, sources, period, deduct);
    return buildBalanceSheet(history, await accountTitles(db, sources), period);
  }

  /**
   * The report, and its comparison period's when asked for; served from the cache while the data is
   * unchanged. Each says the board's last booked month; a balance sheet stops at it (its columns are
   * headed by the date their figures are for), and a comparison covers the same months as the booked
   * part of the period (like for like), or for 'yearEnd' the whole fiscal year before the one holding the
   * booked part's end (`fiscalYearStart`, the board's setting).
   */
  async function report(kind: Kind, range: BoardRange, fiscalYearStart: number) {
    const version = await dataVersionKey(db, range.sources);
    const last = await lastBookedMonth(db, range.sources);
    const run = async (period: Period) => {
      const shown = kind === 'balance-sheet' ? { ...period, ...bookedPart(period, last) } : period;
      const computed = await cache.getOrCompute(
        [kind, version, shown.startDate, shown.endDate, range.deduct.join('+')].join('|'),
        () => compute(kind, range.sources, { ...shown, months: [...shown.months] }, range.deduct),
      );
      // A month it shows that holds only a file's opening balances says so (openingMonths).
      return {
        ...(computed as Record<string, unknown>),
        lastBookedMonth: last,
        ...(await openingMonthsField(db, range.sources, shown.months)),
      };
    };
    const main = await run(range.period);
    if (!range.compare) return main;
    if (range.compare === 'budget')
      return { ...main, comparison: await budgetStatement(db, kind, range, bookedPart(range.period, last)) };
    const other = comparedRange(range.period, range.compare, last, fiscalYearStart);
    const [comparison, bookedMonths] = await Promise.all([
      run(parsePeriod(other.startDate, other.endDate)),
      bookedMonthCount(db, range.sources, other.startDate.slice(0, 7), other.endDate.slice(0, 7)),
    ]);
    return { ...main, comparison: { ...comparison, bookedMonths } };
  }

  /**
   * report()'s answer as JSON, kept by everything it depends on: the sources at their data versions,
   * the period, the deducted accounts, the comparison (for 'yearEnd' with the board's fiscal year start)
   * and the last booked month. Not with the budget, which changes without a sync.
   */
  async function reportJson(kind: Kind, range: BoardRange): Promise<string> {
    // Last year's end is the board's fiscal year's: a setting that changes without a sync, so in the key.
    const fiscalYearStart = range.compare === 'yearEnd' ? await boardFiscalYearStart(db, range.boardId) : 1;
    if (range.compare === 'budget') return JSON.stringify(await report(kind, range, fiscalYearStart));
    const [version, last] = await Promise.all([dataVersionKey(db, range.sources), lastBookedMonth(db, range.sources)]);
    const { startDate, endDate } = range.period;
    const compared = range.compare === 'yearEnd' ? `yearEnd@${fiscalYearStart}` : (range.compare ?? '');
    const key = [kind, version, startDate, endDate, range.deduct.join('+'), compared, last ?? ''].join('|');
    return answers.getOrCompute(key, async () => JSON.stringify(await report(kind, range, fiscalYearStart)));
  }

  return { reportJson, pages, links };
});

/** The JSON of a statement, as c.json would send it. */
const sendJson = (c: Context, json: string) => c.body(json, 200, { 'Content-Type': 'application/json' });

const STATEMENTS = {
  'profit-loss': reportApi.profitLoss,
  'balance-sheet': reportApi.balanceSheet,
  cashflow: reportApi.cashflow,
} as const;

/** A statement: read by its menu's users with the board's view right, and by a link or a token that shares it. */
const statement = (kind: Kind, access: Access) =>
  serve(STATEMENTS[kind], access, async (c, deps) =>
    sendJson(c, await reportsOf(deps).reportJson(kind, await boardRange(deps, c, c.req.valid('query')))),
  );

export const reportRoutes = [
  statement('profit-loss', viewer('ProfitLoss', { page: 'profitloss', element: 'profit-loss' })),
  statement('balance-sheet', viewer('BalanceSheet', { page: 'balancesheet', element: 'balance-sheet' })),
  statement('cashflow', viewer('Cashflow', { page: 'cashflow', element: 'cash-flow' })),
  serve(reportApi.postings, menu('Dashboard', RANGE_VIEW), async (c, deps) => {
    const { db } = deps;
    const { pages, links } = reportsOf(deps);
    const q = c.req.valid('query');
    const { sources, period, deduct } = await boardRange(deps, c, {
      groupId: q.groupId,
      startDate: q.from,
      endDate: q.to,
      consolidated: q.consolidated === 'eliminations' ? 'true' : q.consolidated,
    });
    const accounts = (q.account ? q.account.split(',') : []).map((part) => {
      const [from, to = from] = part.split('-').map(Number) as [number, number?];
      return { from, to };
    });
    const page = async () => {
      const customers = q.mrr ? await mrrCustomers(db, sources, period.months[0]!, q.mrr, accounts[0]!) : undefined;
      const [listed, openings] = await Promise.all([
        postingsPage(
          db,
          sources,
          {
            accounts,
            accountId: q.accountId,
            party: q.party !== undefined && q.partyKind ? { kind: q.partyKind, id: q.party } : undefined,
            apiAccountId: q.apiAccountId,
            customers,
            voucher: q.voucher,
            period,
            deduct,
            eliminations: q.consolidated === 'eliminations',
            balance: q.balance === 'true',
            order: q.order,
          },
          q.page,
          q.pageSize,
          links,
        ),
        openingMonthsField(db, sources, period.months),
      ]);
      return { ...listed, ...openings };
    };
    // Kept by the sources' data versions: a page reads only the ledger (and each source's provider,
    // fixed at its creation, for the voucher links), so a sync's new data is another key at once.
    const key = JSON.stringify([await dataVersionKey(db, sources), sources, deduct, q]);
    return sendJson(c, await pages.getOrCompute(key, async () => JSON.stringify(await page())));
  }),
];
