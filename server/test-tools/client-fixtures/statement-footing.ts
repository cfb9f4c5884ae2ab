// The portal's statement-footing test (portal/src/features/reports/statement-footing.test.tsx) checks that
// the SDK's row models and views foot on ledgers run through the server's report engine. The portal must
// not import the server, so the ledgers and the engine's reports on them are written once to
// portal/src/features/reports/statement-footing.json (`npx tsx server/test-tools/client-fixtures/write.ts`);
// client-fixtures.test.ts fails when that file is not what the engine makes today.
import type { BalanceSheetReport, CashFlowReport, ProfitLossReport } from '@saldo/contract';
import fc from 'fast-check';
import { buildBalanceSheet, buildCashFlow, buildProfitLoss, type MonthlyMovement } from '../../src/engine/index.ts';

const ACCOUNTS = [1200, 1500, 1920, 1950, 2000, 2050, 2400, 2600, 2740, 3000, 3100, 3600, 4300, 5000, 6000, 6300, 7700];
const ACCOUNTS_PL = [...ACCOUNTS, 8040, 8150, 8300];
const MONTHS = ['2025-01', '2025-02', '2025-03', '2026-01', '2026-02', '2026-03'];

// Random balanced vouchers over two years' first quarters; amounts carry odd øre (…50, …49) on purpose,
// so rounding each figure on its own would not foot.
const voucher = fc
  .record({
    month: fc.constantFrom(...MONTHS),
    accounts: fc.uniqueArray(fc.constantFrom(...ACCOUNTS_PL), { minLength: 2, maxLength: 4 }),
    amounts: fc.array(
      fc.oneof(
        fc.integer({ min: -2_000_000_00, max: 2_000_000_00 }),
        fc.integer({ min: -20_000, max: 20_000 }).map((k) => k * 100 + 50),
      ),
      { minLength: 3, maxLength: 3 },
    ),
  })
  .map(({ month, accounts, amounts }) => {
    const lines: MonthlyMovement[] = accounts
      .slice(0, -1)
      .map((accountNumber, i) => ({ month, accountNumber, amount: amounts[i] ?? 0 }));
    lines.push({ month, accountNumber: accounts.at(-1)!, amount: -lines.reduce((s, l) => s + l.amount, 0) });
    return lines;
  });
const ledger = fc.array(voucher, { minLength: 1, maxLength: 40 }).map((v) => v.flat());

const range = (year: number) => ({
  startDate: `${year}-01-01`,
  endDate: `${year}-03-31`,
  months: [`${year}-01`, `${year}-02`, `${year}-03`],
});

const history = (movements: MonthlyMovement[], year: number) => ({
  before: movements.filter((m) => m.month < `${year}-01`),
  fromMonth: `${year}-01`,
  movements: movements.filter((m) => m.month >= `${year}-01`),
});

/** One random ledger, and each statement on it for 2026 with its 2025 comparison. */
export interface FootingSample {
  movements: MonthlyMovement[];
  profitLoss: ProfitLossReport;
  balanceSheet: BalanceSheetReport;
  cashFlow: CashFlowReport;
}

/** How many ledgers (of 11 to 39 vouchers with this seed); each adds some 110 kB to the file. */
export const FOOTING_SAMPLES = 6;

export function footingFixtures(): { samples: FootingSample[]; subAccounts: BalanceSheetReport } {
  const ledgers = fc.sample(ledger, { numRuns: FOOTING_SAMPLES, seed: 20261128 });
  const samples = ledgers.map((movements) => ({
    movements,
    profitLoss: {
      ...buildProfitLoss(movements, new Map(), range(2026)),
      comparison: buildProfitLoss(movements, new Map(), range(2025)),
    },
    balanceSheet: {
      ...buildBalanceSheet(history(movements, 2026), new Map(), range(2026)),
      comparison: buildBalanceSheet(history(movements, 2025), new Map(), range(2025)),
    },
    cashFlow: {
      ...buildCashFlow(history(movements, 2026), range(2026)),
      comparison: buildCashFlow(history(movements, 2025), range(2025)),
    },
  }));
  // Sub-accounts of one number apart, by their own IDs, and an account no rule places.
  const month = '2026-01';
  const subAccounts = buildBalanceSheet(
    {
      before: [],
      fromMonth: month,
      movements: [
        { accountNumber: 1920, accountId: '1920PKEY92783', month, amount: 60_000_00 },
        { accountNumber: 1920, accountId: '1920PKEY20503047', month, amount: 40_000_00 },
        { accountNumber: 9996, accountId: '9996', month, amount: -5_000_00 },
        { accountNumber: 2000, month, amount: -95_000_00 },
      ],
    },
    new Map([
      ['1920PKEY92783', { no: 'Driftskonto', en: 'Operating account' }],
      ['1920PKEY20503047', { no: 'Skattetrekk', en: 'Tax deduction account' }],
      ['9996', { no: 'Avregning', en: 'Clearing' }],
    ]),
    { startDate: '2026-01-01', endDate: '2026-01-31', months: [month] },
  );
  return { samples, subAccounts };
}

export const FOOTING_JSON = new URL('../../../portal/src/features/reports/statement-footing.json', import.meta.url);
