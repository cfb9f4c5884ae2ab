import type { SaldoDrillDetail } from '@saldo/sdk';

/**
 * What the drill-down panel lists for a clicked figure: GET /api/postings' parameters, taken as they
 * are from the `saldo-drill` detail, and how to show them so they add up to the figure.
 */
export interface PostingsTarget {
  /** account numbers and ranges (places in the chart), e.g. '3000-7999' or '2050-2099,3000-8199' */
  account?: string;
  /** one account by the source's own ID (a sub-account, or one placed by its standard account) */
  accountId?: string;
  party?: string;
  partyKind?: 'customer' | 'supplier' | 'product';
  /** one source of the board; with `voucher`, that voucher's source */
  apiAccountId?: string;
  voucher?: string;
  /** the board's consolidation group: 'true' without its deducted accounts, 'eliminations' only those */
  consolidated?: 'true' | 'eliminations';
  /** one month's MRR figure: only its customers' revenue postings */
  mrr?: 'mrr' | 'new' | 'churned';
  /** yyyy-mm-dd: the figure's period */
  from: string;
  to: string;
  /** A balance: the opening balance at `from`, then the postings in the order they were booked with a running balance. */
  balance: boolean;
  /** The figure is `sign` × the postings (debit positive): -1 where the statement shows credit positive. */
  sign: 1 | -1;
  /** 'debit': the figure is the sum of the debit lines (a voucher's size). */
  measure: 'net' | 'debit';
}

/** The postings behind a clicked figure, or null when nothing in the detail says which (the element has none). */
export function postingsTarget(detail: SaldoDrillDetail): PostingsTarget | null {
  const { accounts, accountId, party, voucher, apiAccountId } = detail;
  if (accounts === undefined && accountId === undefined && party === undefined && voucher === undefined) return null;
  return {
    ...(accounts !== undefined ? { account: accounts } : {}),
    ...(accountId !== undefined ? { accountId } : {}),
    ...(party ? { party: party.id, partyKind: party.kind } : {}),
    ...(voucher ? { apiAccountId: voucher.apiAccountId, voucher: voucher.voucher } : {}),
    ...(apiAccountId !== undefined ? { apiAccountId } : {}),
    ...(detail.consolidated !== undefined ? { consolidated: detail.consolidated } : {}),
    ...(detail.mrr !== undefined ? { mrr: detail.mrr } : {}),
    from: detail.from,
    to: detail.to,
    balance: detail.balance === true,
    sign: detail.sign,
    measure: detail.measure ?? 'net',
  };
}
