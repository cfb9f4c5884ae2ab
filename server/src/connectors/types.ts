import type { ApiAccountProvider } from '../contract.ts';

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
    }
  /**
   * An account's balance at the start of `date` (yyyy-mm-dd), for sources whose postings do not
   * go back to the beginning (SAF-T opening balances, Tripletex's opening balance voucher).
   * Stored as a posting on that date with voucher 'IB' (inngående balanse).
   */
  | { kind: 'opening'; date: string; accountNumber: number; amount: number };

export interface SyncContext {
  /** Aborted when the sync is cancelled or its lease is lost; connectors stop reading. */
  signal: AbortSignal;
  /**
   * Progress of one named part (one of the connector's `parts`), 0..1. The API account's
   * percentage is the average over all parts.
   */
  progress(part: string, fraction: number): void;
  /** A problem in the source worth telling the user that does not stop the import. */
  warn(message: string): void;
}

export interface Connector {
  readonly type: ApiAccountProvider;
  /** The parts this connector reports progress for, e.g. ['accounts', 'customers', 'postings']. */
  readonly parts: readonly string[];
  /**
   * Streams the source's ledger. Throws ConnectorError for problems the user must act on
   * (bad credentials, not a SAF-T file, truncated file, unbalanced vouchers).
   */
  read(ctx: SyncContext): AsyncIterable<LedgerRecord>;
}

export type ConnectorErrorKind = 'invalid-credentials' | 'invalid-file' | 'unbalanced' | 'source-unavailable';

/** A failure of the source, with a message that names the problem for the user. */
export class ConnectorError extends Error {
  constructor(
    readonly kind: ConnectorErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

/** A context that ignores progress, for callers that do not report it (tests, scripts). */
export function quietContext(signal: AbortSignal = new AbortController().signal, warnings: string[] = []): SyncContext {
  return { signal, progress: () => undefined, warn: (m) => warnings.push(m) };
}
