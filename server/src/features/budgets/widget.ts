import type { BudgetWidgetData } from '@saldo/contract';
import { type BudgetWidgetLine, budgetWidgetLineTitle, variancePercent } from '@saldo/contract/budgets/budgets';
import { isBooked } from '@saldo/contract/period/booked';
import type { Db } from '../../db/client.ts';
import { cachedByDataVersion } from '../../db/data-cache.ts';
import { PROFIT_LOSS_FIRST_ACCOUNT, PROFIT_LOSS_LAST_ACCOUNT } from '../../engine/lines.ts';
import { buildProfitLoss } from '../../engine/profit-loss.ts';
import type { BoardRange } from '../../http/board-range.ts';
import type { Period } from '../../http/period.ts';
import { accountTitles, lastBookedMonth, monthlyMovements } from '../reports/queries.ts';
import { budgetCells } from './queries.ts';
import { budgetProfitLoss, lineValue } from './report.ts';

/** The period's actual P&L, kept per data version (the budget itself changes without a sync, so not in here). */
const actualProfitLoss = cachedByDataVersion(
  async (db: Db, sources: readonly string[], period: Period, deduct: readonly number[]) =>
    buildProfitLoss(
      await monthlyMovements(
        db,
        sources,
        { first: period.months[0]!, last: period.months[period.months.length - 1]! },
        { from: PROFIT_LOSS_FIRST_ACCOUNT, to: PROFIT_LOSS_LAST_ACCOUNT },
        deduct,
      ),
      await accountTitles(db, sources),
      period,
    ),
);

/**
 * GET /api/widgets/budget: a line of the profit and loss against the budget, by month. Øre, the
 * statement's sign. Totals and the variance cover the booked months; budgetPeriod the whole period.
 */
export async function budgetWidgetData(
  db: Db,
  { boardId, sources, period, deduct }: Pick<BoardRange, 'boardId' | 'sources' | 'period' | 'deduct'>,
  line: BudgetWidgetLine,
): Promise<BudgetWidgetData> {
  const first = period.months[0]!;
  const last = period.months[period.months.length - 1]!;
  const [booked, actual, titles, cells] = await Promise.all([
    lastBookedMonth(db, sources),
    actualProfitLoss(db, sources, period, deduct),
    accountTitles(db, sources),
    budgetCells(db, boardId, first, last),
  ]);
  const planned = budgetProfitLoss(cells, titles, period);
  const months = period.months.map((month, i) => ({
    month,
    actual: lineValue(actual.months[i]!, line),
    budget: lineValue(planned.months[i]!, line),
  }));
  const inBooked = months.filter((m) => isBooked(m.month, booked));
  const sum = (list: typeof months, key: 'actual' | 'budget') => list.reduce((s, m) => s + m[key], 0);
  const totalActual = sum(inBooked, 'actual');
  const totalBudget = sum(inBooked, 'budget');
  return {
    line,
    title: budgetWidgetLineTitle(line),
    months,
    actual: totalActual,
    budget: totalBudget,
    variance: totalActual - totalBudget,
    variancePercent: variancePercent(totalActual, totalBudget, 'ore'),
    budgetPeriod: sum(months, 'budget'),
    hasBudget: cells.length > 0,
    lastBookedMonth: booked,
  };
}
