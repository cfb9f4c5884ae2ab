import type { ReportComparison } from '@saldo/contract';
import type { ElementErrorCode } from '@saldo/contract/element-errors';

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

/** `detail` of `saldo-drill`: what the user clicked, so the host page can navigate to it. */
export type SaldoDrillDetail =
  /** A row of a top list (the kind names the list) or a company of a consolidation. */
  | { kind: 'customer' | 'supplier' | 'product' | 'expense' | 'transaction' | 'company'; id: string; name: string }
  /** An account row: `number` its place in the chart, `accountId` the source's own ID (a sub-account keeps its own). */
  | { kind: 'account'; number: number; accountId?: string; title: string; group: string }
  /** A cash flow line (`key`, e.g. 'receivables') inside its group (e.g. 'operating'). */
  | { kind: 'cashflow-line'; group: string; key: string };

/** The parameters every element fetches with. */
export interface LoadQuery {
  board: string;
  /** yyyy-mm-dd */
  from: string;
  /** yyyy-mm-dd */
  to: string;
  /** Set by report elements with a `compare` attribute. */
  compare?: ReportComparison | undefined;
}
