// Which accounts (places in the NS 4102 chart) make up each line and subtotal of the three statements,
// and with which sign. The report engine sums by these ranges, and the SDK names them in `saldo-drill`,
// so the postings listed for a figure are exactly the postings it was summed from. Pure and free of
// imports, so the SDK's bundle carries only the numbers.

/** Inclusive ranges of account numbers. */
export type AccountRanges = ReadonlyArray<readonly [from: number, to: number]>;

/** A figure as a sum of postings: `sign` × the ledger's movements (debit positive) of `ranges`. */
export interface AccountSum {
  ranges: AccountRanges;
  /** -1 where the statement shows credit positive (income, equity, liabilities, cash effects), 1 for debit. */
  sign: 1 | -1;
}

export const PROFIT_LOSS_RANGES = {
  salesRevenue: [3000, 3399],
  otherOperatingIncome: [3400, 3999],
  costOfGoods: [4000, 4999],
  payroll: [5000, 5999],
  depreciation: [6000, 6099],
  otherOperatingExpenses: [6100, 7999],
  financialIncome: [8000, 8099],
  financialExpenses: [8100, 8199],
  tax: [8300, 8399],
} as const satisfies Record<string, readonly [number, number]>;

/** The P&L's subtotals (regnskapsloven § 6-1), all in report sign (the ledger's sign turned round). */
export const PROFIT_LOSS_SUBTOTALS = {
  operatingIncome: [[3000, 3999]],
  operatingExpenses: [[4000, 7999]],
  grossProfit: [[3000, 4999]],
  operatingResult: [[3000, 7999]],
  netFinancialItems: [[8000, 8199]],
  resultBeforeTax: [[3000, 8199]],
  result: [
    [3000, 8199],
    [8300, 8399],
  ],
} as const satisfies Record<string, AccountRanges>;

export type ProfitLossSubtotal = keyof typeof PROFIT_LOSS_SUBTOTALS;

/** A line of the P&L (regnskapsloven § 6-1), as the API's report names its groups. */
export type ProfitLossGroupId = keyof typeof PROFIT_LOSS_RANGES;

/**
 * The P&L's grouping, the one every statement, chart and export reads: its lines in statement order,
 * by the part of the statement they sum into. Income and operating costs make the operating result
 * (3000–7999), the financial lines the net financial items, and tax takes the result before tax to
 * the result.
 */
export const PROFIT_LOSS_PARTS = {
  income: ['salesRevenue', 'otherOperatingIncome'],
  operatingCosts: ['costOfGoods', 'payroll', 'depreciation', 'otherOperatingExpenses'],
  financial: ['financialIncome', 'financialExpenses'],
  tax: ['tax'],
} as const satisfies Record<string, readonly ProfitLossGroupId[]>;

export type ProfitLossPart = keyof typeof PROFIT_LOSS_PARTS;

/** Every line of the P&L, in statement order. */
export const PROFIT_LOSS_GROUP_IDS = Object.values(PROFIT_LOSS_PARTS).flat() as [
  ProfitLossGroupId,
  ...ProfitLossGroupId[],
];

/** Whether a line is part of the operating result (income or an operating cost). */
export const isOperatingLine = (id: string): boolean =>
  (PROFIT_LOSS_PARTS.income as readonly string[]).includes(id) ||
  (PROFIT_LOSS_PARTS.operatingCosts as readonly string[]).includes(id);

/** Revenue (the P&L's operating income, 3000–3999): the top lists and MRR read customers and products off it. */
export const REVENUE_ACCOUNTS = {
  from: PROFIT_LOSS_SUBTOTALS.operatingIncome[0][0],
  to: PROFIT_LOSS_SUBTOTALS.operatingIncome[0][1],
} as const;

/** Operating costs (4000–7999): the top lists read suppliers and expenses off them. */
export const COST_ACCOUNTS = {
  from: PROFIT_LOSS_SUBTOTALS.operatingExpenses[0][0],
  to: PROFIT_LOSS_SUBTOTALS.operatingExpenses[0][1],
} as const;

/** Result dispositions (årsresultat, overføringer): closed to equity, on no P&L line. */
export const DISPOSITION_RANGE = [8800, 8999] as const;

/** Every account whose movements make a result: the P&L's lines and the dispositions. */
export const RESULT_RANGES: AccountRanges = [[3000, 8199], [8300, 8399], DISPOSITION_RANGE];

/** Numbers on no line of any statement: the balance sheet's Unclassified line (assets side, debit positive). */
export const UNCLASSIFIED_RANGES: AccountRanges = [
  [0, 999],
  [8200, 8299],
  [8400, 8799],
  [9000, 99_999],
];

export const BALANCE_SHEET_RANGES = {
  intangibleAssets: [[1000, 1099]],
  tangibleAssets: [[1100, 1299]],
  financialAssets: [[1300, 1399]],
  inventory: [[1400, 1499]],
  receivables: [[1500, 1799]],
  investments: [[1800, 1899]],
  cashAndBank: [[1900, 1999]],
  paidInEquity: [[2000, 2049]],
  // Opptjent egenkapital holds the results not yet closed to equity, this year's and earlier years'.
  retainedEarnings: [[2050, 2099], ...RESULT_RANGES],
  provisions: [[2100, 2199]],
  longTermDebt: [[2200, 2299]],
  shortTermDebt: [[2300, 2999]],
  unclassified: UNCLASSIFIED_RANGES,
} as const satisfies Record<string, AccountRanges>;

/** Each part of the balance sheet and its sum. */
export const BALANCE_SHEET_TOTALS = {
  totalFixedAssets: [[1000, 1399]],
  totalCurrentAssets: [[1400, 1999]],
  totalAssets: [[1000, 1999], ...UNCLASSIFIED_RANGES],
  totalEquity: [[2000, 2099], ...RESULT_RANGES],
  totalLiabilities: [[2100, 2999]],
  totalEquityAndLiabilities: [[2000, 2999], ...RESULT_RANGES],
} as const satisfies Record<string, AccountRanges>;

export type CashFlowSection = 'operating' | 'investing' | 'financing';

/** A line of the cash flow (indirect method): its cash effect is `sign` × the movements of `ranges`. */
export interface CashFlowLineDef extends AccountSum {
  key: string;
  section: CashFlowSection;
}

export const CASH_RANGES: AccountRanges = [[1900, 1999]];

/**
 * The cash flow's lines. Every account outside cash and bank (19xx) is in exactly one line, save
 * depreciation (6000–6099): added back in operating, taken out again in investing (as it is part of the
 * result before tax, it counts once in all). So the lines explain the movement of 19xx for any ledger
 * whose vouchers balance.
 */
export const CASH_FLOW_LINES: readonly CashFlowLineDef[] = [
  { section: 'operating', key: 'resultBeforeTax', ranges: [[3000, 8199]], sign: -1 },
  {
    section: 'operating',
    key: 'taxPaid',
    ranges: [
      [8300, 8399],
      [2500, 2599],
    ],
    sign: -1,
  },
  { section: 'operating', key: 'depreciation', ranges: [[6000, 6099]], sign: 1 },
  { section: 'operating', key: 'inventory', ranges: [[1400, 1499]], sign: -1 },
  { section: 'operating', key: 'receivables', ranges: [[1500, 1799]], sign: -1 },
  { section: 'operating', key: 'payables', ranges: [[2400, 2499]], sign: -1 },
  {
    section: 'operating',
    key: 'otherAccruals',
    ranges: [[2100, 2199], [2600, 2799], [2900, 2999], ...UNCLASSIFIED_RANGES],
    sign: -1,
  },
  {
    section: 'investing',
    key: 'fixedAssets',
    ranges: [
      [1000, 1399],
      [6000, 6099],
    ],
    sign: -1,
  },
  { section: 'investing', key: 'investments', ranges: [[1800, 1899]], sign: -1 },
  { section: 'financing', key: 'equity', ranges: [[2000, 2099], [2800, 2899], DISPOSITION_RANGE], sign: -1 },
  { section: 'financing', key: 'longTermDebt', ranges: [[2200, 2299]], sign: -1 },
  { section: 'financing', key: 'shortTermLoans', ranges: [[2300, 2399]], sign: -1 },
];

export const inRanges = (account: number, ranges: AccountRanges) =>
  ranges.some(([from, to]) => account >= from && account <= to);

/**
 * Several signed sums as one, where that is one list of postings: each account's coefficients added
 * up, those that cancel left out (depreciation in the operating section). Null when what is left has
 * both signs, so no single list of postings adds up to the figure.
 */
export function combineSums(parts: readonly AccountSum[]): AccountSum | null {
  const cuts = [...new Set(parts.flatMap((p) => p.ranges.flatMap(([from, to]) => [from, to + 1])))].sort(
    (a, b) => a - b,
  );
  const ranges: Array<[number, number]> = [];
  let sign: 1 | -1 | 0 = 0;
  for (let i = 0; i < cuts.length - 1; i++) {
    const [from, to] = [cuts[i]!, cuts[i + 1]! - 1];
    const weight = parts.reduce((s, p) => s + (inRanges(from, p.ranges) ? p.sign : 0), 0);
    if (weight === 0) continue;
    if ((weight !== 1 && weight !== -1) || (sign !== 0 && weight !== sign)) return null;
    sign = weight;
    const last = ranges[ranges.length - 1];
    if (last && last[1] === from - 1) last[1] = to;
    else ranges.push([from, to]);
  }
  return sign === 0 ? null : { ranges, sign };
}

/** The sum of a cash flow section's lines as one list of postings (every section has one). */
export function cashFlowSectionSum(section: CashFlowSection): AccountSum | null {
  return combineSums(CASH_FLOW_LINES.filter((l) => l.section === section));
}

/** Ranges as GET /api/postings' `account` parameter: `3000-7999` or `2050-2099,3000-8199`. */
export function rangesParam(ranges: AccountRanges): string {
  return ranges.map(([from, to]) => (from === to ? String(from) : `${from}-${to}`)).join(',');
}
