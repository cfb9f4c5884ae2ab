// The portfolio's P&L figures of a period from a reader of its flows: the actuals' from the month
// summaries (rows.ts) and the budget's from its cells (budget-comparison.ts), by one rule.

/** The P&L flows a portfolio row shows. */
export type ProfitLossFlow = 'revenue' | 'grossProfit' | 'operatingResult' | 'resultBeforeTax' | 'result';

/** Revenue to result over the period, and the gross margin of them in percent (none over a revenue of 0). */
export function profitLossFigures(flow: (id: ProfitLossFlow) => number) {
  const revenue = flow('revenue');
  const grossProfit = flow('grossProfit');
  return {
    revenue,
    grossProfit,
    grossMargin: revenue === 0 ? null : (grossProfit / revenue) * 100,
    operatingResult: flow('operatingResult'),
    resultBeforeTax: flow('resultBeforeTax'),
    result: flow('result'),
  };
}
