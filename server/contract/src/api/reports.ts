import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { asSent, json, route } from './define.ts';

/** Query of every widget and report call: the board and an ISO date range (default: this year). */
export const boardRangeQuery = z.object({
  groupId: z.string().min(1).max(100).optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  /**
   * 'previous', 'lastYear' (like for like with the booked months), 'yearEnd' (the whole fiscal year
   * before the one holding the period's end: last year's end) or 'budget' (the board's budget; every
   * statement; budgets/report.ts says what it is for balances)
   */
  compare: api.reportComparison.optional(),
  /** 'true': the board's consolidation group, with its intercompany accounts deducted */
  consolidated: z.enum(['true', 'false']).optional(),
});

// The fields of a `saldo-drill` detail, as they come: a drill-down lists exactly the figure's postings.
export const postingsQuery = z
  .object({
    groupId: z.string().min(1).max(100).optional(),
    /** account numbers and ranges (places in the chart), comma-separated: 3000, 3000-3999, or 8300-8399,2500-2599 */
    account: z
      .string()
      .regex(/^\d{1,5}(-\d{1,5})?(,\d{1,5}(-\d{1,5})?){0,9}$/)
      .optional(),
    /** one account by the source's own ID, e.g. a sub-account 1920PKEY92783 */
    accountId: z.string().trim().min(1).max(100).optional(),
    /** a customer, supplier or product by a top list's id (an organisation number, or `source:id`), with `partyKind` */
    party: z.string().trim().min(1).max(200).optional(),
    partyKind: z.enum(['customer', 'supplier', 'product']).optional(),
    /** one source of the board (a company of a consolidation; with `voucher`, that voucher's source) */
    apiAccountId: z.string().trim().min(1).max(100).optional(),
    /** one voucher, e.g. 2025-118 */
    voucher: z.string().trim().min(1).max(200).optional(),
    /** 'true': a balance, with the opening balance before the period and a running balance */
    balance: z.enum(['true', 'false']).optional(),
    /** 'desc' (default): newest first; 'asc': in the order booked, as a ledger card reads */
    order: z.enum(['asc', 'desc']).optional(),
    from: z.string(),
    to: z.string(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(50),
    /**
     * 'true': the board's consolidation group without its deducted (intercompany) accounts;
     * 'eliminations': only the group's postings on those accounts (what the consolidation deducts)
     */
    consolidated: z.enum(['true', 'false', 'eliminations']).optional(),
    /**
     * One month's MRR figure (from–to one month, with the MRR widget's `account` range): only the revenue
     * postings of its customers: 'mrr' those paying, 'new' those paying who did not the month before,
     * 'churned' those paying who do not the month after (that month's churn).
     */
    mrr: z.enum(['mrr', 'new', 'churned']).optional(),
  })
  // Something must say which postings: never a whole ledger by accident.
  .refine((q) => [q.account, q.accountId, q.party, q.voucher].some((x) => x !== undefined), {
    message: 'account, accountId, party or voucher is required',
  })
  .refine((q) => (q.party === undefined) === (q.partyKind === undefined), {
    message: 'party and partyKind go together',
  })
  .refine(
    (q) =>
      q.mrr === undefined ||
      (q.account !== undefined && !q.account.includes(',') && q.from.slice(0, 7) === q.to.slice(0, 7)),
    {
      message: 'mrr takes one account range and one month',
    },
  );

/** GET /api/postings: the postings behind one figure, a page at a time, as a drill-down's detail names them. */
export interface PostingsQuery {
  groupId: string;
  from: string;
  to: string;
  page: number;
  pageSize: number;
  account?: string;
  accountId?: string;
  party?: string;
  partyKind?: string;
  apiAccountId?: string;
  voucher?: string;
  consolidated?: string;
  mrr?: string;
  balance?: 'true';
  order?: 'asc' | 'desc';
}

const SIGN =
  'Amounts are integer øre. Profit and loss: income positive, costs negative, so every line adds up to the result. ' +
  'Balance sheet: assets debit positive, equity and liabilities credit positive. Cash flow: cash in positive, out negative.';

export const reportApi = {
  profitLoss: route({
    method: 'GET',
    path: '/profit-loss',
    tag: 'reports',
    summary: 'Profit and loss by month, with a comparison period or the budget on request',
    description: SIGN,
    query: boardRangeQuery,
    response: json(api.profitLossReport),
  }),
  balanceSheet: route({
    method: 'GET',
    path: '/balance-sheet',
    tag: 'reports',
    summary: 'Balance sheet at each month end of the period, with a comparison period or the budget on request',
    description: SIGN,
    query: boardRangeQuery,
    response: json(api.balanceSheetReport),
  }),
  cashflow: route({
    method: 'GET',
    path: '/cashflow',
    tag: 'reports',
    summary:
      'Cash flow by month (indirect method) with the opening cash of each month, with a comparison period or the budget on request',
    description: SIGN,
    query: boardRangeQuery,
    response: json(api.cashFlowReport),
  }),
  postings: route({
    method: 'GET',
    path: '/postings',
    tag: 'reports',
    summary:
      'The postings behind an amount (drill-down): of account ranges, an account, a party or a voucher, in the ' +
      "period's months, by period then date, newest first, paged; each with its period, date and a link to the voucher " +
      'in the source where it has one. With balance=true, the opening balance and a running balance.',
    description: SIGN,
    query: postingsQuery,
    // The fields of a drill-down's detail, as the portal passes them on (the server checks them).
    sent: asSent<{ query: PostingsQuery }>(),
    response: json(api.postingsPage),
  }),
} as const;
