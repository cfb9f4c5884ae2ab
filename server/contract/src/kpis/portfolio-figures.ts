// The figures of a portfolio row, in one list that imports nothing: the row's schema makes its enum of
// them, and the table's rules (portfolio-table.ts, zod-free for the portal) sort by them.

/** Every figure a portfolio row carries (schemas/portfolio.ts makes its enum of them). */
export const portfolioFigureIds = [
  'revenue',
  'grossProfit',
  'grossMargin',
  'operatingResult',
  'resultBeforeTax',
  'result',
  'cashAndBank',
  'equityRatio',
  'liquidityRatio1',
] as const;
