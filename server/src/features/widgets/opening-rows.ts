// Top cost accounts over a month that holds only a file's opening balances: such an account's amount
// there is the result before the file (January–October of a November file), not that month's costs,
// and its row says so, as the statements' `openingMonths` does.

import type { TopRow } from '@saldo/contract';
import type { Db } from '../../db/client.ts';
import { accountIdOf } from '../../engine/profit-loss.ts';
import type { Period } from '../../http/period.ts';
import { openingMonthsIn } from '../../ledger/booked.ts';
import { monthlyMovements } from '../../ledger/movements.ts';

/** Rows (cost accounts by `number` and `_id`) whose amount holds opening balances get `openingMonths`. */
export async function markOpeningRows<R extends TopRow & { number: number }>(
  db: Db,
  sources: readonly string[],
  period: Pick<Period, 'months'>,
  rows: R[],
): Promise<R[]> {
  if (rows.length === 0) return rows;
  const months = await openingMonthsIn(db, sources, period.months);
  if (months.length === 0) return rows;
  const numbers = rows.map((r) => r.number);
  const movements = await monthlyMovements(
    db,
    sources,
    { first: months[0]!, last: months[months.length - 1]! },
    { from: Math.min(...numbers), to: Math.max(...numbers) },
  );
  const held = new Map<string, Set<string>>();
  for (const m of movements) {
    if (m.amount === 0 || !months.includes(m.month)) continue;
    const key = `${m.accountNumber}:${accountIdOf(m)}`;
    held.set(key, (held.get(key) ?? new Set()).add(m.month));
  }
  return rows.map((r) => {
    const found = held.get(`${r.number}:${r._id}`);
    return found ? { ...r, openingMonths: [...found].sort() } : r;
  });
}
