import type { ReportComparison } from '@saldo/contract';
import { useQuery } from '@tanstack/react-query';
import { budgetQuery } from '../budgets/queries';
import { COMPARISONS } from './period-state';

/** A statement of a board with a budget: another period, or the budget. */
export const WITH_BUDGET: readonly ReportComparison[] = ['previous', 'lastYear', 'budget'];

export interface ReportComparisons {
  comparisons: readonly ReportComparison[];
  /**
   * False while the page waits to learn whether the board has a budget: an address with
   * `compare=budget` would otherwise be shown without it first, then fetched again.
   */
  ready: boolean;
}

/**
 * What a report page offers to compare with. Every statement answers `compare=budget` (the balance
 * sheet and cash flow from the actual balances at 1 January plus the budgeted movements), but only a
 * board with a budget for some year has one to offer: GET /api/budgets/{id} lists those years. The
 * query is the budget page's own (this year's), so a budget saved or imported there is offered here
 * at once.
 */
export function useReportComparisons(boardId: string | undefined, today: Date = new Date()): ReportComparisons {
  const asks = !!boardId;
  const query = useQuery({ ...budgetQuery(boardId ?? '', today.getFullYear()), enabled: asks });
  const hasBudget = (query.data?.years.length ?? 0) > 0;
  return { comparisons: asks && hasBudget ? WITH_BUDGET : COMPARISONS, ready: !asks || !query.isPending };
}
