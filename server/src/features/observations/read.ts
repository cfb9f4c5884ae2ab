import type { Observations } from '@saldo/contract';
import { OBSERVATION_LIMITS } from '@saldo/contract/observations/rules';
import type { Db } from '../../db/client.ts';
import type { BoardRange } from '../../http/board-range.ts';
import { type PartyKind, topByParty } from '../../ledger/parties.ts';
import { periodFigures } from '../../ledger/period-figures.ts';
import type { LedgerSums } from '../../ledger/sums.ts';
import { accountNames } from '../../ledger/titles.ts';
import { proposeObservations } from './rules.ts';

/** The P&L accounts (3000–8399) summed over months: debit positive, øre. */
function accountMovements(sums: LedgerSums, months: readonly string[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const month of months)
    for (const [account, amount] of sums.months.get(month) ?? [])
      if (account >= 3000 && account <= 8399) out.set(account, (out.get(account) ?? 0) + amount);
  return out;
}

/**
 * The largest parties of either period, each with its amount in both: the sync's sums per party
 * (party_month), as the top lists read them.
 */
async function partiesOfBoth(
  db: Db,
  sources: readonly string[],
  kind: Extract<PartyKind, 'customer' | 'supplier'>,
  now: readonly string[],
  before: readonly string[],
  limit: number,
) {
  const [topNow, topBefore] = await Promise.all([
    topByParty(db, sources, { months: now }, kind, limit),
    topByParty(db, sources, { months: before }, kind, limit),
  ]);
  const keys = [...new Set([...topNow, ...topBefore].map((r) => r._id))];
  const [allNow, allBefore] = await Promise.all([
    topByParty(db, sources, { months: now }, kind, limit, keys),
    topByParty(db, sources, { months: before }, kind, limit, keys),
  ]);
  const names = new Map([...topNow, ...topBefore].map((r) => [r._id, r.name]));
  const amount = (rows: typeof allNow, key: string) => rows.find((r) => r._id === key)?.amount ?? 0;
  return keys.map((key) => ({
    key,
    name: names.get(key) ?? key,
    now: amount(allNow, key),
    before: amount(allBefore, key),
  }));
}

/**
 * The observations for a board's period: its booked months against the comparison like for like,
 * over the account sums every KPI reads (ledger/period-figures.ts), so a cited figure is the
 * statement's own. A comparison with no booked month has no
 * comparative rule proposed (rules.ts).
 */
export async function readObservations(
  db: Db,
  { sources, period, deduct }: Pick<BoardRange, 'sources' | 'period' | 'deduct'>,
  compare: 'previous' | 'lastYear',
): Promise<Observations> {
  const { main, compared, sums, figures } = await periodFigures(db, sources, period, [compare], deduct);
  const comparison = compared(compare);
  const [names, customers, suppliers] = await Promise.all([
    accountNames(db, sources),
    partiesOfBoth(db, sources, 'customer', main.months, comparison.months, OBSERVATION_LIMITS.parties),
    partiesOfBoth(db, sources, 'supplier', main.months, comparison.months, OBSERVATION_LIMITS.parties),
  ]);
  return {
    startDate: main.startDate,
    endDate: main.endDate,
    compare,
    comparison: { startDate: comparison.startDate, endDate: comparison.endDate },
    observations: proposeObservations({
      compare,
      period: main,
      comparison,
      figures,
      accounts: { now: accountMovements(sums, main.months), before: accountMovements(sums, comparison.months) },
      accountNames: names,
      parties: { customer: customers, supplier: suppliers },
    }),
  };
}
