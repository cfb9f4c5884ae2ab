import { and, between, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TopListItem } from '../../contract.ts';
import type { Db } from '../../db/client.ts';
import { party, posting } from '../../db/schema/index.ts';
import type { Period } from '../../reports/period.ts';

/** The ten customers with the most revenue (accounts 3000–3999, net of credit notes) in the period. */
export async function topCustomers(
  db: Db,
  sources: readonly string[],
  period: Period,
  limit = 10,
): Promise<TopListItem[]> {
  if (sources.length === 0) return [];
  // The revenue bound is written out literally so SQLite can use the partial index on revenue lines.
  const revenue = sql`${posting.accountNumber} between 3000 and 3999`;
  const amount = sql<number>`-sum(${posting.amount})`.mapWith(Number);
  const rows = await db
    .select({ source: posting.apiAccountId, customerId: posting.customerId, name: party.name, amount })
    .from(posting)
    .leftJoin(
      party,
      and(eq(party.apiAccountId, posting.apiAccountId), eq(party.kind, 'customer'), eq(party.id, posting.customerId)),
    )
    .where(
      and(
        inArray(posting.apiAccountId, [...sources]),
        between(posting.date, period.startDate, period.endDate),
        revenue,
        isNotNull(posting.customerId),
      ),
    )
    .groupBy(posting.apiAccountId, posting.customerId)
    .having(sql`-sum(${posting.amount}) > 0`)
    .orderBy(desc(amount))
    .limit(limit);
  return rows.map((r) => ({
    _id: `${r.source}:${r.customerId}`,
    name: r.name ?? r.customerId ?? '',
    amount: r.amount,
  }));
}
