import type { ReportComparison } from '@saldo/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { budgetQuery } from '../budgets/queries';
import { COMPARISONS } from './period-state';

/**
 * What a statement compares with: another period, or last year's end (the whole fiscal year before the
 * one holding the period's end: the usual balance sheet, this period end beside last year's end).
 */
export const STATEMENT_COMPARISONS: readonly ReportComparison[] = ['previous', 'lastYear', 'yearEnd'];

export interface ReportComparisons {
  comparisons: readonly ReportComparison[];
  /**
   * False while the page waits to learn whether the board has a budget: an address with
   * `compare=budget` would otherwise be shown without it first, then fetched again.
   */
  ready: boolean;
}

/**
 * What a page offers to compare with: another period; on a statement's page (`statements`) also last
 * year's end, which the widgets have none of. Every statement answers `compare=budget` (the balance
 * sheet and cash flow from the actual balances at 1 January plus the budgeted movements), but only a
 * board with a budget for some year has one to offer: GET /api/budgets/{id} lists those years. The
 * query is the budget page's own (this year's), so a budget saved or imported there is offered here
 * at once.
 */
export function useReportComparisons(
  boardId: string | undefined,
  today: Date = new Date(),
  statements = false,
): ReportComparisons {
  const asks = !!boardId;
  const query = useQuery({ ...budgetQuery(boardId ?? '', today.getFullYear()), enabled: asks });
  const hasBudget = (query.data?.years.length ?? 0) > 0;
  const periods = statements ? STATEMENT_COMPARISONS : COMPARISONS;
  const comparisons = useMemo(
    () => (asks && hasBudget ? [...periods, 'budget' as const] : periods),
    [asks, hasBudget, periods],
  );
  return { comparisons, ready: !asks || !query.isPending };
}
