import type { AccountSearchResult, EmployeeCountMonth, TopRow } from '@saldo/contract';
import { COST_ACCOUNTS, PROFIT_LOSS_SUBTOTALS, REVENUE_ACCOUNTS } from '@saldo/contract/statements/chart';
import { buildProfitLossModel, type ProfitLossModel, shownAccountTotals } from '@saldo/contract/statements/index';
import { and, between, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { inRangesSql } from '../../db/account-ranges.ts';
import type { Db } from '../../db/client.ts';
import { employee, ledgerAccount, monthlyBalance, posting, voucherTotal } from '../../db/schema/index.ts';
import { buildProfitLoss } from '../../engine/profit-loss.ts';
import type { Period } from '../../http/period.ts';
import { cachedByDataVersion } from '../../ledger/cache.ts';
import { amountSum } from '../../ledger/movements.ts';
import { profitLossMovements } from '../../ledger/profit-loss.ts';
import { liveRows } from '../../ledger/snapshot.ts';
import { chartNames } from '../../ledger/titles.ts';

export const REVENUE = REVENUE_ACCOUNTS;
export const COSTS = COST_ACCOUNTS;

/** The live monthly balances of the cost accounts (4000–7999) in the period's months. */
export async function costsIn(db: Db, sources: readonly string[], period: Pick<Period, 'months'>) {
  return and(
    await liveRows(db, monthlyBalance, sources),
    between(monthlyBalance.month, period.months[0]!, period.months[period.months.length - 1]!),
    between(monthlyBalance.accountNumber, COSTS.from, COSTS.to),
  );
}

/**
 * Cost accounts by their movement in the period's months (from monthly balances), each account by its
 * own ID (`_id`) and named by it; `number` is its place in the chart.
 */
export async function topCostAccounts(
  db: Db,
  sources: readonly string[],
  period: Period,
  limit = 10,
): Promise<(TopRow & { number: number })[]> {
  if (sources.length === 0) return [];
  const amount = amountSum();
  const liveAccounts = await liveRows(db, ledgerAccount, sources);
  // Columns of a one-table select come unqualified, and both tables have account_id: the outer one is named.
  const rows = await db
    .select({
      number: monthlyBalance.accountNumber,
      accountId: monthlyBalance.accountId,
      name: sql<
        string | null
      >`(select min(${ledgerAccount.name}) from ${ledgerAccount} where ${liveAccounts} and ${ledgerAccount.accountId} = monthly_balance.account_id)`,
      amount,
    })
    .from(monthlyBalance)
    .where(await costsIn(db, sources, period))
    .groupBy(monthlyBalance.accountNumber, monthlyBalance.accountId)
    .having(sql`${amount} > 0`)
    .orderBy(desc(amount), monthlyBalance.accountId)
    .limit(limit);
  return rows.map((r) => ({ _id: r.accountId, number: r.number, name: r.name ?? r.accountId, amount: r.amount }));
}

/**
 * The top cost accounts, each with the figure the P&L of the same period (and the same deducted
 * accounts) shows for it (`shown`, its cost positive). Footing shares each line's shown figure out
 * over its accounts by largest remainder, which can put an account 1 kr from its own rounding; the
 * list shows the P&L's figure, so the two never disagree. The P&L is the engine's, footed by the
 * contract's row model: the very figures the P&L's table shows.
 */
export const topCostAccountsAsShown = cachedByDataVersion(async function topCostAccountsAsShown(
  db: Db,
  sources: readonly string[],
  period: Period,
  deduct: readonly number[],
  limit: number = 10,
): Promise<(TopRow & { number: number })[]> {
  const rows = await topCostAccounts(db, sources, period, limit);
  if (rows.length === 0) return rows;
  const shown = await shownProfitLossAccounts(db, sources, period, deduct);
  return rows.map((r) => {
    const kroner = shown.get(`${r.number}:${r._id}`);
    // An account the P&L leaves out (a deducted one) is shown rounded on its own.
    return kroner === undefined ? r : { ...r, shown: -kroner || 0 };
  });
});

/**
 * The footed P&L of the period (without the deducted accounts), as its statement shows it: what a
 * widget showing one of its figures takes its kroner from (footing.ts: one shown value).
 */
export const shownProfitLoss = cachedByDataVersion(async function shownProfitLoss(
  db: Db,
  sources: readonly string[],
  period: Period,
  deduct: readonly number[],
): Promise<ProfitLossModel> {
  const movements = await profitLossMovements(db, sources, period, deduct);
  // Titles do not move figures: the footing orders accounts by number and ID.
  return buildProfitLossModel(buildProfitLoss(movements, new Map(), period));
});

/**
 * Each account's figure as the footed P&L of the period (without the deducted accounts) shows it, in
 * whole kroner, income positive, by `number:accountId`.
 */
export async function shownProfitLossAccounts(
  db: Db,
  sources: readonly string[],
  period: Period,
  deduct: readonly number[],
): Promise<Map<string, number>> {
  return shownAccountTotals(await shownProfitLoss(db, sources, period, deduct));
}

/**
 * A row of the P&L (a subtotal such as Sum driftsinntekter, or a line) as its statement shows it, when
 * its exact figures are `months` (øre per month of the period): whole kroner per month and for the period.
 */
export function shownRowOf(
  model: ProfitLossModel,
  key: string,
  months: readonly number[],
): { parts: number[]; total: number } | undefined {
  const row = model.rows.find((r) => (r.kind === 'result' && r.key === key) || (r.kind === 'group' && r.group === key));
  if (!row || row.kind === 'section') {
    // A line with no postings is not in the P&L: it shows zeros there too.
    return months.every((m) => m === 0) ? { parts: months.map(() => 0), total: 0 } : undefined;
  }
  const same = row.values.length === months.length && row.values.every((v, i) => v === months[i]);
  return same ? { parts: [...row.shown], total: row.shownTotal } : undefined;
}

/** The vouchers with the largest debit totals in the whole months of the period, each in its period. */
export const largestTransactions = cachedByDataVersion(async function largestTransactions(
  db: Db,
  sources: readonly string[],
  period: Period,
  limit: number = 10,
): Promise<TopRow[]> {
  if (sources.length === 0) return [];
  const inRange = and(
    await liveRows(db, voucherTotal, sources),
    between(voucherTotal.period, period.months[0]!, period.months[period.months.length - 1]!),
  );
  // A voucher on one day (nearly all) is one row of voucher_total: the largest come straight off the rows,
  // with no GROUP BY over the period (150 ms on a 1 000 000-posting board, against 20 without).
  const single = db
    .select({
      source: voucherTotal.apiAccountId,
      voucher: voucherTotal.voucher,
      date: voucherTotal.date,
      name: voucherTotal.description,
      amount: voucherTotal.debit,
    })
    .from(voucherTotal)
    .where(and(inRange, eq(voucherTotal.days, 1)))
    .orderBy(desc(voucherTotal.debit))
    .limit(limit);
  // The few on several days add up their days in the period.
  const multi = db
    .select({
      source: voucherTotal.apiAccountId,
      voucher: voucherTotal.voucher,
      date: sql<string>`min(${voucherTotal.date})`,
      name: sql<string | null>`max(${voucherTotal.description})`,
      amount: sql<number>`sum(${voucherTotal.debit})`.mapWith(Number),
    })
    .from(voucherTotal)
    .where(and(inRange, gt(voucherTotal.days, 1)))
    .groupBy(voucherTotal.apiAccountId, voucherTotal.voucher);
  const rows = [...(await single), ...(await multi)].sort((a, b) => b.amount - a.amount).slice(0, limit);
  return rows.map((r) => ({
    _id: `${r.source}:${r.voucher}`,
    name: r.name ?? `Bilag ${r.voucher}`,
    amount: r.amount,
    date: r.date,
  }));
});

/**
 * Employees in work each month, from the sources' employments; without employee data (SAF-T),
 * estimated as the number of salary postings (5000–5099) a month.
 */
export const employeeCounts = cachedByDataVersion(async function employeeCounts(
  db: Db,
  sources: readonly string[],
  months: readonly string[],
): Promise<{ source: 'employments' | 'payroll'; months: EmployeeCountMonth[] }> {
  if (sources.length === 0) return { source: 'employments', months: months.map((month) => ({ month, count: 0 })) };
  const people = await db
    .select({ start: employee.startDate, end: employee.endDate })
    .from(employee)
    .where(await liveRows(db, employee, sources));
  if (people.length > 0) {
    return {
      source: 'employments',
      months: months.map((month) => ({
        month,
        count: people.filter((p) => p.start <= `${month}-31` && (!p.end || p.end >= `${month}-01`)).length,
      })),
    };
  }
  const rows = await db
    .select({ month: posting.period, n: sql<number>`count(*)`.mapWith(Number) })
    .from(posting)
    .where(
      and(
        await liveRows(db, posting, sources),
        between(posting.period, months[0]!, months[months.length - 1]!),
        between(posting.accountNumber, 5000, 5099),
        sql`${posting.amount} > 0`,
      ),
    )
    .groupBy(sql`1`);
  const byMonth = new Map(rows.map((r) => [r.month, r.n]));
  return { source: 'payroll', months: months.map((month) => ({ month, count: byMonth.get(month) ?? 0 })) };
});

/** The account class of a number in the Norwegian standard chart (NS 4102), by its first digit. */
export function accountType(number: number): AccountSearchResult['type'] {
  const first = Math.floor(number / 1000);
  if (first === 1) return 'asset';
  if (first === 2) return 'equityLiability';
  if (first === 3) return 'revenue';
  if (first >= 4 && first <= 7) return 'expense';
  return 'financial';
}

/**
 * Whether an account matches a search: digits (x for any digit) match the account's ID (or number)
 * from its start, anything else the ID (`PKEY`) or the Norwegian or English name anywhere, without
 * regard to case.
 */
export function accountMatches(
  account: { number: number; accountId?: string; name: string; nameEn: string | null },
  q: string,
): boolean {
  const query = q.trim().toLocaleLowerCase('nb');
  if (!query) return false;
  if (/^[0-9x]+$/.test(query)) {
    for (const digits of new Set([account.accountId ?? String(account.number), String(account.number)]))
      if (query.length <= digits.length && [...query].every((ch, i) => ch === 'x' || ch === digits[i])) return true;
    return [account.name, account.nameEn ?? ''].some((name) => name.toLocaleLowerCase('nb').includes(query));
  }
  return [account.accountId ?? '', account.name, account.nameEn ?? ''].some((name) =>
    name.toLocaleLowerCase('nb').includes(query),
  );
}

/**
 * The board's chart of accounts (its sources' ledger accounts, one row an account ID: sub-accounts
 * each with their own name) matching `q`, by place in the chart then ID.
 */
export const searchAccounts = cachedByDataVersion(async function searchAccounts(
  db: Db,
  sources: readonly string[],
  q: string,
  limit: number = 20,
): Promise<AccountSearchResult[]> {
  if (sources.length === 0) return [];
  // A chart has a few hundred accounts: read it whole and match in JavaScript, where case folding knows æøå.
  const rows = await db
    .select({
      accountId: ledgerAccount.accountId,
      number: sql<number>`min(${ledgerAccount.number})`.mapWith(Number),
      ...chartNames(),
    })
    .from(ledgerAccount)
    .where(await liveRows(db, ledgerAccount, sources))
    .groupBy(ledgerAccount.accountId);
  return rows
    .map((r) => ({ number: r.number, accountId: r.accountId, name: r.name, nameEn: r.nameEn ?? r.name }))
    .sort((a, b) => a.number - b.number || a.accountId.localeCompare(b.accountId, 'en', { numeric: true }))
    .filter((row) => accountMatches(row, q))
    .slice(0, limit)
    .map((row) => ({ ...row, type: accountType(row.number) }));
});

/**
 * Revenue (3000–3999) and result (the P&L's lines) of these sources over the period, signed as
 * shown; with `only`, of those accounts alone (none: nothing).
 */
export async function revenueAndResult(
  db: Db,
  ids: string[],
  period: Period,
  only?: number[],
): Promise<{ revenue: number; result: number }> {
  const live = await liveRows(db, monthlyBalance, ids);
  const [row] = await db
    .select({
      revenue:
        sql<number>`coalesce(-sum(case when ${monthlyBalance.accountNumber} between ${REVENUE.from} and ${REVENUE.to} then ${monthlyBalance.amount} end), 0)`.mapWith(
          Number,
        ),
      result:
        // The P&L's lines (the contract's result ranges): 8200–8299 is no line of it (an account there is Unclassified).
        sql<number>`coalesce(-sum(case when ${inRangesSql(monthlyBalance.accountNumber, PROFIT_LOSS_SUBTOTALS.result)} then ${monthlyBalance.amount} end), 0)`.mapWith(
          Number,
        ),
    })
    .from(monthlyBalance)
    .where(
      and(
        live,
        sql`${monthlyBalance.month} between ${period.months[0]} and ${period.months[period.months.length - 1]}`,
        only ? (only.length ? inArray(monthlyBalance.accountNumber, only) : sql`0`) : undefined,
      ),
    );
  return row ?? { revenue: 0, result: 0 };
}
