// The SDK's statement fixtures, made by the server's own report engine so they have exactly the
// API's shape. The SDK must not depend on the server, so they are written to
// sdk/src/testing/statements.json (`npx tsx server/test-tools/sdk-fixtures/write.ts`) and
// statements.test.ts fails when that file is not what the engine makes today.
import type { BalanceSheetReport, CashFlowReport, ProfitLossReport } from '@saldo/contract';
import {
  buildBalanceSheet,
  buildCashFlow,
  buildProfitLoss,
  type LedgerHistory,
  type MonthlyMovement,
} from '../../src/engine/index.ts';

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

const profitLoss: ProfitLossReport = buildProfitLoss(
  [
    ...movements('2026-01', 1_000_000_00, -400_000_00, -300_000_00, 1_000_00, -66_220_00),
    ...movements('2026-02', 1_200_000_00, -450_000_00, -310_000_00, 1_200_00, -97_064_00),
  ],
  titles,
  { startDate: '2026-01-01', endDate: '2026-02-28', months: ['2026-01', '2026-02'] },
);

/** What the API answers for a month without postings. */
const emptyProfitLoss: ProfitLossReport = buildProfitLoss([], titles, {
  startDate: '2026-01-01',
  endDate: '2026-01-31',
  months: ['2026-01'],
});

/** The same months a year earlier with other figures: the comparison period of `lastYear`. */
const profitLossWithComparison: ProfitLossReport = {
  ...profitLoss,
  comparison: buildProfitLoss(
    [
      ...movements('2025-01', 800_000_00, -350_000_00, -280_000_00, 500_00, -37_510_00),
      ...movements('2025-02', 900_000_00, -380_000_00, -290_000_00, 500_00, -50_270_00),
    ],
    titles,
    { startDate: '2025-01-01', endDate: '2025-02-28', months: ['2025-01', '2025-02'] },
  ),
};

// A small company's whole ledger (debit positive), voucher by voucher so that every voucher
// balances; the balance sheet and cash flow fixtures come out of the server's engine.
const ledgerTitles = new Map([
  ...titles,
  [1200, { no: 'Maskiner og anlegg', en: 'Machinery and equipment' }],
  [1500, { no: 'Kundefordringer', en: 'Trade receivables' }],
  [1920, { no: 'Bankinnskudd', en: 'Bank deposits' }],
  [2000, { no: 'Aksjekapital', en: 'Share capital' }],
  [2050, { no: 'Annen egenkapital', en: 'Other equity' }],
  [2400, { no: 'Leverandørgjeld', en: 'Trade payables' }],
  [6010, { no: 'Avskrivning på maskiner', en: 'Depreciation of machinery' }],
]);

/** Opening balances: machinery, bank, equity and payables netting to zero. */
const opening = new Map([
  [1200, 120_000_00],
  [1920, 380_000_00],
  [2000, -100_000_00],
  [2050, -300_000_00],
  [2400, -100_000_00],
]);

/** Vouchers of one month as [debit account, credit account, øre], scaled by `k`. */
function vouchers(month: string, k: number, second: boolean): MonthlyMovement[] {
  const entries: [number, number, number][] = second
    ? [
        [1920, 3000, 120_000_00],
        [1920, 1500, 25_000_00], // a customer pays
        [2400, 1920, 30_000_00], // a supplier is paid
        [5000, 1920, 42_000_00],
        [6010, 1200, 2_000_00],
      ]
    : [
        [1920, 3000, 75_000_00],
        [1500, 3000, 25_000_00], // sold on credit
        [4000, 2400, 30_000_00], // bought on credit
        [5000, 1920, 40_000_00],
        [6010, 1200, 2_000_00],
      ];
  const sums = new Map<number, number>();
  for (const [debit, credit, amount] of entries) {
    sums.set(debit, (sums.get(debit) ?? 0) + amount * k);
    sums.set(credit, (sums.get(credit) ?? 0) - amount * k);
  }
  return [...sums].map(([accountNumber, amount]) => ({ accountNumber, month, amount }));
}

function ledger(year: number, k: number, before = opening): LedgerHistory {
  return {
    before: [...before].map(([accountNumber, amount]) => ({ accountNumber, amount })),
    fromMonth: `${year}-01`,
    movements: [...vouchers(`${year}-01`, k, false), ...vouchers(`${year}-02`, k, true)],
  };
}

const range = (year: number) => ({
  startDate: `${year}-01-01`,
  endDate: `${year}-02-28`,
  months: [`${year}-01`, `${year}-02`],
});

const balanceSheet: BalanceSheetReport = buildBalanceSheet(ledger(2026, 1), ledgerTitles, range(2026));

const balanceSheetWithComparison: BalanceSheetReport = {
  ...balanceSheet,
  comparison: buildBalanceSheet(ledger(2025, 0.5), ledgerTitles, range(2025)),
};

/** A source whose opening balances do not net to zero (10 000 kr of bank with no other side). */
const unbalancedBalanceSheet: BalanceSheetReport = buildBalanceSheet(
  ledger(2026, 1, new Map([...opening, [1920, 390_000_00]])),
  ledgerTitles,
  range(2026),
);

/** A period before the company had any postings or balances. */
const emptyBalanceSheet: BalanceSheetReport = buildBalanceSheet(
  { before: [], fromMonth: '2026-01', movements: [] },
  ledgerTitles,
  range(2026),
);

const cashFlow: CashFlowReport = buildCashFlow(ledger(2026, 1), range(2026));

const cashFlowWithComparison: CashFlowReport = {
  ...cashFlow,
  comparison: buildCashFlow(ledger(2025, 0.5), range(2025)),
};

const emptyCashFlow: CashFlowReport = buildCashFlow({ before: [], fromMonth: '2026-01', movements: [] }, range(2026));

/** Every fixture by the name the SDK's tests import it under. */
export function statementFixtures(): Record<string, ProfitLossReport | BalanceSheetReport | CashFlowReport> {
  return {
    profitLoss,
    emptyProfitLoss,
    profitLossWithComparison,
    balanceSheet,
    balanceSheetWithComparison,
    unbalancedBalanceSheet,
    emptyBalanceSheet,
    cashFlow,
    cashFlowWithComparison,
    emptyCashFlow,
  };
}

export const STATEMENTS_JSON = new URL('../../../sdk/src/testing/statements.json', import.meta.url);
