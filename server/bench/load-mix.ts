/**
 * The load benches' mix (load.bench.ts over HTTP, request-cpu.ts in one process): the dashboard's and
 * the reports' calls of one board: 13 catalogue widgets and reports, 3 custom widgets, a drill-down, a
 * search. One list, so the two benches measure the same calls.
 */

/** The custom widgets the mix reads, created on the board first. */
export const MIX_CUSTOM_WIDGETS = [
  { name: 'Salg', type: 'accountRange', range: { from: '3000', to: '3999' } },
  { name: 'Lønn', type: 'accountRange', range: { from: '5000', to: '5999' } },
  {
    name: 'Lønn av salg',
    type: 'ratio',
    dividend: { from: '5000', to: '5999' },
    divisor: { from: '3000', to: '3999' },
  },
] as const;

/** The mix's paths for a board, given the ids of its MIX_CUSTOM_WIDGETS. */
export function mixPaths(boardId: string, customIds: readonly string[], year = new Date().getUTCFullYear()): string[] {
  const q = `groupId=${boardId}`;
  return [
    `/api/profit-loss?${q}`,
    `/api/profit-loss?${q}&compare=lastYear`,
    `/api/balance-sheet?${q}`,
    `/api/cashflow?${q}`,
    `/api/widgets/top-ten/customers?${q}`,
    `/api/widgets/top-ten/suppliers?${q}`,
    `/api/widgets/top-ten/products?${q}`,
    `/api/widgets/top-ten/expenses?${q}`,
    `/api/widgets/top-ten/largest-transactions?${q}`,
    `/api/widgets/top-five/expenses?${q}`,
    `/api/widgets/turnover?${q}`,
    `/api/widgets/mrr?${q}`,
    `/api/widgets/employees?${q}`,
    ...customIds.map((id) => `/api/widgets/${boardId}/custom/${id}?${q}`),
    `/api/postings?groupId=${boardId}&from=${year}-01-01&to=${year}-12-31&account=3000-3999`,
    `/api/widgets/${boardId}/accounts?q=30`,
  ];
}
