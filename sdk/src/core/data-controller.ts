import { DATA_NOTICE_HEADER } from '@saldo/contract/sources/data-health';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { getJson, type QueryValue, SaldoApiError } from './api-client';
import type { SaldoErrorDetail, WidgetState } from './types';

/** One GET of an element: its data route, its query, and the board it reads. */
export interface DataRequest {
  path: string;
  query: Record<string, QueryValue>;
  board: string;
}

/** What the controller drives: the element's state and data notice, and its events. */
export interface DataHost<T> extends ReactiveControllerHost, EventTarget {
  state: WidgetState<T>;
  notice: boolean;
}

/**
 * An element's data, as a reactive controller of @lit/task's shape: before every update it reads its
 * arguments (the request the element's attributes make, or null while one it needs is missing) and,
 * when they differ from the last run's, runs again. A run aborts the one before it and that one's
 * answer is ignored; it shows `loading`, then `data`, `empty` (by `isEmpty`) or `error`, firing
 * `saldo-ready` or `saldo-error`; the answer's DATA_NOTICE_HEADER says whether its figures rest on a
 * source with errors, so the notice is readable by exactly whoever may read the data.
 *
 * Written here rather than taken from @lit/task (not in the lock file): its status has neither `empty`
 * nor `idle` for a missing attribute, the notice comes from the same answer's headers, and a page with
 * one top list is at its 20 KB budget, which its ~1 KB would pass.
 */
export class DataController<T> implements ReactiveController {
  #host: DataHost<T>;
  #args: () => DataRequest | null;
  #isEmpty: (data: T) => boolean;
  #key: string | undefined;
  #generation = 0;
  #abort: AbortController | undefined;

  constructor(host: DataHost<T>, args: () => DataRequest | null, isEmpty: (data: T) => boolean) {
    this.#host = host;
    this.#args = args;
    this.#isEmpty = isEmpty;
    host.addController(this);
  }

  /** Before the element renders: a changed request fetches again, in the same update (it shows `loading`). */
  hostUpdate(): void {
    const request = this.#args();
    if ((request ? JSON.stringify(request) : '') !== this.#key) this.run(request);
  }

  /** Fetches (again) what the element's attributes ask for; every call supersedes the one before. */
  run(request = this.#args()): void {
    this.#key = request ? JSON.stringify(request) : '';
    const generation = ++this.#generation;
    const host = this.#host;
    this.#abort?.abort();
    this.#abort = undefined;
    if (!request) {
      host.state = { status: 'idle' };
      return;
    }
    this.#abort = new AbortController();
    const { signal } = this.#abort;
    host.state = { status: 'loading' };
    host.notice = false;
    const emit = (type: string, detail: unknown) =>
      host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    getJson<T>(request.path, request.query, request.board, signal, (headers) => {
      if (!signal.aborted) host.notice = headers.get(DATA_NOTICE_HEADER) === 'true';
    }).then(
      (data) => {
        if (generation !== this.#generation) return;
        host.state = this.#isEmpty(data) ? { status: 'empty', data } : { status: 'data', data };
        emit('saldo-ready', data);
      },
      (error: unknown) => {
        if (generation !== this.#generation) return;
        const detail: SaldoErrorDetail =
          error instanceof SaldoApiError
            ? { code: error.code, message: error.message, status: error.status }
            : { code: 'INTERNAL_ERROR', message: error instanceof Error ? error.message : String(error), status: 0 };
        host.state = { status: 'error', error: detail };
        emit('saldo-error', detail);
      },
    );
  }
}
