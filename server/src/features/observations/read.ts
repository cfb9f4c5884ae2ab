import type { Observations } from '@saldo/contract';
import { OBSERVATION_LIMITS } from '@saldo/contract/observations/rules';
import { bookedPart, likeForLikeRange } from '@saldo/contract/period/booked';
import type { Db } from '../../db/client.ts';
import type { BoardRange } from '../../http/board-range.ts';
import { parsePeriod } from '../../http/period.ts';
import { lastBookedMonth } from '../../ledger/booked.ts';
import { Figures } from '../../ledger/figures.ts';
import { type PartyKind, topByParty } from '../../ledger/parties.ts';
import { type LedgerSums, ledgerSums } from '../../ledger/sums.ts';
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
 * over the account sums every KPI reads (ledger/sums.ts), so a cited figure is the statement's own.
 */
export async function readObservations(
  db: Db,
  { sources, period, deduct }: Pick<BoardRange, 'sources' | 'period' | 'deduct'>,
  compare: 'previous' | 'lastYear',
): Promise<Observations> {
  const booked = await lastBookedMonth(db, sources);
  const main = bookedPart(period, booked);
  const other = likeForLikeRange(period, compare, booked);
  const otherMonths = parsePeriod(other.startDate, other.endDate).months;
  const first = [main.months[0]!, otherMonths[0]!].sort()[0]!;
  const last = [main.months[main.months.length - 1]!, otherMonths[otherMonths.length - 1]!].sort()[1]!;
  const [sums, names, customers, suppliers] = await Promise.all([
    ledgerSums(db, sources, first, last, deduct),
    accountNames(db, sources),
    partiesOfBoth(db, sources, 'customer', main.months, otherMonths, OBSERVATION_LIMITS.parties),
    partiesOfBoth(db, sources, 'supplier', main.months, otherMonths, OBSERVATION_LIMITS.parties),
  ]);
  const comparison = { ...other, months: otherMonths };
  return {
    startDate: main.startDate,
    endDate: main.endDate,
    compare,
    comparison: { startDate: other.startDate, endDate: other.endDate },
    observations: proposeObservations({
      compare,
      period: main,
      comparison,
      figures: new Figures(sums),
      accounts: { now: accountMovements(sums, main.months), before: accountMovements(sums, otherMonths) },
      accountNames: names,
      parties: { customer: customers, supplier: suppliers },
    }),
  };
}
