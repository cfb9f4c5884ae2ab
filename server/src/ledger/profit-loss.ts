// The period's actual profit and loss from the ledger: the movements of the P&L's accounts over the
// period's months, through the engine. The statement, the budget widget's actuals and the widgets that
// show one of its figures (footed as the statement shows it) are built from the same movements.

import type { ProfitLossReport } from '@saldo/contract';
import type { Period } from '@saldo/contract/period/period';
import type { Db } from '../db/client.ts';
import { PROFIT_LOSS_FIRST_ACCOUNT, PROFIT_LOSS_LAST_ACCOUNT } from '../engine/lines.ts';
import { buildProfitLoss, type MonthlyMovement } from '../engine/profit-loss.ts';
import { monthlyMovements } from './movements.ts';
import { accountTitles } from './titles.ts';

/** The P&L accounts' movements per account and month of the period, without the deducted accounts. */
export function profitLossMovements(
  db: Db,
  sources: readonly string[],
  period: Pick<Period, 'months'>,
  deduct: readonly number[],
): Promise<MonthlyMovement[]> {
  return monthlyMovements(
    db,
    sources,
    { first: period.months[0]!, last: period.months[period.months.length - 1]! },
    { from: PROFIT_LOSS_FIRST_ACCOUNT, to: PROFIT_LOSS_LAST_ACCOUNT },
    deduct,
  );
}

/** The period's profit and loss, its accounts named by the board's charts. */
export async function actualProfitLoss(
  db: Db,
  sources: readonly string[],
  period: Period,
  deduct: readonly number[],
): Promise<ProfitLossReport> {
  const [movements, titles] = await Promise.all([
    profitLossMovements(db, sources, period, deduct),
    accountTitles(db, sources),
  ]);
  return buildProfitLoss(movements, titles, period);
}
