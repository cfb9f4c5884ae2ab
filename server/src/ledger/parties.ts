// The sync's monthly sums by customer, supplier and product (party_month), as the top lists read them
// and the report packs' observations compare them.

import type { TopRow } from '@saldo/contract';
import { and, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { party, partyMonth, product } from '../db/schema/index.ts';
import { cachedByDataVersion } from './cache.ts';
import { liveRows } from './snapshot.ts';

export type PartyKind = 'customer' | 'supplier' | 'product';

/**
 * A top list: revenue by customer or product, costs by supplier (report sign, both positive), over the
 * whole months of the period (the one period rule of reports and widgets: a range is widened to the
 * months it touches), from the sync's monthly sums by period (party_month).
 * Then customers and suppliers with the same organisation number are one, so a customer of two
 * companies on one board is listed once. Equal amounts are listed by name, so the list is the same every time.
 */
export const topByParty = cachedByDataVersion(async function topByParty(
  db: Db,
  sources: readonly string[],
  period: { months: readonly string[] },
  by: PartyKind,
  limit: number = 10,
  /** Only these rows (by `_id`), whatever their amount: a comparison period's figures for a list. */
  only?: readonly string[],
): Promise<TopRow[]> {
  if (only?.length === 0) return [];
  if (sources.length === 0) return [];
  const sums = sql`select ${partyMonth.apiAccountId} as source, ${partyMonth.version} as version, ${partyMonth.partyId} as id, sum(${partyMonth.amount}) as amount
      from ${partyMonth}
      where ${and(
        await liveRows(db, partyMonth, sources),
        eq(partyMonth.kind, by),
        between(partyMonth.month, period.months[0]!, period.months[period.months.length - 1]!),
      )}
      group by 1, 2, 3`;
  const names =
    by === 'product'
      ? sql`left join ${product} n on n.api_account_id = t.source and n.version = t.version and n.id = t.id`
      : sql`left join ${party} n on n.api_account_id = t.source and n.version = t.version and n.kind = ${by} and n.id = t.id`;
  const key = by === 'product' ? sql`t.source || ':' || t.id` : sql`coalesce(n.org_number, t.source || ':' || t.id)`;
  const rows = await db.all<{ key: string; name: string; amount: number }>(sql`
    select ${key} as key, max(coalesce(n.name, t.id)) as name, sum(t.amount) as amount
    from (${sums}) t
    ${names}
    group by 1
    having ${
      only
        ? sql`${key} in (${sql.join(
            only.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`sum(t.amount) > 0`
    }
    order by amount desc, name, key
    limit ${only ? only.length : limit}`);
  return rows.map((r) => ({ _id: r.key, name: r.name, amount: Number(r.amount) }));
});
