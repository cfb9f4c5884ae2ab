import type { BudgetWidgetData } from '@saldo/contract';
import { type BudgetWidgetLine, budgetWidgetLineTitle, variancePercent } from '@saldo/contract/budgets/budgets';
import { isBooked } from '@saldo/contract/period/booked';
import type { Db } from '../../db/client.ts';
import type { BoardRange } from '../../http/board-range.ts';
import { lastBookedMonth } from '../../ledger/booked.ts';
import { cachedByDataVersion } from '../../ledger/cache.ts';
import { actualProfitLoss } from '../../ledger/profit-loss.ts';
import { accountTitles } from '../../ledger/titles.ts';
import { budgetCells } from './queries.ts';
import { budgetProfitLoss, lineValue } from './report.ts';

/** The period's actual P&L, kept per data version (the budget itself changes without a sync, so not in here). */
const keptProfitLoss = cachedByDataVersion(actualProfitLoss);

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
    keptProfitLoss(db, sources, period, deduct),
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
