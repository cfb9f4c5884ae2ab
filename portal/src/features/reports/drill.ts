import type { SaldoDrillDetail } from '@saldo/sdk';

/** What the drill-down panel lists: postings of one account or account range, in the report's sign. */
export interface PostingsTarget {
  /** `account` query parameter of GET /api/postings: a number or a range like 1500-1799 */
  account?: string;
  /** or `accountId`: one account by the source's own ID (a sub-account, or one placed by its standard account) */
  accountId?: string;
  /** Postings are debit positive; reports show income, equity and liabilities positive (-1) and assets as debit (+1). */
  sign: 1 | -1;
}

// Cash flow lines that are exactly one account range (cash effect = minus the movement). The other
// lines combine ranges (tax paid: 8300–8399 and 2500–2599) or add back depreciation, so no single
// list of postings adds up to them.
const CASH_FLOW_RANGES: Record<string, string> = {
  resultBeforeTax: '3000-8299',
  inventory: '1400-1499',
  receivables: '1500-1799',
  payables: '2400-2499',
  longTermDebt: '2200-2299',
  shortTermLoans: '2300-2399',
};

/** The postings behind a clicked row, or null when no single account range adds up to it. */
export function postingsTarget(detail: SaldoDrillDetail): PostingsTarget | null {
  if (detail.kind === 'account') {
    // Liabilities, equity and the P&L show credit positive; assets and the Unclassified line debit positive.
    const sign = detail.group !== 'unclassified' && detail.number >= 2000 ? -1 : 1;
    return detail.accountId !== undefined
      ? { accountId: detail.accountId, sign }
      : { account: String(detail.number), sign };
  }
  if (detail.kind === 'cashflow-line') {
    const account = CASH_FLOW_RANGES[detail.key];
    return account ? { account, sign: -1 } : null;
  }
  return null;
}
