/** The statements, the postings behind them, consolidations and budgets: response schemas (types in ../types.ts). */
import { z } from 'zod';
import { booked, budgetIssue, budgetWidgetLine, localizedText, ore, profitLossGroupId } from './common.ts';

const month = z.string();
const date = z.string();

export const profitLossSubItem = z.strictObject({
  /** The account's place in the chart (NS 4102), by which it is summed: usually its own number. */
  number: z.number().int(),
  /**
   * The source's own ID of the account, what the user knows it by (`1920`, a sub-account such as
   * `1920PKEY92783`, or `9995` placed at 7900 by its standard account). Absent on lines that are not an
   * account (earlier years' unclosed result).
   */
  accountId: z.string().optional(),
  title: localizedText,
  /** øre, report sign: income positive, costs negative */
  amount: ore,
});

export const profitLossGroup = z.strictObject({
  group: profitLossGroupId,
  groupTitle: localizedText,
  totalAmountOfGroup: ore,
  subItems: z.array(profitLossSubItem),
});

/**
 * The P&L's lines and its subtotals (regnskapsloven § 6-1), each a plain sum of the lines it names, in
 * report sign (income positive, costs negative).
 */
const profitLossPeriodShape = {
  groups: z.array(profitLossGroup),
  /** Sum driftsinntekter: sales revenue + other operating income (3000–3999) */
  operatingIncome: ore,
  /** Sum driftskostnader: cost of goods, payroll, depreciation, other operating expenses (4000–7999); negative */
  operatingExpenses: ore,
  /** Bruttofortjeneste: operating income + cost of goods (3000–4999) */
  grossProfit: ore,
  /** Driftsresultat: operating income + operating expenses (3000–7999) */
  operatingResult: ore,
  /** Netto finansposter: financial income + financial expenses (8000–8199) */
  netFinancialItems: ore,
  /** Ordinært resultat før skattekostnad: operating result + net financial items */
  resultBeforeTax: ore,
  /** Årsresultat: result before tax + tax */
  result: ore,
};
export const profitLossPeriod = z.strictObject(profitLossPeriodShape);

export const profitLossMonth = z.strictObject({
  ...profitLossPeriodShape,
  /** yyyy-mm */
  month,
});

const profitLossBase = z.strictObject({
  ...booked,
  startDate: date,
  endDate: date,
  months: z.array(profitLossMonth),
  total: profitLossPeriod,
  /**
   * What the figures are: absent for the ledger's; 'budget' for the board's budget (a comparison asked
   * for with `compare=budget`, over the same booked months as the report).
   */
  basis: z.literal('budget').optional(),
});

export const profitLossReport = profitLossBase.extend({
  /** The same report for the comparison period, when asked for with `compare`. */
  comparison: profitLossBase.optional(),
});

export const balanceSheetGroupId = z.enum([
  'intangibleAssets',
  'tangibleAssets',
  'financialAssets',
  'inventory',
  'receivables',
  'investments',
  'cashAndBank',
  /** Innskutt egenkapital: 2000–2049 */
  'paidInEquity',
  /** Opptjent egenkapital: 2050–2099, earlier years' results not yet closed, and this year's result so far */
  'retainedEarnings',
  'provisions',
  'longTermDebt',
  'shortTermDebt',
  /** Accounts no rule places in the statements (assets side, debit positive), so nothing is dropped. */
  'unclassified',
]);

/**
 * The parts of a balance sheet (regnskapsloven § 6-2): Anleggsmidler (10–13), Omløpsmidler (14–19),
 * Egenkapital (20), Gjeld (21–29). The Unclassified line is in none of them.
 */
export const balanceSheetSection = z.enum(['fixedAssets', 'currentAssets', 'equity', 'liabilities']);

/** A line of a balance sheet group: an account, or one of the two lines of retained earnings that are no account. */
export const balanceSheetSubItem = profitLossSubItem.extend({
  /** Only on lines that are no account: earlier years' results not yet closed, or this year's result so far. */
  key: z.enum(['unclosedResult', 'resultThisYear']).optional(),
});

export const balanceSheetGroup = z.strictObject({
  group: balanceSheetGroupId,
  side: z.enum(['assets', 'equityAndLiabilities']),
  /** Its part of the balance sheet; absent on the Unclassified line. */
  section: balanceSheetSection.optional(),
  groupTitle: localizedText,
  /** øre: assets debit positive; equity and liabilities credit positive */
  totalAmountOfGroup: ore,
  subItems: z.array(balanceSheetSubItem),
});

/** The balance at the end of one month (`date` is the month's last day). */
export const balanceSheetMonth = z.strictObject({
  month,
  date,
  groups: z.array(balanceSheetGroup),
  /** Sum anleggsmidler (10–13) */
  totalFixedAssets: ore,
  /** Sum omløpsmidler (14–19) */
  totalCurrentAssets: ore,
  /** Sum eiendeler: fixed + current assets + the Unclassified line */
  totalAssets: ore,
  /** Sum egenkapital: paid-in + retained earnings (with the year's result so far and earlier years' results not yet closed) */
  totalEquity: ore,
  /** Sum gjeld: provisions, other long-term and short-term debt (21–29) */
  totalLiabilities: ore,
  /** Sum egenkapital og gjeld: equity + liabilities */
  totalEquityAndLiabilities: ore,
  /** totalAssets − totalEquityAndLiabilities: 0 for a consistent ledger; the source's error otherwise */
  difference: ore,
});

const balanceSheetBase = z.strictObject({
  ...booked,
  startDate: date,
  endDate: date,
  months: z.array(balanceSheetMonth),
  /** Inconsistencies of the source (e.g. opening balances that do not net to zero), in words. */
  warnings: z.array(z.string()),
  /** 'budget': the board's budget (`compare=budget`): actual balances at 1 January plus the budgeted movements. */
  basis: z.literal('budget').optional(),
});

/**
 * The balance at each month end of the period, up to the last booked month: a balance sheet is
 * headed by the date its figures are for, so `endDate` is then that month's last day.
 */
export const balanceSheetReport = balanceSheetBase.extend({ comparison: balanceSheetBase.optional() });

export const cashFlowGroupId = z.enum(['operating', 'investing', 'financing']);

export const cashFlowSubItem = z.strictObject({
  group: z.string(),
  en: z.string(),
  no: z.string(),
  /** øre, cash effect: positive in, negative out */
  amount: ore,
});

export const cashFlowGroup = z.strictObject({
  group: cashFlowGroupId,
  title: localizedText,
  totalAmountOfGroup: ore,
  subItems: z.array(cashFlowSubItem),
});

export const cashFlowMonth = z.strictObject({
  month,
  groups: z.array(cashFlowGroup),
  netChange: ore,
  /** cash and bank (19xx) at the start and end of the month */
  openingBalance: ore,
  closingBalance: ore,
});

const cashFlowBase = z.strictObject({
  ...booked,
  startDate: date,
  endDate: date,
  cashflows: z.array(cashFlowMonth),
  /** The spec's openings: cash and bank at the start of each month. */
  openings: z.array(z.strictObject({ month, openingBalance: ore })),
  total: z.strictObject({
    groups: z.array(cashFlowGroup),
    netChange: ore,
    openingBalance: ore,
    closingBalance: ore,
  }),
  /** 'budget': the board's budget (`compare=budget`), by the same indirect method over its movements. */
  basis: z.literal('budget').optional(),
  /**
   * The result before tax in whole kroner as the profit and loss of the same period shows it (each
   * month, and the period): the cash flow's first line shows these, so the two statements agree to the
   * krone. Absent where the P&L's figures are not the line's (then it is rounded with the rest).
   */
  resultBeforeTaxShown: z.strictObject({ shown: z.array(z.number().int()), shownTotal: z.number().int() }).optional(),
});

export const cashFlowReport = cashFlowBase.extend({ comparison: cashFlowBase.optional() });

/** One posting behind an amount (GET /api/postings). */
export const postingRow = z.strictObject({
  _id: z.number().int(),
  apiAccountId: z.string(),
  /** The date on the voucher (yyyy-mm-dd). */
  date,
  /** The accounting period the posting counts in (yyyy-mm): the source's period, else the date's month. */
  period: month,
  voucher: z.string(),
  /** The account's place in the chart, and the source's own ID of it. */
  accountNumber: z.number().int(),
  accountId: z.string(),
  accountName: z.string().nullable(),
  /** øre, debit positive */
  amount: ore,
  description: z.string().nullable(),
  customer: z.string().nullable(),
  supplier: z.string().nullable(),
  /** The voucher in the source's own web app, where the source has one (Tripletex); null otherwise. */
  voucherUrl: z.string().nullable(),
  /** With `balance=true`: the balance after this posting (øre, debit positive), the opening balance included. */
  balance: ore.optional(),
});

export const postingsPage = z.strictObject({
  items: z.array(postingRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** sum of all matching postings, not only this page (øre) */
  sum: ore,
  /** sum of their debit lines (øre): a voucher's size, as the largest transactions count it */
  debit: ore,
  /** With `balance=true`: the matching postings' balance before the period (øre, debit positive). */
  openingBalance: ore.optional(),
  /**
   * Months of the period (yyyy-mm) that hold only a file's opening balances: their postings are the
   * opening balance (voucher 'IB'), not that month's activity (see `openingMonths` on the statements).
   */
  openingMonths: z.array(z.string()).optional(),
});

/** A board's consolidation: two or more of its API accounts, with intercompany accounts deducted. */
export const consolidation = z.strictObject({
  _id: z.string(),
  groupId: z.string(),
  name: z.string(),
  apis: z.array(z.string()),
  /** account numbers (e.g. intercompany receivables and payables) left out of the consolidated figures */
  deductAccounts: z.array(z.number().int()),
});

/**
 * GET /api/widgets/budget: one line of the profit and loss against the board's budget, by month.
 * Amounts in øre, the statement's sign (income positive, costs negative); the totals and the
 * variance cover the booked months (like for like), `budgetPeriod` the whole period.
 */
export const budgetWidgetData = z.strictObject({
  ...booked,
  line: budgetWidgetLine,
  title: localizedText,
  months: z.array(z.strictObject({ month, actual: ore, budget: ore })),
  actual: ore,
  budget: ore,
  /** actual − budget: positive is better for the result (more income, less cost). */
  variance: ore,
  /** variance / |budget| in percent, one decimal; null without a budget. */
  variancePercent: z.number().nullable(),
  budgetPeriod: ore,
  /** Whether the board has any budget in the period. */
  hasBudget: z.boolean(),
});

/** One row of a board's budget for a year: an account or a P&L line, twelve months of øre. */
export const budgetRow = z.strictObject({
  /** '3000' (an account number) or a P&L line id ('payroll'). */
  target: z.string(),
  kind: z.enum(['account', 'line']),
  title: localizedText,
  /** øre per month, January first, in the statement's sign (costs negative) */
  months: z.array(ore),
});

/** GET /api/budgets/{groupId}?year= */
export const budgetYear = z.strictObject({
  groupId: z.string(),
  year: z.number().int(),
  rows: z.array(budgetRow),
  /** Every year the board has a budget for. */
  years: z.array(z.number().int()),
  /** Every year with a booked month in the board's books (the budget page offers these and the next). */
  dataYears: z.array(z.number().int()),
});

/** POST /api/budgets/{groupId}/import: what was imported, all of it or (422, BUDGET_IMPORT_INVALID) nothing. */
export const budgetImportResult = z.strictObject({ year: z.number().int(), rows: z.number().int() });

/** The `details` of a refused budget import: every problem found, each with its row and column. */
export const budgetImportRefusal = z.strictObject({ issues: z.array(budgetIssue) });
