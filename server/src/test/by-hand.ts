import type { DemoPosting } from './demo-ledger.ts';

// The pieces of the tests' hand computations of the statements: account ranges written out here,
// not read from the contract or the engine, so a figure checked with them is checked independently.

/** Account ranges, each from–to inclusive. */
export type Ranges = Array<[number, number]>;

/** Whether an account number lies in any of the ranges. */
export const within = (n: number, ranges: Ranges) => ranges.some(([a, b]) => n >= a && n <= b);

/** The sign turned round, without -0. */
export const minus = (n: number) => -n || 0;

/** Results: the P&L's accounts, which stay in equity's "result" lines until closed. */
export const RESULTS: Ranges = [
  [3000, 8199],
  [8300, 8399],
  [8800, 8999],
];

/**
 * The cash flow's parts by account: investing, financing, and operating (everything else outside cash,
 * depreciation's add-back and charge cancelling out).
 */
export const CASH_FLOW: Record<'investing' | 'financing' | 'operating', Ranges> = {
  investing: [
    [1000, 1399],
    [1800, 1899],
    [6000, 6099],
  ],
  financing: [
    [2000, 2099],
    [2200, 2399],
    [2800, 2899],
    [8800, 8999],
  ],
  operating: [
    [0, 999],
    [1400, 1799],
    [2100, 2199],
    [2400, 2799],
    [2900, 5999],
    [6100, 8799],
    [9000, 99_999],
  ],
};

/** The P&L's subtotals by hand, from a sum (debit positive) over account ranges: all but the result. */
export const profitLossSubtotals = (sum: (ranges: Ranges) => number) => ({
  operatingIncome: minus(sum([[3000, 3999]])),
  operatingExpenses: minus(sum([[4000, 7999]])),
  grossProfit: minus(sum([[3000, 4999]])),
  operatingResult: minus(sum([[3000, 7999]])),
  netFinancialItems: minus(sum([[8000, 8199]])),
  resultBeforeTax: minus(sum([[3000, 8199]])),
});

/**
 * Each party's postings (by its id in the source) on the accounts in the months first–last (yyyy-mm,
 * inclusive, each posting in its date's month), in report sign.
 */
export function sumsByParty(
  postings: readonly DemoPosting[],
  party: 'customerId' | 'supplierId',
  accounts: { from: number; to: number; sign: 1 | -1 },
  first: string,
  last: string,
): Map<string, number> {
  const sums = new Map<string, number>();
  for (const p of postings) {
    const month = p.date.slice(0, 7);
    const id = p[party];
    if (!id || p.accountNumber < accounts.from || p.accountNumber > accounts.to || month < first || month > last)
      continue;
    sums.set(id, (sums.get(id) ?? 0) + accounts.sign * p.amount);
  }
  return sums;
}

/**
 * Excel's QUARTILE.INC written out from its description: the value at the 1-based rank 1 + q/4·(n − 1)
 * of the sorted values, between two ranks that far along the line between them. Null for no values.
 */
export function excelQuartile(values: readonly number[], quart: 1 | 2 | 3): number | null {
  if (values.length === 0) return null;
  const xs = [...values].sort((a, b) => a - b);
  const rank = 1 + (quart / 4) * (xs.length - 1);
  const whole = Math.trunc(rank);
  const below = xs[whole - 1]!;
  const above = whole < xs.length ? xs[whole]! : below;
  return below + (rank - whole) * (above - below);
}

/**
 * A sum over postings: debit-positive øre on the accounts in the months `from`–`to` (yyyy-mm, each
 * posting in its period or else its date's month; from '' for a balance: everything up to `to`).
 */
export const postingSum =
  (postings: readonly DemoPosting[]) =>
  (ranges: Ranges, from: string, to: string): number =>
    postings
      .filter((p) => {
        const month = p.period ?? p.date.slice(0, 7);
        return within(p.accountNumber, ranges) && month >= from && month <= to;
      })
      .reduce((s, p) => s + p.amount, 0);

/** Øre to whole kroner, half away from zero. */
export const kroner = (ore: number) => (ore < 0 ? -1 : 1) * Math.floor((Math.abs(ore) + 50) / 100) || 0;
