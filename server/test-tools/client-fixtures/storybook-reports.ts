// Storybook's report stories answer from fixtures (storybook/stories/fixtures.ts): a small company's
// year of ledger movements run through the server's report engine, exactly as the API would answer.
// Storybook must not import the server, so the reports are written once to storybook/stories/reports.json
// (`npx tsx server/test-tools/client-fixtures/write.ts`); client-fixtures.test.ts fails when that file is
// not what the engine makes today.
import type { BalanceSheetReport, CashFlowReport, ProfitLossReport } from '@saldo/contract';
import { buildBalanceSheet, buildCashFlow, buildProfitLoss, type MonthlyMovement } from '../../src/engine/index.ts';

// A small Norwegian company with some seasonality, as ledger movements in whole øre; the report
// itself comes out of the server's report engine, exactly as the API would answer.
type Account = [number, string, string, (month: number, sales: number) => number];
const accounts: Account[] = [
  [3000, 'Salgsinntekt, avgiftspliktig', 'Sales revenue, taxable', (_, sales) => Math.round(sales * 0.9)],
  [3100, 'Salgsinntekt, avgiftsfri', 'Sales revenue, tax-free', (_, sales) => sales - Math.round(sales * 0.9)],
  [3600, 'Leieinntekt', 'Rental income', () => 25_000_00],
  [4000, 'Innkjøp av varer', 'Purchase of goods', (_, sales) => -Math.round(sales * 0.42)],
  [5000, 'Lønn til ansatte', 'Salaries', () => -310_000_00],
  [5400, 'Arbeidsgiveravgift', 'Employer tax', () => -43_710_00],
  [6010, 'Avskrivning på maskiner', 'Depreciation of machinery', () => -12_500_00],
  [6300, 'Leie lokale', 'Rent of premises', () => -45_000_00],
  [6800, 'Kontorrekvisita', 'Office supplies', (m) => -(3_000_00 + m * 150_00)],
  [8040, 'Renteinntekt', 'Interest income', () => 1_850_00],
  [8150, 'Rentekostnad', 'Interest expense', () => -4_200_00],
];
const titles = new Map([
  ...accounts.map(([number, no, en]) => [number, { no, en }] as const),
  [8300, { no: 'Betalbar skatt', en: 'Tax payable' }] as const,
]);
const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);

function monthMovements(month: string, m: number, scale = 1): MonthlyMovement[] {
  const sales = Math.round(1_150_000 * scale * (1 + 0.25 * Math.sin(((m - 3) / 12) * 2 * Math.PI))) * 100;
  // Report-sign figures turned into the ledger's sign (debit positive).
  const lines = accounts.map(([accountNumber, , , amount]) => ({ accountNumber, month, amount: -amount(m, sales) }));
  const resultBeforeTax = -lines.reduce((sum, line) => sum + line.amount, 0);
  lines.push({ accountNumber: 8300, month, amount: Math.round(Math.max(resultBeforeTax, 0) * 0.22) });
  return lines;
}

const range = { startDate: '2026-01-01', endDate: '2026-12-31', months };
const profitLoss: ProfitLossReport = buildProfitLoss(
  months.flatMap((month, i) => monthMovements(month, i + 1)),
  titles,
  range,
);
const emptyProfitLoss: ProfitLossReport = buildProfitLoss([], titles, range);

// The whole ledger behind the balance sheet and cash flow: every P&L movement is paid through the
// bank, except depreciation (against machinery), tax (against tax payable) and a tenth of sales
// still owed by customers at the month end, so every month's vouchers balance.
const ledgerTitles = new Map([
  ...titles,
  [1200, { no: 'Maskiner og anlegg', en: 'Machinery and equipment' }] as const,
  [1500, { no: 'Kundefordringer', en: 'Trade receivables' }] as const,
  [1920, { no: 'Bankinnskudd', en: 'Bank deposits' }] as const,
  [2000, { no: 'Aksjekapital', en: 'Share capital' }] as const,
  [2050, { no: 'Annen egenkapital', en: 'Other equity' }] as const,
  [2220, { no: 'Gjeld til kredittinstitusjoner', en: 'Bank loans' }] as const,
  [2400, { no: 'Leverandørgjeld', en: 'Trade payables' }] as const,
  [2500, { no: 'Betalbar skatt, ikke utlignet', en: 'Tax payable' }] as const,
]);
const opening = new Map([
  [1200, 600_000_00],
  [1500, 115_000_00],
  [1920, 1_250_000_00],
  [2000, -100_000_00],
  [2050, -1_265_000_00],
  [2220, -400_000_00],
  [2400, -200_000_00],
]);

function ledgerMonth(month: string, m: number, scale: number): MonthlyMovement[] {
  const lines = monthMovements(month, m, scale);
  const sum = (list: MonthlyMovement[], accounts: number[]) =>
    list.filter((l) => accounts.includes(l.accountNumber)).reduce((s, l) => s + l.amount, 0);
  const owedAfter = (mm: number) => Math.round(-sum(monthMovements(month, mm, scale), [3000, 3100]) * 0.1);
  const depreciation = sum(lines, [6010]);
  const tax = sum(lines, [8300]);
  const owed = owedAfter(m) - (m === 1 ? 115_000_00 : owedAfter(m - 1));
  const other = [
    { accountNumber: 1200, month, amount: -depreciation },
    { accountNumber: 2500, month, amount: -tax },
    { accountNumber: 1500, month, amount: owed },
    { accountNumber: 2220, month, amount: 10_000_00 }, // a loan instalment
  ];
  const bank = -[...lines, ...other].reduce((s, l) => s + l.amount, 0);
  return [...lines, ...other, { accountNumber: 1920, month, amount: bank }];
}

function ledger(year: number, scale: number) {
  const ms = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
  return {
    range: { startDate: `${year}-01-01`, endDate: `${year}-12-31`, months: ms },
    history: {
      before: [...opening].map(([accountNumber, amount]) => ({ accountNumber, amount })),
      fromMonth: `${year}-01`,
      movements: ms.flatMap((month, i) => ledgerMonth(month, i + 1, scale)),
    },
  };
}

const thisYear = ledger(2026, 1);
const lastYear = ledger(2025, 0.85);
const nothing = { before: [], fromMonth: '2026-01', movements: [] };

const balanceSheet: BalanceSheetReport = buildBalanceSheet(thisYear.history, ledgerTitles, thisYear.range);
const emptyBalanceSheet: BalanceSheetReport = buildBalanceSheet(nothing, ledgerTitles, range);
const cashFlow: CashFlowReport = buildCashFlow(thisYear.history, thisYear.range);
const emptyCashFlow: CashFlowReport = buildCashFlow(nothing, range);

/** The reports a year earlier, for `compare` (stories show both choices with last year's figures). */
const comparisons = {
  '/api/profit-loss': buildProfitLoss(
    lastYear.history.movements.filter((m) => m.accountNumber >= 3000),
    titles,
    lastYear.range,
  ),
  '/api/balance-sheet': buildBalanceSheet(lastYear.history, ledgerTitles, lastYear.range),
  '/api/cashflow': buildCashFlow(lastYear.history, lastYear.range),
};

/** The reports the stories show: with data, for a period without postings, and a year earlier (`compare`). */
export function storybookReports(): {
  profitLoss: ProfitLossReport;
  emptyProfitLoss: ProfitLossReport;
  balanceSheet: BalanceSheetReport;
  emptyBalanceSheet: BalanceSheetReport;
  cashFlow: CashFlowReport;
  emptyCashFlow: CashFlowReport;
  comparisons: typeof comparisons;
} {
  return { profitLoss, emptyProfitLoss, balanceSheet, emptyBalanceSheet, cashFlow, emptyCashFlow, comparisons };
}

export const STORYBOOK_REPORTS_JSON = new URL('../../../storybook/stories/reports.json', import.meta.url);
