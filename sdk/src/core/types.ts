import type { ElementErrorCode } from '@saldo/contract/errors/element-errors';

/** `detail` of `saldo-error`. `message` is the server's (English) message; show `errorMessage(code, lang)`. */
export interface SaldoErrorDetail {
  code: ElementErrorCode;
  message: string;
  /** HTTP status; 0 when the request never got an answer */
  status: number;
}

/** What an element shows. `empty` still carries the (empty) data the server returned. */
export type WidgetState<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'data'; data: T }
  | { status: 'empty'; data: T }
  | { status: 'error'; error: SaldoErrorDetail };

/** The kinds of figure `saldo-drill` reports. */
export type SaldoDrillKind =
  /** an account row of a statement, or an account of a top list */
  | 'account'
  /** a line of a statement (Salgsinntekt, Fordringer, a cash flow line) */
  | 'line'
  /** a sum of lines (Sum driftsinntekter, Driftsresultat, Sum eiendeler, a cash flow section's net) */
  | 'subtotal'
  /** cash at the start or end of a period: a balance */
  | 'balance'
  /** a row of a top list: revenue of a customer or product, costs of a supplier */
  | 'customer'
  | 'supplier'
  | 'product'
  /** the cost accounts of the top expenses */
  | 'expense'
  /** a voucher of the largest transactions */
  | 'transaction'
  /** a company of a consolidation */
  | 'company'
  /**
   * a KPI's figure: an amount (EBITDA, working capital) is its postings; a ratio has none of its own and
   * carries its numerator and denominator as `parts`
   */
  | 'kpi';

/**
 * `detail` of `saldo-drill`: exactly which figure was clicked, so the host page can list the postings
 * behind it (GET /api/postings takes these fields as they are) or open its own view. Every figure is
 * `sign` × the sum of the postings (debit positive) that `accounts`/`accountId`, `party`, `voucher` and
 * `apiAccountId` select among those whose accounting period lies in `from`–`to`; a `balance` adds the
 * opening balance at `from`.
 */
export interface SaldoDrillDetail {
  kind: SaldoDrillKind;
  /** What was clicked, as shown: a line's name, an account's number and name, a customer's name. */
  title: string;
  /** The statement or widget: 'profit-loss', 'balance-sheet', 'cash-flow', or the widget's type. */
  origin: string;
  /** The figure's period (yyyy-mm-dd): a month column's month, the period, or the comparison period. */
  from: string;
  to: string;
  /** The column clicked: a month (yyyy-mm), 'total' or 'comparison'. */
  column?: string;
  /** Account numbers and ranges (places in the chart), as `account` of GET /api/postings: '3000-7999' or '2050-2099,3000-8199'. */
  accounts?: string;
  /** One account by the source's own ID (a sub-account, or one placed by its standard account), with its `number`. */
  accountId?: string;
  /** An account's place in the chart. */
  number?: number;
  /** The statement line (group) of an account or line, e.g. 'salesRevenue', 'operating'. */
  group?: string;
  /** The key of a line or subtotal, e.g. 'operatingResult', 'receivables', 'totalEquity'. */
  key?: string;
  /** A customer, supplier or product, by the top list's id (an organisation number, or `source:id`). */
  party?: { kind: 'customer' | 'supplier' | 'product'; id: string };
  /** A voucher of one source. */
  voucher?: { apiAccountId: string; voucher: string };
  /** One source of the board (a company of a consolidation). */
  apiAccountId?: string;
  /**
   * The board's consolidation group: 'true' its postings without the intercompany accounts it deducts
   * (the consolidated sum), 'eliminations' only those (what it deducts).
   */
  consolidated?: 'true' | 'eliminations';
  /**
   * One month's MRR figure (`from`–`to` one month): only the revenue postings of its customers. 'mrr'
   * those paying that month, 'new' those paying who did not the month before, 'churned' those paying
   * who do not the month after (so a month's churn drills into the month before it).
   */
  mrr?: 'mrr' | 'new' | 'churned';
  /** The figure is `sign` × the postings' sum: -1 where it is shown credit positive (income, equity, debt, cash effects). */
  sign: 1 | -1;
  /** A balance at `to`: the opening balance at `from` plus the postings of the period (balance sheet, cash). */
  balance?: boolean;
  /** What is summed: 'debit' for a voucher's size (its debit lines), else the postings' net. */
  measure?: 'net' | 'debit';
  /** A row of a list: its id and name as the API gave them. */
  id?: string;
  name?: string;
  /** A KPI's figure: its own ('value'), a ratio's 'numerator' or 'denominator', or the 'ratio' of the two. */
  term?: 'value' | 'numerator' | 'denominator' | 'ratio';
  /**
   * A ratio (`term: 'ratio'`): no postings of its own, and no `accounts`; its numerator and denominator,
   * each a figure as above (with `amount`), for the host to list side by side.
   */
  parts?: SaldoDrillDetail[];
  /** The figure as the element counted it (øre, `sign` applied): what its postings add up to. */
  amount?: number;
  /**
   * The average of the balances at each month end of the period (inventory turnover's inventory): its
   * postings' running balance shows each month end, but no one figure of them is `amount`.
   */
  average?: boolean;
}
