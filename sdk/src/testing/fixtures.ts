import type { ProfitLossReport, TopListItem } from '@saldo/server/contract';
import { buildProfitLoss, type MonthlyMovement } from '@saldo/server/reports';

/** Contract-shaped data for unit tests (amounts in øre). */
export const topCustomers: TopListItem[] = [
  { _id: 'c1', name: 'Fjord Fisk AS', amount: 123_456_789 },
  { _id: 'c2', name: 'Nordlys Bygg AS', amount: 61_728_394 },
  { _id: 'c3', name: 'Kafé Bønna', amount: 150 },
];

// Account titles and movements as the server holds them (ledger sign: debit positive); the P&L
// fixtures come out of the server's own report engine, so they have exactly the API's shape.
const titles = new Map([
  [3000, { no: 'Salgsinntekt, avgiftspliktig', en: 'Sales, taxable' }],
  [4000, { no: 'Innkjøp av varer', en: 'Purchase of goods' }],
  [5000, { no: 'Lønn til ansatte', en: 'Salaries' }],
  [5400, { no: 'Arbeidsgiveravgift', en: 'Employer tax' }],
  [8050, { no: 'Renteinntekt', en: 'Interest income' }],
  [8300, { no: 'Betalbar skatt', en: 'Tax payable' }],
]);

/** One month's movements from report-sign figures (income positive, costs negative). */
function movements(
  month: string,
  sales: number,
  cogs: number,
  payroll: number,
  finance: number,
  tax: number,
): MonthlyMovement[] {
  const salaries = Math.round(payroll * 0.8);
  return [
    { accountNumber: 3000, month, amount: -sales },
    { accountNumber: 4000, month, amount: -cogs },
    { accountNumber: 5000, month, amount: -salaries },
    { accountNumber: 5400, month, amount: -(payroll - salaries) },
    { accountNumber: 8050, month, amount: -finance },
    { accountNumber: 8300, month, amount: -tax },
  ];
}

export const profitLoss: ProfitLossReport = buildProfitLoss(
  [
    ...movements('2026-01', 1_000_000_00, -400_000_00, -300_000_00, 1_000_00, -66_220_00),
    ...movements('2026-02', 1_200_000_00, -450_000_00, -310_000_00, 1_200_00, -97_064_00),
  ],
  titles,
  { startDate: '2026-01-01', endDate: '2026-02-28', months: ['2026-01', '2026-02'] },
);

/** What the API answers for a month without postings. */
export const emptyProfitLoss: ProfitLossReport = buildProfitLoss([], titles, {
  startDate: '2026-01-01',
  endDate: '2026-01-31',
  months: ['2026-01'],
});

/** A response with a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Waits for pending promise callbacks and timers of zero delay. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
