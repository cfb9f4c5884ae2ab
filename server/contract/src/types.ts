// Over 400 lines by design: the API's response and request shapes in one module (to become zod schemas with inferred types).
/**
 * Response shapes of the JSON API, shared with the SDK and the portal.
 * Money is integer øre; dates are ISO (yyyy-mm-dd), months yyyy-mm.
 */

import type { BudgetIssue, BudgetWidgetLine } from './budgets.ts';
import type { HealthWarning, Severity } from './data-health.ts';
import type { FigureId } from './figures.ts';
import type { ColumnKind } from './format.ts';
import type { ImportWarning } from './import-warnings.ts';
import type { KpiUnit } from './kpi-format.ts';
import type { KpiId, KpiTermRole } from './kpis.ts';
import type { SourceError } from './source-errors.ts';
import type { WidgetType } from './widgets.ts';

export type * from './billing.ts';
export type { BudgetIssue, BudgetIssueCode, BudgetWidgetLine } from './budgets.ts';
export type { HealthWarning, Severity } from './data-health.ts';
export type { FigureId } from './figures.ts';
export type { ImportWarning, ImportWarningCode } from './import-warnings.ts';
export type { KpiUnit } from './kpi-format.ts';
export type { KpiId } from './kpis.ts';
export type { SourceError, SourceErrorCode } from './source-errors.ts';

export interface LocalizedText {
  en: string;
  no: string;
}

/** The partner-integration test page (SPEC §2: a route without login, linked for one configured user). */
export const PARTNER_TEST_ROUTE = '/integration/test';

export interface MenuEntry {
  name:
    | 'Dashboard'
    | 'Cashflow'
    | 'ProfitLoss'
    | 'ApiAccount'
    | 'BalanceSheet'
    | 'Profile'
    | 'GroupAccount'
    | 'SyncBoard'
    | 'Admin'
    | 'Customer'
    | 'PartnerIntegrationTest';
  menuName: string;
  route: string;
  order: number;
  permissions: string[];
}

export interface LoginResponse {
  jwtToken: string;
  refreshToken: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string | null;
  phoneNumber: string | null;
  isVerified: boolean;
  role: { name: string };
  menu: MenuEntry[];
  isFirstLoggedIn: boolean;
  id: string;
  warning?: { message: string };
}

export type UserLanguage = 'nor' | 'en';

/** POST /api/auth/signup */
export interface SignupRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  companyName?: string;
  phoneNumber?: string;
  /** Must be true: the terms were accepted. */
  termsAccepted: boolean;
  language?: UserLanguage;
  integrationPartnerId?: string;
  /** From /confirm-invitation: the invitation's token (its address is then verified, and its boards given). */
  invitationToken?: string;
}

export interface SignupResponse {
  jwtToken: string;
  refreshToken: string;
  firstName: string;
  email: string;
}

/** An e-mail written to the local outbox (no SMTP_URL): for following links in development and tests. */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** Links found in the message, in order (verification and reset links among them). */
  links: string[];
  createdAt: string;
}

/** PATCH /api/profile/password: other sessions end, so the caller gets a fresh token pair. */
export interface PasswordChangeResponse {
  isUpdated: true;
  jwtToken: string;
  refreshToken: string;
}

export interface RefreshResponse {
  jwtToken: string;
  refreshToken: string;
}

export interface Profile {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string | null;
  phoneNumber: string | null;
  /** URL of the avatar image (served by the API), or null. */
  avatar: string | null;
  isVerified: boolean;
  role: { name: string };
  menu: MenuEntry[];
  language: UserLanguage;
}

/** PATCH /api/profile/me */
export interface ProfileUpdate {
  firstName?: string;
  lastName?: string;
  companyName?: string | null;
  phoneNumber?: string | null;
  language?: UserLanguage;
}

export type ApiAccountProvider = 'demo' | 'tripletex' | 'saft';

/** What a sync brought in (GET /api/api-account/{id} `stats`). Totals in øre. */
export interface SyncStats {
  accounts: number;
  customers: number;
  suppliers: number;
  products: number;
  employees: number;
  /** posting lines (opening balances not included) */
  postings: number;
  /** debit and credit totals of the posting lines, øre */
  debitTotal: number;
  creditTotal: number;
  /** accounts given an opening balance at the start of the period */
  openingBalances: number;
  /** What the source's data gave cause to tell: codes with parameters (texts: sync/import-warnings.ts). */
  warnings: ImportWarning[];
}

export interface SyncInfo {
  status: 'idle' | 'queued' | 'running' | 'done' | 'failed';
  /** 0..100 while a sync is queued or running, 100 when the last one finished, null when never synced */
  percentage: number | null;
  lastSyncedAt: string | null;
  /** Why the last sync failed, as a code with parameters (texts: source-errors.ts). */
  error: SourceError | null;
}

/** The spec's API account. Credentials are never returned: only their last four characters. */
export interface ApiAccount {
  _id: string;
  name: string;
  number: string | null;
  provider: ApiAccountProvider;
  /** integration: created by a partner integration, cannot be edited */
  type: 'integration' | 'manual';
  consumerIdHint: string | null;
  employeeIdHint: string | null;
  expirationDate: string | null;
  apiKeyIsInvalid: boolean;
  invalidReason: 'expired' | 'rejected' | null;
  syncInfo: SyncInfo;
  stats: SyncStats | null;
  createdAt: string;
}

/** One source of a board as the data-health panel shows it. */
export interface DataHealthSource {
  _id: string;
  name: string;
  provider: ApiAccountProvider;
  lastSyncedAt: string | null;
  /** Why the last sync failed (the figures are then the sync's before), or null. */
  syncError: SourceError | null;
  /** The worst of its warnings, or null when it has none. */
  severity: Severity | null;
  /** What its last sync told, each with its severity, the accounts and amount it touches. */
  warnings: HealthWarning[];
}

/** GET /api/data-health/{groupId}: every source's warnings, for the panel and the top bar's badge. */
export interface BoardDataHealth {
  groupId: string;
  /** The worst severity over the board's sources, or null when nothing is to be said. */
  severity: Severity | null;
  counts: Record<Severity, number>;
  sources: DataHealthSource[];
}

/**
 * GET …/data-notice beside each element's data route: whether the figures rest on a source with
 * errors. All a public page or an embedded element learns of a board's health.
 */
export interface DataNotice {
  notice: boolean;
}

/** One event of GET /api/sync-board/progress (Server-Sent Events). */
export interface SyncProgressMessage {
  apiAccounts: Array<{ _id: string; name: string; syncInfo: SyncInfo }>;
  /** The average over the accounts asked for. */
  progress: number;
  isSyncDone: boolean;
}

export interface ApiAccountSummary {
  _id: string;
  name: string;
  provider: ApiAccountProvider;
}

export interface Board {
  _id: string;
  name: string;
  /** ids of the API accounts in the board */
  apis: string[];
  apiAccounts: ApiAccountSummary[];
  widgets: BoardWidget[];
  /**
   * How many widgets the board's dashboard shows: those stored, or the default pair while none are
   * (board-layout.ts). Sub-boards have their own. The admin pages give the same figure, from the same SQL.
   */
  widgetCount: number;
  lastSyncedAt: string | null;
  /** How many public links of the board are live (not revoked); their secrets are never kept. */
  publicLinks: number;
  /** The user's role on it: 'owner', or the role a board's owner or Admin gave them (SPEC §6). */
  role: BoardRole;
  /** Who owns a board shared with the user; null for their own. */
  sharedBy: { name: string; email: string } | null;
}

/** A user's role on a board. The owner has every right; Admin views, edits and shares; Editor views and edits; Viewer views. */
export type BoardRole = 'owner' | 'Admin' | 'Editor' | 'Viewer';

export interface BoardWidget {
  id: string;
  name: string;
  widget: string;
  x: number;
  y: number;
  width: number;
  height: number;
  view: 'single' | 'comparison';
  note?: string | null;
}

/**
 * Which months of an answer are booked. `lastBookedMonth` is the last month with postings in any of
 * the board's sources (yyyy-mm), or null when nothing is booked. Months of the period after it are
 * not yet booked: their figures are 0 in the API and are shown as "not yet booked", never as zeros,
 * and comparisons cover the booked months only (like for like). The API always sets it; data it did
 * not make (stories, tests) may leave it out, and then every month counts as booked.
 */
export interface Booked {
  lastBookedMonth?: string | null;
}

/** One row of a top-ten list. `amount` is in øre. */
export interface TopListItem {
  _id: string;
  name: string;
  amount: number;
}

export type ProfitLossGroupId =
  | 'salesRevenue'
  | 'otherOperatingIncome'
  | 'costOfGoods'
  | 'payroll'
  | 'depreciation'
  | 'otherOperatingExpenses'
  | 'financialIncome'
  | 'financialExpenses'
  | 'tax';

export interface ProfitLossSubItem {
  /** The account's place in the chart (NS 4102), by which it is summed: usually its own number. */
  number: number;
  /**
   * The source's own ID of the account, what the user knows it by (`1920`, a sub-account such as
   * `1920PKEY92783`, or `9995` placed at 7900 by its standard account). Absent on lines that are not an
   * account (earlier years' unclosed result).
   */
  accountId?: string;
  title: LocalizedText;
  /** øre, report sign: income positive, costs negative */
  amount: number;
}

export interface ProfitLossGroup {
  group: ProfitLossGroupId;
  groupTitle: LocalizedText;
  totalAmountOfGroup: number;
  subItems: ProfitLossSubItem[];
}

/**
 * The P&L's lines and its subtotals (regnskapsloven § 6-1), each a plain sum of the lines it names, in
 * report sign (income positive, costs negative).
 */
export interface ProfitLossPeriod {
  groups: ProfitLossGroup[];
  /** Sum driftsinntekter: sales revenue + other operating income (3000–3999) */
  operatingIncome: number;
  /** Sum driftskostnader: cost of goods, payroll, depreciation, other operating expenses (4000–7999); negative */
  operatingExpenses: number;
  /** Bruttofortjeneste: operating income + cost of goods (3000–4999) */
  grossProfit: number;
  /** Driftsresultat: operating income + operating expenses (3000–7999) */
  operatingResult: number;
  /** Netto finansposter: financial income + financial expenses (8000–8199) */
  netFinancialItems: number;
  /** Ordinært resultat før skattekostnad: operating result + net financial items */
  resultBeforeTax: number;
  /** Årsresultat: result before tax + tax */
  result: number;
}

export interface ProfitLossMonth extends ProfitLossPeriod {
  /** yyyy-mm */
  month: string;
}

export interface ProfitLossReport extends Booked {
  startDate: string;
  endDate: string;
  months: ProfitLossMonth[];
  total: ProfitLossPeriod;
  /** The same report for the comparison period, when asked for with `compare`. */
  comparison?: ProfitLossReport;
  /**
   * What the figures are: absent for the ledger's; 'budget' for the board's budget (a comparison asked
   * for with `compare=budget`, over the same booked months as the report).
   */
  basis?: 'budget';
}

/** What a SuperAdmin sees of /api/health. */
export interface HealthDetails {
  status: 'ok' | 'degraded';
  database: { ok: boolean; url: string; migrations: number; error?: string };
}

/** /api/health: everyone sees the status; only a SuperAdmin sees the database details. */
export type HealthResponse = { status: HealthDetails['status'] } | HealthDetails;

/** Compare a report with the period before it, or with the same period a year earlier. */
export type Comparison = 'previous' | 'lastYear';

/** What a report can be compared with: another period, or (the profit and loss) the board's budget. */
export type ReportComparison = Comparison | 'budget';

export type BalanceSheetGroupId =
  | 'intangibleAssets'
  | 'tangibleAssets'
  | 'financialAssets'
  | 'inventory'
  | 'receivables'
  | 'investments'
  | 'cashAndBank'
  /** Innskutt egenkapital: 2000–2049 */
  | 'paidInEquity'
  /** Opptjent egenkapital: 2050–2099, earlier years' results not yet closed, and this year's result so far */
  | 'retainedEarnings'
  | 'provisions'
  | 'longTermDebt'
  | 'shortTermDebt'
  /** Accounts no rule places in the statements (assets side, debit positive), so nothing is dropped. */
  | 'unclassified';

/**
 * The parts of a balance sheet (regnskapsloven § 6-2): Anleggsmidler (10–13), Omløpsmidler (14–19),
 * Egenkapital (20), Gjeld (21–29). The Unclassified line is in none of them.
 */
export type BalanceSheetSection = 'fixedAssets' | 'currentAssets' | 'equity' | 'liabilities';

/** A line of a balance sheet group: an account, or one of the two lines of retained earnings that are no account. */
export interface BalanceSheetSubItem extends ProfitLossSubItem {
  /** Only on lines that are no account: earlier years' results not yet closed, or this year's result so far. */
  key?: 'unclosedResult' | 'resultThisYear';
}

export interface BalanceSheetGroup {
  group: BalanceSheetGroupId;
  side: 'assets' | 'equityAndLiabilities';
  /** Its part of the balance sheet; absent on the Unclassified line. */
  section?: BalanceSheetSection;
  groupTitle: LocalizedText;
  /** øre: assets debit positive; equity and liabilities credit positive */
  totalAmountOfGroup: number;
  subItems: BalanceSheetSubItem[];
}

/** The balance at the end of one month (`date` is the month's last day). */
export interface BalanceSheetMonth {
  month: string;
  date: string;
  groups: BalanceSheetGroup[];
  /** Sum anleggsmidler (10–13) */
  totalFixedAssets: number;
  /** Sum omløpsmidler (14–19) */
  totalCurrentAssets: number;
  /** Sum eiendeler: fixed + current assets + the Unclassified line */
  totalAssets: number;
  /** Sum egenkapital: paid-in + retained earnings (with the year's result so far and earlier years' results not yet closed) */
  totalEquity: number;
  /** Sum gjeld: provisions, other long-term and short-term debt (21–29) */
  totalLiabilities: number;
  /** Sum egenkapital og gjeld: equity + liabilities */
  totalEquityAndLiabilities: number;
  /** totalAssets − totalEquityAndLiabilities: 0 for a consistent ledger; the source's error otherwise */
  difference: number;
}

/**
 * The balance at each month end of the period, up to the last booked month: a balance sheet is
 * headed by the date its figures are for, so `endDate` is then that month's last day.
 */
export interface BalanceSheetReport extends Booked {
  startDate: string;
  endDate: string;
  months: BalanceSheetMonth[];
  /** Inconsistencies of the source (e.g. opening balances that do not net to zero), in words. */
  warnings: string[];
  comparison?: BalanceSheetReport;
  /** 'budget': the board's budget (`compare=budget`): actual balances at 1 January plus the budgeted movements. */
  basis?: 'budget';
}

export type CashFlowGroupId = 'operating' | 'investing' | 'financing';

export interface CashFlowSubItem {
  group: string;
  en: string;
  no: string;
  /** øre, cash effect: positive in, negative out */
  amount: number;
}

export interface CashFlowGroup {
  group: CashFlowGroupId;
  title: LocalizedText;
  totalAmountOfGroup: number;
  subItems: CashFlowSubItem[];
}

export interface CashFlowMonth {
  month: string;
  groups: CashFlowGroup[];
  netChange: number;
  /** cash and bank (19xx) at the start and end of the month */
  openingBalance: number;
  closingBalance: number;
}

export interface CashFlowReport extends Booked {
  startDate: string;
  endDate: string;
  cashflows: CashFlowMonth[];
  /** The spec's openings: cash and bank at the start of each month. */
  openings: Array<{ month: string; openingBalance: number }>;
  total: { groups: CashFlowGroup[]; netChange: number; openingBalance: number; closingBalance: number };
  comparison?: CashFlowReport;
  /** 'budget': the board's budget (`compare=budget`), by the same indirect method over its movements. */
  basis?: 'budget';
}

/** One posting behind an amount (GET /api/postings). */
export interface PostingRow {
  _id: number;
  apiAccountId: string;
  /** The date on the voucher (yyyy-mm-dd). */
  date: string;
  /** The accounting period the posting counts in (yyyy-mm): the source's period, else the date's month. */
  period: string;
  voucher: string;
  /** The account's place in the chart, and the source's own ID of it. */
  accountNumber: number;
  accountId: string;
  accountName: string | null;
  /** øre, debit positive */
  amount: number;
  description: string | null;
  customer: string | null;
  supplier: string | null;
  /** The voucher in the source's own web app, where the source has one (Tripletex); null otherwise. */
  voucherUrl: string | null;
  /** With `balance=true`: the balance after this posting (øre, debit positive), the opening balance included. */
  balance?: number;
}

export interface PostingsPage {
  items: PostingRow[];
  total: number;
  page: number;
  pageSize: number;
  /** sum of all matching postings, not only this page (øre) */
  sum: number;
  /** sum of their debit lines (øre): a voucher's size, as the largest transactions count it */
  debit: number;
  /** With `balance=true`: the matching postings' balance before the period (øre, debit positive). */
  openingBalance?: number;
}

/** A board's consolidation: two or more of its API accounts, with intercompany accounts deducted. */
export interface Consolidation {
  _id: string;
  groupId: string;
  name: string;
  apis: string[];
  /** account numbers (e.g. intercompany receivables and payables) left out of the consolidated figures */
  deductAccounts: number[];
}

export type { WidgetType } from './widgets.ts';

/** GET /api/widgets/configurations: the catalogue the portal offers. */
export interface WidgetConfiguration {
  widget: WidgetType;
  name: LocalizedText;
  description: LocalizedText;
  /** path under /api, with {groupId} and {id} placeholders where they apply */
  endpoint: string;
  views: Array<'single' | 'comparison'>;
}

/** One row of the top lists (customers, suppliers, expense accounts, products, transactions). */
export interface TopRow extends TopListItem {
  /** yyyy-mm-dd, for transactions */
  date?: string;
  /**
   * Whole kroner as shown, where the row is also a line of a footed statement: a cost account (top
   * costs) as the P&L of the same period shows it, its cost positive. Footing can put that 1 kr from
   * the amount's own rounding; without `shown` the amount is shown rounded on its own.
   */
  shown?: number;
  /**
   * Asked with `compare=previous|lastYear` (top customers, suppliers, products and costs): the same
   * row's amount in the comparison period, like for like with the booked months (øre, report sign; 0
   * when it had none there). The change is the shown amount less the shown comparison.
   */
  compareAmount?: number;
  /** A cost account's comparison as the comparison period's P&L shows it (whole kroner, see `shown`). */
  compareShown?: number;
}

/** GET /api/widgets/top-five/expenses (the spec's shape). */
export interface TopFiveExpense {
  closingBalance: number;
  /** Whole kroner as the P&L of the same period shows the account, its cost positive (see TopRow). */
  shown?: number;
  /** `number`: the account's place in the chart; `accountId`: the source's own ID of it. */
  account: { number: number; accountId?: string; name: string };
}

export interface MonthAmount {
  month: string;
  amount: number;
}

export interface TurnoverData extends Booked {
  total: number;
  months: MonthAmount[];
  /** The same months a year earlier: the booked months of the period (like for like). */
  previousTotal: number;
  changePercent: number | null;
}

export interface MrrMonth {
  month: string;
  mrr: number;
  previousMrr: number;
  newMrr: number;
  expansionMrr: number;
  contractionMrr: number;
  churnedMrr: number;
  customers: number;
  averageRevenuePerCustomer: number;
}

export interface MrrData extends Booked {
  /** The revenue accounts counted as recurring, e.g. 3000-3999. */
  accounts: { from: number; to: number };
  mrr: number;
  previousMrr: number;
  /** The month `mrr` is: the period's last booked month (yyyy-mm), or null when none of it is booked. */
  month: string | null;
  months: MrrMonth[];
}

export interface EmployeeCountMonth {
  month: string;
  count: number;
}

export interface EmployeesData extends Booked {
  /** employments: from the source's employees; payroll: estimated from salary postings (no employee data) */
  source: 'employments' | 'payroll';
  /** The count in the period's last booked month. */
  current: number;
  months: EmployeeCountMonth[];
}

export interface ConsolidationWidgetData {
  apis: Array<{ _id: string; name: string; revenue: number; result: number }>;
  deducted: { revenue: number; result: number };
  consolidated: { revenue: number; result: number };
  /**
   * The intercompany accounts the consolidation deducts (what `deducted` sums); null when the board has
   * no consolidation group, so the companies are the board's sources and nothing is deducted.
   */
  deductAccounts?: number[] | null;
}

export interface AccountPattern {
  /** four characters: digits, or x for any digit, not starting with 0 or x; e.g. 3000 or 3xxx */
  from: string;
  to: string;
}

/** A statement line or subtotal as a ratio's operand (@saldo/contract/kpis `figures`): 'revenue', 'equity'. */
export interface StatementLineRef {
  line: FigureId;
  /** The line's name, which the API adds to what it answers (so an element need not carry the names). */
  title?: LocalizedText;
}

/** What a ratio divides: an account range (its movement), or a statement line (a P&L line's movement, a balance's month end). */
export type RatioOperand = AccountPattern | StatementLineRef;

export interface CustomWidget {
  _id: string;
  groupId: string;
  name: string;
  type: 'accountRange' | 'ratio';
  range?: AccountPattern;
  dividend?: RatioOperand;
  divisor?: RatioOperand;
  view: 'single' | 'comparison';
  note: string | null;
}

/** One account of a board's chart of accounts (GET /api/widgets/:groupId/accounts?q=…). */
export interface AccountSearchResult {
  /** The account's place in the chart; `accountId` is the source's own ID (a sub-account keeps its own). */
  number: number;
  accountId: string;
  name: string;
  nameEn: string | null;
  /** by the Norwegian standard chart's first digit: 1 assets, 2 equity and liabilities, 3 revenue, 4–7 expenses, 8 financial */
  type: 'asset' | 'equityLiability' | 'revenue' | 'expense' | 'financial';
}

export interface CustomWidgetData extends Booked {
  widget: CustomWidget;
  months: Array<{ month: string; value: number | null }>;
  /** accountRange: total in øre (report sign); ratio: dividend / divisor over the period */
  total: number | null;
  /**
   * Asked with `compare=previous|lastYear`: the same figures over the comparison period, like for like
   * with the booked months of the period (its months line up with the period's first months).
   */
  comparison?: CustomWidgetComparison;
}

export interface CustomWidgetComparison {
  startDate: string;
  endDate: string;
  months: Array<{ month: string; value: number | null }>;
  total: number | null;
}

/** One input of a KPI for the period, as its formula names it: øre, positive in its normal state. */
export interface KpiPart {
  figure: FigureId;
  /** 'Varekostnad (4000–4999)'; the same months a year earlier say so. */
  label: LocalizedText;
  amount: number;
}

/**
 * What a KPI is made of as postings, for its drill-down: an amount KPI's own figure (`value`), or a
 * ratio's `numerator` and `denominator` (before a factor such as the days of the period). Each is
 * `sign` × the postings of `accounts` (GET /api/postings' `account`) in its period; a `balance` stands
 * at the period's end, its opening balance included.
 */
export interface KpiTerm {
  role: KpiTermRole;
  /** 'Sum omløpsmidler (1400–1999) − Kortsiktig gjeld (2300–2999)' */
  label: LocalizedText;
  /** '1400-1999,2300-2999' */
  accounts: string;
  sign: 1 | -1;
  balance: boolean;
  /** Its period is this many months before the KPI's: 12 for revenue growth's base, else 0. */
  monthsEarlier: number;
  /** The average of its month-end balances over the period (inventory turnover), not the postings' sum. */
  average: boolean;
  /** Over the period, øre, positive in its normal state. */
  amount: number;
}

/**
 * GET /api/widgets/kpi: one KPI of the library over the period, each month's own value (the trend),
 * and the comparison period's. Values are integer øre for amounts, otherwise integer ten-thousandths
 * (@saldo/contract/kpis `KPI_SCALE`: 4123 is 41,23 % or 0,4123); null where the formula divides by
 * nothing (no revenue, no debt) or a month is not yet booked.
 */
export interface KpiData extends Booked {
  kpi: KpiId;
  title: LocalizedText;
  formula: LocalizedText;
  unit: KpiUnit;
  better: 'higher' | 'lower' | null;
  /** The period as computed: its booked months (like for like with the comparison). */
  startDate: string;
  endDate: string;
  value: number | null;
  parts: KpiPart[];
  /** Its drill-down: what it is made of as postings, with the amounts over the period. */
  terms: KpiTerm[];
  /** Each month's value, and its terms' amounts (as `terms`) over that month. */
  months: Array<{ month: string; value: number | null; terms: number[] }>;
  compare: Comparison;
  comparison: { startDate: string; endDate: string; value: number | null; parts: KpiPart[]; terms: number[] };
  /** value − comparison's value, in the same unit; null when either is. */
  change: number | null;
}

/**
 * GET /api/widgets/budget: one line of the profit and loss against the board's budget, by month.
 * Amounts in øre, the statement's sign (income positive, costs negative); the totals and the
 * variance cover the booked months (like for like), `budgetPeriod` the whole period.
 */
export interface BudgetWidgetData extends Booked {
  line: BudgetWidgetLine;
  title: LocalizedText;
  months: Array<{ month: string; actual: number; budget: number }>;
  actual: number;
  budget: number;
  /** actual − budget: positive is better for the result (more income, less cost). */
  variance: number;
  /** variance / |budget| in percent, one decimal; null without a budget. */
  variancePercent: number | null;
  budgetPeriod: number;
  /** Whether the board has any budget in the period. */
  hasBudget: boolean;
}

/** One row of a board's budget for a year: an account or a P&L line, twelve months of øre. */
export interface BudgetRow {
  /** '3000' (an account number) or a P&L line id ('payroll'). */
  target: string;
  kind: 'account' | 'line';
  title: LocalizedText;
  /** øre per month, January first, in the statement's sign (costs negative) */
  months: number[];
}

/** GET /api/budgets/{groupId}?year= */
export interface BudgetYear {
  groupId: string;
  year: number;
  rows: BudgetRow[];
  /** Every year the board has a budget for. */
  years: number[];
}

/** PUT /api/budgets/{groupId}: the year's budget, replacing what was there (no rows clears it). */
export interface BudgetSaveRequest {
  year: number;
  rows: Array<{ target: string; months: number[] }>;
}

/** POST /api/budgets/{groupId}/import: what was imported, all of it or (422, BUDGET_IMPORT_INVALID) nothing. */
export interface BudgetImportResult {
  year: number;
  rows: number;
}

/** The `details` of a refused budget import: every problem found, each with its row and column. */
export interface BudgetImportRefusal {
  issues: BudgetIssue[];
}

/** A sub-board (dashboard folder) of a board. */
export interface SubBoard {
  _id: string;
  groupId: string;
  name: string;
  widgets: BoardWidget[];
}

/** POST /api/group-account and PUT /api/group-account/{id} */
export interface BoardInput {
  name: string;
  /** API account ids; none is allowed (the portal warns) */
  apis: string[];
  /** PUT only: the month (1–12) the board's fiscal year starts in (editing, like renaming). */
  fiscalYearStart?: number;
}

/**
 * GET /api/group-account/{groupId}/periods: what the period control offers for a board. The booked
 * months span every source of the board (yyyy-mm, null without postings); the fiscal year's start
 * month is the board's setting (1: the calendar year), since no source says it.
 */
export interface BoardPeriods {
  firstBookedMonth: string | null;
  lastBookedMonth: string | null;
  fiscalYearStart: number;
}

export type SharedPage = 'cashflow' | 'profitloss' | 'balancesheet';

/** POST /api/group-account/{groupId}/public/share-board (the spec's share request) */
/** A period a public link or an embed token holds its visitor to (ISO dates). */
export interface LockedPeriod {
  startDate: string;
  endDate: string;
}

export interface ShareRequest {
  group: string;
  widgets: Array<Pick<BoardWidget, 'id' | 'x' | 'y' | 'width' | 'height' | 'view'> & { widget: string }>;
  pages: Array<{ name: SharedPage }>;
  lang: 'nor' | 'en';
  /** The last day the link works (yyyy-mm-dd); none: until revoked. */
  expiresAt?: string | null;
  /** The only period the link shows; none: any period. */
  lockedPeriod?: LockedPeriod | null;
}

/** POST /api/group-account/{groupId}/public/share-board: the new link's secret, shown this once. */
export interface ShareResponse {
  boardId: string;
  /** The link as listed (the secret's SHA-256): for revoking it. */
  linkId: string;
}

/** GET /api/public-share/board/{boardId} (the spec's public board) */
export interface PublicBoard {
  public_board_id: string;
  widgets: ShareRequest['widgets'];
  pages: Array<{ name: SharedPage }>;
  group: { _id: string; name: string };
  lang: 'nor' | 'en';
  /** When the link stops working (ISO timestamp), or null. */
  expiresAt: string | null;
  lockedPeriod: LockedPeriod | null;
  /** The board's booked months and fiscal year, so the visitor's period control offers what has data. */
  periods: BoardPeriods;
}

/** GET /api/group-account/{groupId}/public/links: a board's links, newest first. Secrets are never kept. */
export interface ShareLink {
  /** The secret's SHA-256: names the link for DELETE /api/public-share/board/{id}. */
  _id: string;
  createdAt: string;
  expiresAt: string | null;
  expired: boolean;
  lastViewedAt: string | null;
  views: number;
  /** Widget types and pages the link shows. */
  widgets: string[];
  pages: SharedPage[];
  lang: 'nor' | 'en';
  lockedPeriod: LockedPeriod | null;
}

/**
 * A user's plan: a trial (until trialEndsAt), free use granted by a super admin, or paid (the account
 * has a subscription; billing's subscriptions decide, server/src/features/billing/).
 */
export type UserPlan = 'trial' | 'free' | 'paid';

/**
 * The spec's user status (on trial, trial ended, active, deactivated), with a subscription's own
 * states: past due, cancelled (still active until its period ends) and ended. Derived from status,
 * plan, trialEndsAt and the latest subscription (server/src/features/admin/lifecycle.ts).
 */
export type LifecycleStatus = 'trial' | 'trialEnded' | 'active' | 'pastDue' | 'cancelled' | 'ended' | 'deactivated';

/**
 * GET /api/admin/summary, counted from the users and their subscriptions. trial + trialEnded + paying +
 * cancelled + free + deactivated = users: a deactivated account counts only as deactivated, whatever
 * its plan. paying: an active or past-due subscription; cancelled: one cancelled (running to its
 * period's end) or ended.
 */
export interface AdminSummary {
  companies: number;
  users: number;
  trial: number;
  trialEnded: number;
  paying: number;
  cancelled: number;
  free: number;
  deactivated: number;
}

/** One row of GET /api/admin/users (and the answer of the PATCH routes on a user). */
export interface AdminUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string | null;
  role: string;
  status: 'active' | 'deactivated';
  plan: UserPlan;
  trialEndsAt: string | null;
  lifecycleStatus: LifecycleStatus;
  isVerified: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  /** API accounts the user owns */
  apiCount: number;
  /** boards (companies) the user owns */
  boardCount: number;
}

/** PATCH /api/admin/users/{id}/status */
export interface AdminStatusRequest {
  status: 'active' | 'deactivated';
}

/** PATCH /api/admin/users/{id}/plan: grant ('free') or revoke ('trial') free use; 'paid' is billing's. */
export interface AdminPlanRequest {
  plan: 'trial' | 'free';
}

/** GET /api/admin/registrations?from=yyyy-mm-dd&to=yyyy-mm-dd */
export interface AdminRegistrations {
  from: string;
  to: string;
  /** every month of the range, oldest first, months without signups included */
  months: Array<{ month: string; registrations: number; verified: number }>;
  /** newest first */
  users: Array<{
    id: string;
    name: string;
    email: string;
    companyName: string | null;
    createdAt: string;
    isVerified: boolean;
    integrationPartnerId: string | null;
  }>;
}

/** One row of GET /api/admin/companies: a board of any user. */
export interface AdminCompany {
  _id: string;
  name: string;
  owner: { id: string; name: string; email: string };
  apiCount: number;
  lastSyncedAt: string | null;
  /** widgets on the board and on its sub-boards */
  widgetCount: number;
  hasPublicLink: boolean;
  createdAt: string;
}

/** GET /api/admin/companies/{id}. No key material of the API accounts, ever. */
export interface AdminCompanyDetail {
  _id: string;
  name: string;
  createdAt: string;
  hasPublicLink: boolean;
  owner: AdminUser;
  apiAccounts: Array<{
    _id: string;
    name: string;
    provider: ApiAccountProvider;
    type: 'integration' | 'manual';
    lastSyncedAt: string | null;
    /** the key was rejected or has expired */
    isInvalid: boolean;
  }>;
  subBoardCount: number;
  widgetCount: number;
}

export type ExportFormat = 'csv' | 'xlsx' | 'pdf' | 'json';

/** POST /api/exports/{groupId}: the board's selected widgets and report pages as one file. */
export interface ExportRequest {
  format: ExportFormat;
  /** Board widgets as in BoardWidget: `id` is the type for catalogue widgets, the custom widget's id for 'custom'. */
  widgets: Array<{ id: string; widget: string; name?: string; view?: 'single' | 'comparison' }>;
  pages: SharedPage[];
  startDate: string;
  endDate: string;
  lang: 'nor' | 'en';
  /**
   * What the comparison columns compare with, as the period control chose: the report pages compare
   * with the period before, the same period last year (like for like with the booked months) or the
   * budget; the widgets in the comparison view (top lists, custom widgets, KPIs) with the period before
   * or last year, and for the budget (which they have none of) with their own default.
   */
  compare?: ReportComparison;
}

/** How a column's values read: amounts are the shown whole kroner (rounded half away from zero, footed). */
export type ExportColumnKind = ColumnKind;

export interface ExportTable {
  title: string;
  columns: string[];
  /**
   * per column: 'text' | 'amount' (whole kroner, as shown: a statement's figures footed so each column
   * adds up) | 'number' | 'percent' (e.g. 41.2 for 41,2 %) | 'date' (ISO)
   */
  kinds: ExportColumnKind[];
  rows: Array<Array<string | number | null>>;
  note?: string;
}

/** POST /api/exports/{groupId} with format 'json': the tables the files are written from (the portal draws the PNG). */
export interface ExportDocument {
  board: string;
  /** The name every format's file takes, without its extension: `<board>-<startDate>-<endDate>`. */
  fileName: string;
  startDate: string;
  endDate: string;
  lang: 'nor' | 'en';
  tables: ExportTable[];
}

/** A saved assistant answer (ai_query.answer); the SDK's <saldo-ai-widget> shows its `text`. */
export interface AiQueryAnswer {
  text: string;
  /** The model that answered. */
  model: string;
  /** The period whose data the answer was given from (ISO dates). */
  startDate: string;
  endDate: string;
}

/** POST /api/assistant/{groupId}/ask: a question of 5 to 50 words about the board's data in a period. */
export interface AskAssistantRequest {
  question: string;
  startDate: string;
  endDate: string;
  lang: 'nor' | 'en';
}

/** A saved question and its answer: POST …/ask (201), GET …/questions; the same shape as GET /api/widgets/ai. */
export interface AiQueryResponse {
  _id: string;
  question: string;
  answer: AiQueryAnswer;
  /** ISO timestamp */
  createdAt: string;
}

/** POST /api/api-account/demo: the demo company's API account and the board over it (its first sync queued). */
export interface DemoStart {
  board: Board;
  apiAccount: ApiAccount;
}

/** GET /api/feedback/status: false when the server has no address for feedback (SALDO_FEEDBACK_EMAIL). */
export interface FeedbackStatus {
  enabled: boolean;
}

/** The longest feedback message, in characters (the server refuses more with FEEDBACK_TOO_LONG). */
export const FEEDBACK_MAX_CHARS = 4000;

/** POST /api/feedback: a bug report or feedback, mailed to the install's feedback address. */
export interface FeedbackRequest {
  kind: 'bug' | 'feedback';
  message: string;
  /** The portal address the user wrote from, to help reproduce a bug. */
  page?: string;
}

/** GET /api/assistant/status: false when the server has no LLM set up (LLM_BASE_URL and LLM_API_KEY). */
export interface AssistantStatus {
  enabled: boolean;
}

/**
 * The claims of an embed token: an HS256 JWT a partner's backend signs with an embed key's secret
 * (header `kid` = the key's id), at most one hour between `iat` and `exp`. See docs/embedding.md.
 */
export interface EmbedTokenClaims {
  /** The board (group id); the key must belong to it. */
  board: string;
  /**
   * The elements the page may show, by tag without `saldo-`: 'top-customers', 'profit-loss', …;
   * a custom widget as 'custom-widget:<id>'.
   */
  elements: string[];
  /** Locked parameters: an element must ask for exactly these; what is not locked it may choose. */
  params?: Partial<LockedPeriod> & { lang?: 'nor' | 'en'; compare?: ReportComparison };
  iat: number;
  exp: number;
}

/** POST /api/group-account/{groupId}/embed-keys */
export interface EmbedKeyRequest {
  name: string;
  /** Origins whose pages may use the key's tokens, e.g. 'https://partner.example'. */
  origins: string[];
}

/** An embed key as listed; its secret is answered once, when created. */
export interface EmbedKey {
  _id: string;
  name: string;
  origins: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

export interface CreatedEmbedKey extends EmbedKey {
  /** The HS256 signing secret (base64url): shown this once, never again. */
  secret: string;
}

/** A role given on a board (the owner is not a role). */
export type MemberRole = Exclude<BoardRole, 'owner'>;

/** POST /api/team/invitations */
export interface InvitationRequest {
  email: string;
  role: MemberRole;
  groupIds: string[];
}

/** An invitation as the team page lists it (SPEC §4: sent, expired after 7 days, confirmed). */
export interface Invitation {
  _id: string;
  email: string;
  role: MemberRole;
  boards: Array<{ _id: string; name: string }>;
  state: 'sent' | 'expired' | 'confirmed';
  createdAt: string;
  expiresAt: string;
  confirmedAt: string | null;
}

/** GET /api/team/invitations/preview?token=: what the confirm page shows before accepting. */
export interface InvitationPreview {
  email: string;
  role: MemberRole;
  boards: Array<{ _id: string; name: string }>;
  state: Invitation['state'];
  invitedBy: string;
  /** True when the address has an account: the page asks to log in rather than sign up. */
  userExists: boolean;
  lang: UserLanguage;
}

/** A member of the caller's boards, with their role on each (GET /api/team/members). */
export interface TeamMember {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  boards: Array<{ _id: string; name: string; role: MemberRole }>;
}

/** PATCH /api/team/members/{userId}: the role on exactly these of the caller's boards. */
export interface MemberUpdate {
  role: MemberRole;
  groupIds: string[];
}
