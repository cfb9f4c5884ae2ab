/** The widgets' data and the custom widgets: response schemas (types in ../types.ts). */
import { z } from 'zod';
import { boardWidget } from './boards.ts';
import { booked, comparison, figureId, kpiId, kpiUnit, localizedText, ore, view } from './common.ts';

const month = z.string();

/** One row of a top-ten list. `amount` is in øre. */
const topListItemShape = { _id: z.string(), name: z.string(), amount: ore };
export const topListItem = z.strictObject(topListItemShape);

/** One row of the top lists (customers, suppliers, expense accounts, products, transactions). */
export const topRow = z.strictObject({
  ...topListItemShape,
  /** yyyy-mm-dd, for transactions */
  date: z.string().optional(),
  /** A cost account's place in the chart (top costs), beside `_id`, the source's own ID of it. */
  number: z.number().int().optional(),
  /**
   * Whole kroner as shown, where the row is also a line of a footed statement: a cost account (top
   * costs) as the P&L of the same period shows it, its cost positive. Footing can put that 1 kr from
   * the amount's own rounding; without `shown` the amount is shown rounded on its own.
   */
  shown: z.number().int().optional(),
  /**
   * Asked with `compare=previous|lastYear` (top customers, suppliers, products and costs): the same
   * row's amount in the comparison period, like for like with the booked months (øre, report sign; 0
   * when it had none there). The change is the shown amount less the shown comparison.
   */
  compareAmount: ore.optional(),
  /** A cost account's comparison as the comparison period's P&L shows it (whole kroner, see `shown`). */
  compareShown: z.number().int().optional(),
  /**
   * With `compareAmount`: how many of the comparison period's months have postings on any account (the
   * same on every row). 0: there is nothing to compare with, so the comparison, the change and the %
   * read '–' (no figure), as a statement's comparison with `bookedMonths` 0 does.
   */
  compareBookedMonths: z.number().int().min(0).optional(),
  /**
   * A cost account (top costs) whose amount holds a file's opening balances: the months (yyyy-mm) of the
   * period that are only opening balances (see `openingMonths` on the statements), its figure there
   * the result before the file's first period, not that month's costs.
   */
  openingMonths: z.array(z.string()).optional(),
});

/** GET /api/widgets/top-five/expenses (the spec's shape). */
export const topFiveExpense = z.strictObject({
  closingBalance: ore,
  /** Whole kroner as the P&L of the same period shows the account, its cost positive (see TopRow). */
  shown: z.number().int().optional(),
  /** `number`: the account's place in the chart; `accountId`: the source's own ID of it. */
  account: z.strictObject({ number: z.number().int(), accountId: z.string().optional(), name: z.string() }),
  /** As TopRow's: the months of the period that are a file's opening balances this amount holds. */
  openingMonths: z.array(z.string()).optional(),
});

export const monthAmount = z.strictObject({ month, amount: ore });

export const turnoverData = z.strictObject({
  ...booked,
  total: ore,
  months: z.array(monthAmount),
  /**
   * The same months a year earlier: the booked months of the period (like for like); null for a public
   * link or embed token that did not share a comparison.
   */
  previousTotal: ore.nullable(),
  /**
   * How many of last year's months (those `previousTotal` covers) have postings on any account; 0: there
   * is nothing to compare with, so `previousTotal` and `changePercent` are shown as '–' (changePercent
   * is null). Absent where there is no comparison.
   */
  previousBookedMonths: z.number().int().min(0).optional(),
  changePercent: z.number().nullable(),
  /**
   * Whole kroner as the P&L of the same period shows its Sum driftsinntekter (each month, and the
   * period): the months and total the widget shows, so the two never differ by a krone. Absent where
   * the P&L's figures are not these (a board whose P&L deducts intercompany accounts).
   */
  shown: z.strictObject({ parts: z.array(z.number().int()), total: z.number().int() }).optional(),
});

export const mrrMonth = z.strictObject({
  month,
  mrr: ore,
  previousMrr: ore,
  newMrr: ore,
  expansionMrr: ore,
  contractionMrr: ore,
  churnedMrr: ore,
  customers: z.number().int(),
  averageRevenuePerCustomer: ore,
});

export const mrrData = z.strictObject({
  ...booked,
  /** The revenue accounts counted as recurring, e.g. 3000-3999. */
  accounts: z.strictObject({ from: z.number().int(), to: z.number().int() }),
  mrr: ore,
  previousMrr: ore,
  /** The month `mrr` is: the period's last booked month (yyyy-mm), or null when none of it is booked. */
  month: month.nullable(),
  months: z.array(mrrMonth),
});

export const employeeCountMonth = z.strictObject({ month, count: z.number() });

export const employeesData = z.strictObject({
  ...booked,
  /** employments: from the source's employees; payroll: estimated from salary postings (no employee data) */
  source: z.enum(['employments', 'payroll']),
  /** The count in the period's last booked month. */
  current: z.number(),
  months: z.array(employeeCountMonth),
});

const revenueAndResult = z.strictObject({ revenue: ore, result: ore });

export const consolidationWidgetData = z.strictObject({
  apis: z.array(z.strictObject({ _id: z.string(), name: z.string(), revenue: ore, result: ore })),
  deducted: revenueAndResult,
  consolidated: revenueAndResult,
  /**
   * The intercompany accounts the consolidation deducts (what `deducted` sums); null when the board has
   * no consolidation group, so the companies are the board's sources and nothing is deducted.
   */
  deductAccounts: z.array(z.number().int()).nullable().optional(),
});

export const accountPattern = z.strictObject({
  /** four characters: digits, or x for any digit, not starting with 0 or x; e.g. 3000 or 3xxx */
  from: z.string(),
  to: z.string(),
});

/** A statement line or subtotal as a ratio's operand (@saldo/contract/kpis/kpis `figures`): 'revenue', 'equity'. */
export const statementLineRef = z.strictObject({
  line: figureId,
  /** The line's name, which the API adds to what it answers (so an element need not carry the names). */
  title: localizedText.optional(),
});

/** What a ratio divides: an account range (its movement), or a statement line (a P&L line's movement, a balance's month end). */
export const ratioOperand = z.union([accountPattern, statementLineRef]);

export const customWidget = z.strictObject({
  _id: z.string(),
  groupId: z.string(),
  name: z.string(),
  type: z.enum(['accountRange', 'ratio']),
  range: accountPattern.optional(),
  dividend: ratioOperand.optional(),
  divisor: ratioOperand.optional(),
  view,
  note: z.string().nullable(),
});

/** One account of a board's chart of accounts (GET /api/widgets/:groupId/accounts?q=…). */
export const accountSearchResult = z.strictObject({
  /** The account's place in the chart; `accountId` is the source's own ID (a sub-account keeps its own). */
  number: z.number().int(),
  accountId: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  /** by the Norwegian standard chart's first digit: 1 assets, 2 equity and liabilities, 3 revenue, 4–7 expenses, 8 financial */
  type: z.enum(['asset', 'equityLiability', 'revenue', 'expense', 'financial']),
});

const monthValues = z.array(z.strictObject({ month, value: z.number().nullable() }));

export const customWidgetComparison = z.strictObject({
  startDate: z.string(),
  endDate: z.string(),
  months: monthValues,
  total: z.number().nullable(),
  /**
   * How many of its months have postings on any account. 0: nothing to compare with, so its months and
   * total are null, shown '–' (no figure, change or %), never zeros and the whole amount as the change.
   */
  bookedMonths: z.number().int().min(0).optional(),
});

export const customWidgetData = z.strictObject({
  ...booked,
  widget: customWidget,
  months: monthValues,
  /** accountRange: total in øre (report sign); ratio: dividend / divisor over the period */
  total: z.number().nullable(),
  /**
   * Asked with `compare=previous|lastYear`: the same figures over the comparison period, like for like
   * with the booked months of the period (its months line up with the period's first months).
   */
  comparison: customWidgetComparison.optional(),
});

/** One input of a KPI for the period, as its formula names it: øre, positive in its normal state. */
export const kpiPart = z.strictObject({
  figure: figureId,
  /** 'Varekostnad (4000–4999)'; the same months a year earlier say so. */
  label: localizedText,
  amount: ore,
});

/**
 * What a KPI is made of as postings, for its drill-down: an amount KPI's own figure (`value`), or a
 * ratio's `numerator` and `denominator` (before a factor such as the days of the period). Each is
 * `sign` × the postings of `accounts` (GET /api/postings' `account`) in its period; a `balance` stands
 * at the period's end, its opening balance included.
 */
export const kpiTerm = z.strictObject({
  role: z.enum(['value', 'numerator', 'denominator']),
  /** 'Sum omløpsmidler (1400–1999) − Kortsiktig gjeld (2300–2999)' */
  label: localizedText,
  /** '1400-1999,2300-2999' */
  accounts: z.string(),
  sign: z.union([z.literal(1), z.literal(-1)]),
  balance: z.boolean(),
  /** Its period is this many months before the KPI's: 12 for revenue growth's base, else 0. */
  monthsEarlier: z.number().int(),
  /** The average of its month-end balances over the period (inventory turnover), not the postings' sum. */
  average: z.boolean(),
  /** Over the period, øre, positive in its normal state. */
  amount: ore,
});

/**
 * GET /api/widgets/kpi: one KPI of the library over the period, each month's own value (the trend),
 * and the comparison period's. Values are integer øre for amounts, otherwise integer ten-thousandths
 * (@saldo/contract/kpis/kpis `KPI_SCALE`: 4123 is 41,23 % or 0,4123); null where the formula divides by
 * nothing (no revenue, no debt) or a month is not yet booked.
 */
export const kpiData = z.strictObject({
  ...booked,
  kpi: kpiId,
  title: localizedText,
  formula: localizedText,
  unit: kpiUnit,
  better: z.enum(['higher', 'lower']).nullable(),
  /** The period as computed: its booked months (like for like with the comparison). */
  startDate: z.string(),
  endDate: z.string(),
  value: z.number().int().nullable(),
  parts: z.array(kpiPart),
  /** Its drill-down: what it is made of as postings, with the amounts over the period. */
  terms: z.array(kpiTerm),
  /** Each month's value, and its terms' amounts (as `terms`) over that month. */
  months: z.array(z.strictObject({ month, value: z.number().int().nullable(), terms: z.array(ore) })),
  compare: comparison,
  /** The comparison period's figure; null for a public link or embed token that did not share a comparison. */
  comparison: z
    .strictObject({
      startDate: z.string(),
      endDate: z.string(),
      /** null also where none of its months is booked: there is nothing to compare with. */
      value: z.number().int().nullable(),
      parts: z.array(kpiPart),
      terms: z.array(ore),
      /** How many of its months have postings on any account. */
      bookedMonths: z.number().int().min(0).optional(),
    })
    .nullable(),
  /** value − comparison's value, in the same unit; null when either is. */
  change: z.number().int().nullable(),
});

/** PATCH /api/widgets/board-preference/{groupId}/update: the board's widgets as stored. */
export const boardPreference = z.strictObject({
  groupId: z.string(),
  widgets: z.array(boardWidget),
});
