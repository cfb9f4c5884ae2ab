// Comparison views of the top lists and custom widgets: the same rows, or the same figures, in the
// comparison period, like for like with the booked months (contract's booked.ts), as the reports are.

import type { CustomWidgetComparison, TopRow } from '@saldo/contract';
import { likeForLikeRange } from '@saldo/contract/period/booked';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type customWidget, monthlyBalance } from '../../db/schema/index.ts';
import type { BoardRange } from '../../http/board-range.ts';
import { type Period, parsePeriod } from '../../http/period.ts';
import { bookedMonthCount } from '../../ledger/booked.ts';
import { amountSum } from '../../ledger/movements.ts';
import { topByParty } from '../../ledger/parties.ts';
import { customData } from './custom.ts';
import { costsIn, shownProfitLossAccounts } from './queries.ts';

/**
 * The period a widget call compares with: the booked months of its period a year earlier
 * (`lastYear`) or just before (`previous`); null when it asks for no comparison (or one a widget does
 * not make).
 */
export function comparisonPeriod(range: Pick<BoardRange, 'period' | 'compare'>, booked: string | null): Period | null {
  const { compare } = range;
  if (compare !== 'previous' && compare !== 'lastYear') return null;
  const other = likeForLikeRange(range.period, compare, booked);
  return parsePeriod(other.startDate, other.endDate);
}

/**
 * Rows compared with `other`, each told how many of its months have postings on any account (as a
 * statement's comparison is): over none, the comparison, the change and the % are '–', never a 0 and
 * the whole amount as the change.
 */
export async function withBookedMonths<R extends TopRow>(
  db: Db,
  sources: readonly string[],
  other: Period,
  rows: R[],
): Promise<R[]> {
  const booked = await bookedMonthCount(db, sources, other.months[0]!, other.months[other.months.length - 1]!);
  return rows.map((r) => ({ ...r, compareBookedMonths: booked }));
}

/** A top list of customers, suppliers or products with each row's amount in the comparison period. */
export async function compareParties(
  db: Db,
  sources: readonly string[],
  other: Period,
  by: 'customer' | 'supplier' | 'product',
  rows: TopRow[],
): Promise<TopRow[]> {
  const before = await topByParty(
    db,
    sources,
    other,
    by,
    rows.length,
    rows.map((r) => r._id),
  );
  const amounts = new Map(before.map((r) => [r._id, r.amount]));
  return rows.map((r) => ({ ...r, compareAmount: amounts.get(r._id) ?? 0 }));
}

/**
 * The top cost accounts with each one's movement in the comparison period, and its figure as that
 * period's P&L shows it (so the change, shown less shown, adds up on screen as the statements do).
 */
export async function compareCosts(
  db: Db,
  sources: readonly string[],
  other: Period,
  deduct: readonly number[],
  rows: Array<TopRow & { number: number }>,
): Promise<Array<TopRow & { number: number }>> {
  if (rows.length === 0 || sources.length === 0) return rows.map((r) => ({ ...r, compareAmount: 0 }));
  const costs = await costsIn(db, sources, other);
  const [sums, shown] = await Promise.all([
    db
      .select({ number: monthlyBalance.accountNumber, accountId: monthlyBalance.accountId, amount: amountSum() })
      .from(monthlyBalance)
      .where(
        and(
          costs,
          inArray(
            monthlyBalance.accountId,
            rows.map((r) => r._id),
          ),
        ),
      )
      .groupBy(monthlyBalance.accountNumber, monthlyBalance.accountId),
    shownProfitLossAccounts(db, sources, other, deduct),
  ]);
  const amounts = new Map(sums.map((s) => [`${s.number}:${s.accountId}`, s.amount]));
  return rows.map((r) => {
    const key = `${r.number}:${r._id}`;
    const kroner = shown.get(key);
    return {
      ...r,
      compareAmount: amounts.get(key) ?? 0,
      // As the top list's own figure: the P&L's where it shows the account (a cost positive).
      ...(r.shown !== undefined && kroner !== undefined ? { compareShown: -kroner || 0 } : {}),
    };
  });
}

/** A custom widget's figures over the comparison period. */
export async function compareCustom(
  db: Db,
  row: typeof customWidget.$inferSelect,
  sources: string[],
  other: Period,
): Promise<CustomWidgetComparison> {
  const [data, bookedMonths] = await Promise.all([
    customData(db, row, sources, other.months),
    bookedMonthCount(db, sources, other.months[0]!, other.months[other.months.length - 1]!),
  ]);
  const { startDate, endDate } = other;
  // Nothing booked there: no figures at all, so nothing reads as a comparison with zero.
  if (bookedMonths === 0)
    return { startDate, endDate, months: data.months.map((m) => ({ ...m, value: null })), total: null, bookedMonths };
  return { startDate, endDate, months: data.months, total: data.total, bookedMonths };
}
