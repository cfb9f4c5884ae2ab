// Recurring revenue (MRR): revenue by customer and month, what the MRR widget shows and what its
// figures' drill-down lists (reports/routes.ts), so both count the same customers.

import type { MrrMonth } from '@saldo/contract';
import { roundHalfAway } from '@saldo/contract/numbers/footing';
import { shiftMonths } from '@saldo/contract/period/range';
import { REVENUE_ACCOUNTS as REVENUE } from '@saldo/contract/statements/chart';
import { and, between, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { partyMonth, posting } from '../db/schema/index.ts';
import { cachedByDataVersion } from './cache.ts';
import { liveRows } from './snapshot.ts';

/**
 * Recurring revenue per month and customer (`source:customer`), only the customers who paid: what MRR
 * is made of, so its figures and their drill-down (mrrCustomers) count the same customers.
 */
async function customerRevenue(
  db: Db,
  sources: readonly string[],
  first: string,
  last: string,
  accounts: { from: number; to: number },
): Promise<Map<string, Map<string, number>>> {
  const perCustomer = new Map<string, Map<string, number>>();
  if (sources.length > 0) {
    // Revenue accounts are what the sync sums per customer and month; another range reads postings.
    const rows =
      accounts.from === REVENUE.from && accounts.to === REVENUE.to
        ? await db
            .select({
              month: partyMonth.month,
              customer: sql<string>`${partyMonth.apiAccountId} || ':' || ${partyMonth.partyId}`,
              amount: partyMonth.amount,
            })
            .from(partyMonth)
            .where(
              and(
                await liveRows(db, partyMonth, sources),
                eq(partyMonth.kind, 'customer'),
                between(partyMonth.month, first, last),
              ),
            )
        : await db
            .select({
              month: posting.period,
              customer: sql<string>`${posting.apiAccountId} || ':' || ${posting.customerId}`,
              amount: sql<number>`-sum(${posting.amount})`.mapWith(Number),
            })
            .from(posting)
            .where(
              and(
                await liveRows(db, posting, sources),
                between(posting.period, first, last),
                between(posting.accountNumber, accounts.from, accounts.to),
                isNotNull(posting.customerId),
              ),
            )
            .groupBy(sql`1`, sql`2`);
    for (const r of rows) {
      const map = perCustomer.get(r.month) ?? new Map<string, number>();
      if (r.amount > 0) map.set(r.customer, r.amount);
      perCustomer.set(r.month, map);
    }
  }
  return perCustomer;
}

/**
 * The customers behind one of a month's MRR figures, as `source:customer` (posting.apiAccountId and
 * customerId): whose revenue postings of `month` add up to it. 'mrr': those paying in the month; 'new':
 * those paying who did not the month before; 'churned': those paying in the month who do not the month
 * after (the churn of the month after is their revenue of this one).
 */
export async function mrrCustomers(
  db: Db,
  sources: readonly string[],
  month: string,
  figure: 'mrr' | 'new' | 'churned',
  accounts: { from: number; to: number },
): Promise<string[]> {
  const shift = (by: number) => shiftMonths(`${month}-01`, by).slice(0, 7);
  const first = figure === 'new' ? shift(-1) : month;
  const last = figure === 'churned' ? shift(1) : month;
  const paying = await customerRevenue(db, sources, first, last, accounts);
  const now = [...(paying.get(month)?.keys() ?? [])];
  const other = paying.get(figure === 'new' ? first : last) ?? new Map<string, number>();
  return figure === 'mrr' ? now : now.filter((customer) => !other.has(customer));
}

/**
 * MRR by month from recurring revenue (revenue accounts with a customer): per customer, against the
 * month before, what is new, grown, shrunk or lost, and the average per paying customer.
 */
export const mrrMonths = cachedByDataVersion(async function mrrMonths(
  db: Db,
  sources: readonly string[],
  months: readonly string[],
  previousMonth: string,
  accounts: { from: number; to: number },
): Promise<MrrMonth[]> {
  const perCustomer = await customerRevenue(db, sources, previousMonth, months[months.length - 1]!, accounts);
  let before = perCustomer.get(previousMonth) ?? new Map<string, number>();
  return months.map((month) => {
    const now = perCustomer.get(month) ?? new Map<string, number>();
    const out: MrrMonth = {
      month,
      mrr: 0,
      previousMrr: [...before.values()].reduce((s, v) => s + v, 0),
      newMrr: 0,
      expansionMrr: 0,
      contractionMrr: 0,
      churnedMrr: 0,
      customers: now.size,
      averageRevenuePerCustomer: 0,
    };
    for (const [customer, amount] of now) {
      out.mrr += amount;
      const was = before.get(customer) ?? 0;
      if (was === 0) out.newMrr += amount;
      else if (amount > was) out.expansionMrr += amount - was;
      else if (amount < was) out.contractionMrr += was - amount;
    }
    for (const [customer, was] of before) if (!now.has(customer)) out.churnedMrr += was;
    out.averageRevenuePerCustomer = now.size ? roundHalfAway(out.mrr / now.size) : 0;
    before = now;
    return out;
  });
});
