// Where a portfolio figure drills to: its board's statement at the line the figure is read from, for
// the portfolio's period and comparison. The report page opens that line's drill-down (`line`, see
// reports/open-line.ts), as a click on the line's period figure would.
import type { PortfolioFigureId } from '@saldo/contract';
import { withPeriod } from '../period/period-state';
import type { PortfolioCompare } from './queries';

export type FigureStatement = 'profit' | 'balanceSheet';

/**
 * Each figure's statement and line (the statement element's `data-line` of a sum, or `data-group` of a
 * line): a margin opens the sum it is taken of, a ratio at the period's end the balance it is taken of.
 */
export const FIGURE_LINES: Record<PortfolioFigureId, { statement: FigureStatement; line: string }> = {
  revenue: { statement: 'profit', line: 'operatingIncome' },
  grossProfit: { statement: 'profit', line: 'grossProfit' },
  grossMargin: { statement: 'profit', line: 'grossProfit' },
  operatingResult: { statement: 'profit', line: 'operatingResult' },
  resultBeforeTax: { statement: 'profit', line: 'resultBeforeTax' },
  result: { statement: 'profit', line: 'result' },
  cashAndBank: { statement: 'balanceSheet', line: 'cashAndBank' },
  equityRatio: { statement: 'balanceSheet', line: 'totalEquity' },
  liquidityRatio1: { statement: 'balanceSheet', line: 'totalCurrentAssets' },
};

const PATHS: Record<FigureStatement, string> = { profit: '/profit', balanceSheet: '/balance-sheet' };

/** The address of a figure's drill-down: the statement, the period (whole months), the comparison and the line. */
export function figureLink(
  id: PortfolioFigureId,
  period: { startDate: string; endDate: string },
  compare: PortfolioCompare,
): string {
  const { statement, line } = FIGURE_LINES[id];
  const choice = { kind: 'custom', from: period.startDate.slice(0, 7), to: period.endDate.slice(0, 7) } as const;
  const params = withPeriod(new URLSearchParams(), choice, compare);
  params.set('line', line);
  return `${PATHS[statement]}?${params}`;
}
