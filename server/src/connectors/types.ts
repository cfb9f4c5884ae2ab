import type { ApiAccountType } from '../contract.ts';

/** Normalised records every connector yields. Money is integer øre, debit positive. */
export type LedgerRecord =
  | { kind: 'account'; number: number; name: string; nameEn?: string }
  | { kind: 'customer' | 'supplier'; id: string; name: string; orgNumber?: string }
  | { kind: 'product'; id: string; name: string; price?: number }
  | { kind: 'employee'; id: string; name: string; startDate: string; endDate?: string }
  | {
      kind: 'posting';
      date: string;
      voucher: string;
      accountNumber: number;
      amount: number;
      customerId?: string;
      supplierId?: string;
      productId?: string;
      description?: string;
    };

export interface Connector {
  readonly type: ApiAccountType;
  /** Streams the source's ledger; accounts and parties come before the postings that use them. */
  read(): AsyncIterable<LedgerRecord>;
}
