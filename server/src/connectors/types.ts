import type { ApiAccountProvider } from '@saldo/contract';
import type { ImportWarning } from '@saldo/contract/sources/import-warnings';
import { type SourceError, sourceErrorText } from '@saldo/contract/sources/source-errors';

/**
 * Normalised records every connector yields. Money is integer øre, debit positive.
 *
 * Accounts are identified by `accountId`, the source's own ID (`1920`, or a sub-account such as
 * `1920PKEY92783`); where it is left out it is the number written out. `number` is the account's
 * own number (the digits an ID starts with, 0 when it has none); where the statements place the
 * account is decided at ingest from the number, then the standard account, then the grouping.
 */
export type LedgerRecord =
  /** The company the source is about (a SAF-T header), for the account's default name. */
  | { kind: 'company'; name: string; orgNumber?: string }
  | {
      kind: 'account';
      number: number;
      name: string;
      nameEn?: string;
      accountId?: string;
      /** SAF-T StandardAccountID: two digits (1.10) or four (1.20/1.30). */
      standardAccount?: string;
      /** SAF-T GroupingCategory/GroupingCode (næringsspesifikasjon). */
      grouping?: { category: string; code: string };
    }
  | { kind: 'customer' | 'supplier'; id: string; name: string; orgNumber?: string }
  | { kind: 'product'; id: string; name: string; price?: number }
  | { kind: 'employee'; id: string; name: string; startDate: string; endDate?: string }
  | {
      kind: 'posting';
      date: string;
      /**
       * yyyy-mm: the accounting period the posting belongs to, where the source has one (SAF-T
       * Period/PeriodYear); without it, the month of `date`.
       */
      period?: string;
      voucher: string;
      /** The source's own ID of the voucher, where it differs from `voucher` (Tripletex: its voucher id). */
      voucherRef?: string;
      accountNumber: number;
      accountId?: string;
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
  | { kind: 'opening'; date: string; accountNumber: number; accountId?: string; amount: number };

export interface SyncContext {
  /** Aborted when the sync is cancelled or its lease is lost; connectors stop reading. */
  signal: AbortSignal;
  /**
   * Progress of one named part (one of the connector's `parts`), 0..1. The API account's
   * percentage is the average over all parts.
   */
  progress(part: string, fraction: number): void;
  /** A problem in the source worth telling the user that does not stop the import. */
  warn(warning: ImportWarning): void;
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

/**
 * Records a connector can also hand over in arrays, as the source gives them (a chunk of a file, a
 * worker's message): a consumer taking many at once (ingest) awaits once per array instead of once
 * per record. A wrapper that re-yields `read` record by record is simply not batched.
 */
export interface BatchedRecords extends AsyncIterable<LedgerRecord> {
  readonly batches: AsyncIterable<readonly LedgerRecord[]>;
}

/**
 * `batches` as a connector's read: one by one for most consumers (stopping at the first record
 * after `signal` aborts), in arrays through recordBatches. Either way, once.
 */
export function batched(batches: AsyncIterable<readonly LedgerRecord[]>, signal?: AbortSignal): BatchedRecords {
  return {
    batches,
    async *[Symbol.asyncIterator]() {
      for await (const batch of batches)
        for (const record of batch) {
          if (signal?.aborted) throw signal.reason ?? new Error('The sync was stopped');
          yield record;
        }
    },
  };
}

/** A connector's records in arrays: its own batches where its read has them, else one array per record. */
export async function* recordBatches(connector: Connector, ctx: SyncContext): AsyncGenerator<readonly LedgerRecord[]> {
  const records = connector.read(ctx);
  if ('batches' in records) {
    yield* (records as BatchedRecords).batches;
    return;
  }
  for await (const record of records) yield [record];
}

export type ConnectorErrorKind = 'invalid-credentials' | 'invalid-file' | 'unbalanced' | 'source-unavailable';

/**
 * A failure of the source: `error` names the problem for the user as a code with parameters (shown in
 * their language); the message is its English text, for logs.
 */
export class ConnectorError extends Error {
  constructor(
    readonly kind: ConnectorErrorKind,
    readonly error: SourceError,
  ) {
    super(sourceErrorText(error, 'en'));
    this.name = 'ConnectorError';
  }
}

/** A context that ignores progress, for callers that do not report it (tests, scripts). */
export function quietContext(
  signal: AbortSignal = new AbortController().signal,
  warnings: ImportWarning[] = [],
): SyncContext {
  return { signal, progress: () => undefined, warn: (m) => warnings.push(m) };
}
