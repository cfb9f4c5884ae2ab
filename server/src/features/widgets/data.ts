/**
 * Each widget type's data, one (db, request) function per type of the registry, keyed by type: a
 * type missing here is a type error. routes.ts mounts each at its registry path with its query
 * validator (request.ts), behind its route-table row. A new type's query may sit here beside its entry.
 */
import type { AiQueryAnswer, MrrData } from '@saldo/contract';
import { changePercent } from '@saldo/contract/numbers/variance';
import { isBooked, likeForLikeRange } from '@saldo/contract/period/booked';
import { shiftMonths } from '@saldo/contract/period/range';
import type { Db } from '../../db/client.ts';
import type { BoardRange } from '../../http/board-range.ts';
import { ApiError } from '../../http/errors.ts';
import { parsePeriod } from '../../http/period.ts';
import { bookedMonthCount, lastBookedMonth, openingMonthsField } from '../../ledger/booked.ts';
import { monthlyRange } from '../../ledger/movements.ts';
import { topByParty } from '../../ledger/parties.ts';
import { mrrMonths } from '../../ledger/recurring-revenue.ts';
import { apiAccountNames } from '../api-accounts/queries.ts';
import { savedAiQuery } from '../assistant/queries.ts';
import { budgetWidgetData } from '../budgets/widget.ts';
import { consolidationOf } from '../consolidation/queries.ts';
import { kpiWidgetData } from '../kpis/widget.ts';
import { compareCosts, compareCustom, compareParties, comparisonPeriod, withBookedMonths } from './compare.ts';
import { customData } from './custom.ts';
import { customWidgetOf } from './custom-widget-rows.ts';
import { markOpeningRows } from './opening-rows.ts';
import {
  employeeCounts,
  largestTransactions,
  REVENUE,
  revenueAndResult,
  shownProfitLoss,
  shownRowOf,
  topCostAccountsAsShown,
} from './queries.ts';
import type { WidgetDataFunctions } from './request.ts';

/** A top list of customers, suppliers or products; asked with `compare`, each row's comparison beside it. */
async function partyList(db: Db, range: BoardRange, by: 'customer' | 'supplier' | 'product') {
  const rows = await topByParty(db, range.sources, range.period, by);
  const other = comparisonPeriod(range, range.compare ? await lastBookedMonth(db, range.sources) : null);
  return other
    ? withBookedMonths(db, range.sources, other, await compareParties(db, range.sources, other, by, rows))
    : rows;
}

/** A month of MRR not yet booked: nothing to say about it (shown as not booked). */
const notBookedMrr = (month: string): MrrData['months'][number] => ({
  month,
  mrr: 0,
  previousMrr: 0,
  newMrr: 0,
  expansionMrr: 0,
  contractionMrr: 0,
  churnedMrr: 0,
  customers: 0,
  averageRevenuePerCustomer: 0,
});

export const widgetData: WidgetDataFunctions = {
  'top-customers': async (db, { range }) => partyList(db, await range(), 'customer'),
  'top-suppliers': async (db, { range }) => partyList(db, await range(), 'supplier'),
  'top-products': async (db, { range }) => partyList(db, await range(), 'product'),

  'top-expenses': async (db, request) => {
    const range = await request.range();
    const { sources, period, deduct } = range;
    const rows = await markOpeningRows(db, sources, period, await topCostAccountsAsShown(db, sources, period, deduct));
    const other = comparisonPeriod(range, range.compare ? await lastBookedMonth(db, sources) : null);
    return other ? withBookedMonths(db, sources, other, await compareCosts(db, sources, other, deduct, rows)) : rows;
  },

  'largest-transactions': async (db, { range }) => {
    const { sources, period } = await range();
    return largestTransactions(db, sources, period);
  },

  'top-five-expenses': async (db, { range }) => {
    const { sources, period, deduct } = await range();
    const rows = await topCostAccountsAsShown(db, sources, period, deduct, 5);
    return (await markOpeningRows(db, sources, period, rows)).map((r) => ({
      closingBalance: r.amount,
      ...(r.shown !== undefined ? { shown: r.shown } : {}),
      ...(r.openingMonths ? { openingMonths: r.openingMonths } : {}),
      account: { number: r.number, accountId: r._id, name: r.name },
    }));
  },

  turnover: async (db, { range, comparison }) => {
    const { sources, period, deduct } = await range();
    const booked = await lastBookedMonth(db, sources);
    // Like for like: last year's same months as this period's booked ones; none for a viewer not given them.
    const same = comparison ? likeForLikeRange(period, 'lastYear', booked) : null;
    const [months, before, previousBooked, openings] = await Promise.all([
      monthlyRange(db, sources, period.months, REVENUE, true),
      same ? monthlyRange(db, sources, parsePeriod(same.startDate, same.endDate).months, REVENUE, true) : null,
      same ? bookedMonthCount(db, sources, same.startDate.slice(0, 7), same.endDate.slice(0, 7)) : null,
      openingMonthsField(db, sources, period.months),
    ]);
    const total = months.reduce((s, m) => s + m.amount, 0);
    const previousTotal = before ? before.reduce((s, m) => s + m.amount, 0) : null;
    // The months and total as the board's P&L of the period shows its Sum driftsinntekter (the same
    // accounts, 3000-3999), where its figures are these (not where it deducts intercompany revenue).
    const shown = shownRowOf(
      await shownProfitLoss(db, sources, period, deduct),
      'operatingIncome',
      months.map((m) => m.amount),
    );
    return {
      total,
      months,
      previousTotal,
      ...(shown ? { shown } : {}),
      lastBookedMonth: booked,
      // Last year not booked at all: nothing to compare with ('–'), never the whole amount as growth.
      ...(previousBooked !== null ? { previousBookedMonths: previousBooked } : {}),
      changePercent: previousTotal === null || previousBooked === 0 ? null : changePercent(total, previousTotal, 'ore'),
      ...openings,
    };
  },

  mrr: async (db, { range, query }) => {
    const { sources, period } = await range();
    const [from, to] = (query.accounts ?? `${REVENUE.from}-${REVENUE.to}`).split('-').map(Number) as [number, number];
    const booked = await lastBookedMonth(db, sources);
    // Months not yet booked are left out of the movements: no customer churns into a month that has not happened.
    const months = await mrrMonths(
      db,
      sources,
      period.months.filter((m) => isBooked(m, booked)),
      shiftMonths(`${period.months[0]}-01`, -1).slice(0, 7),
      { from, to },
    );
    // The headline is the last booked month of the period.
    const lastMonth = months[months.length - 1];
    return {
      accounts: { from, to },
      mrr: lastMonth?.mrr ?? 0,
      previousMrr: lastMonth?.previousMrr ?? 0,
      month: lastMonth?.month ?? null,
      months: [...months, ...period.months.filter((m) => !isBooked(m, booked)).map(notBookedMrr)],
      lastBookedMonth: booked,
    };
  },

  employees: async (db, { range }) => {
    const { sources, period } = await range();
    const booked = await lastBookedMonth(db, sources);
    const counts = await employeeCounts(db, sources, period.months);
    // Employments run on into months not yet booked; those are said to be not booked, not counted.
    const months = counts.months.map((m) => (isBooked(m.month, booked) ? m : { month: m.month, count: 0 }));
    const current = [...months].reverse().find((m) => isBooked(m.month, booked))?.count ?? 0;
    return { ...counts, months, current, lastBookedMonth: booked };
  },

  consolidation: async (db, request) => {
    // The group's own companies and eliminations, whatever the call asks to consolidate.
    const range = await request.range({ consolidated: undefined });
    const group = await consolidationOf(db, range.boardId);
    const sources = group ? range.sources.filter((s) => group.apis.includes(s)) : range.sources;
    const deduct = group?.deductAccounts ?? [];
    const figures = async (ids: string[], only?: number[]) => {
      if (ids.length === 0) return { revenue: 0, result: 0 };
      return revenueAndResult(db, ids, range.period, only);
    };
    const names = sources.length ? await apiAccountNames(db, sources) : [];
    const apis = await Promise.all(names.map(async (n) => ({ _id: n.id, name: n.name, ...(await figures([n.id])) })));
    const deducted = await figures(sources, deduct);
    return {
      apis,
      deducted,
      consolidated: {
        revenue: apis.reduce((s, a) => s + a.revenue, 0) - deducted.revenue,
        result: apis.reduce((s, a) => s + a.result, 0) - deducted.result,
      },
      // So every row drills: the eliminations are these accounts' postings.
      deductAccounts: group ? deduct : null,
    };
  },

  custom: async (db, request) => {
    const boardId = request.path.groupId!;
    // A public link's visitor has no user: withRouteAccess let them in for this shared widget id, and
    // the range holds them to the shared board.
    if (request.userId !== undefined) await request.mayRead(boardId);
    const row = await customWidgetOf(db, boardId, request.path.id!);
    if (!row) throw new ApiError('WIDGET_NOT_FOUND');
    const range = await request.range({ groupId: row.boardId });
    const { sources, period } = range;
    const booked = await lastBookedMonth(db, sources);
    const other = comparisonPeriod(range, booked);
    return {
      ...(await customData(db, row, sources, period.months)),
      lastBookedMonth: booked,
      ...(await openingMonthsField(db, sources, period.months)),
      ...(other ? { comparison: await compareCustom(db, row, sources, other) } : {}),
    };
  },

  kpi: async (db, { range, query, comparison }) =>
    kpiWidgetData(db, await range({ compare: undefined }), query, comparison),

  budget: async (db, { range, query }) => budgetWidgetData(db, await range({ compare: undefined }), query.line),

  ai: async (db, { range, query }) => {
    const { boardId } = await range();
    const row = await savedAiQuery(db, boardId, query.aiQueryId);
    if (!row) throw new ApiError('AI_QUERY_NOT_FOUND');
    return {
      _id: row.id,
      question: row.question,
      answer: row.answer as AiQueryAnswer,
      createdAt: row.createdAt.toISOString(),
    };
  },
};
