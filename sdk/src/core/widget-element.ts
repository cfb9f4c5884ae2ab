import { DATA_NOTICE_HEADER } from '@saldo/contract/data-health';
import { defaultRange, endOfMonth } from '@saldo/contract/range';
import { type PropertyValues, ReactiveElement, unsafeCSS } from 'lit';
import { type ComponentChild, Fragment, h, render } from 'preact';
import { getJson, type QueryValue, SaldoApiError } from './api-client';
import { normalizeLang, type SaldoLang, t } from './i18n';
import themeCss from './theme.css?raw';
import type { LoadQuery, SaldoDrillDetail, SaldoErrorDetail, WidgetState } from './types';

/**
 * Base of every Saldo element. Lit's ReactiveElement does attributes → properties and batches
 * updates; the markup is a Preact view rendered into a container inside the shadow root (not
 * into the root itself, where Lit may put fallback <style> elements Preact would remove).
 *
 * Subclasses fetch in `load()`, say what counts as empty in `isEmpty()` and draw `renderView()`.
 *
 * @fires saldo-ready - the data arrived (also when it is empty); `detail` is the data
 * @fires saldo-error - loading failed; `detail` is `{ code, message, status }`
 * @fires saldo-drill - the user clicked a row; `detail` says what was clicked
 * @csspart status - the loading, empty and error messages (also `error` on errors, `empty` when empty)
 * @csspart data-notice - the small notice shown when the figures rest on a source with errors
 */
export abstract class SaldoElement<T> extends ReactiveElement {
  static override styles = unsafeCSS(themeCss);

  static override properties = {
    board: { type: String },
    from: { type: String },
    to: { type: String },
    lang: { type: String },
    view: { type: String },
    // Reflected because the dark palette is selected by :host([theme='dark']).
    theme: { type: String, reflect: true },
    state: { state: true },
    notice: { state: true },
  };

  // `declare` keeps the class-field semantics of ES2022 from shadowing Lit's accessors.
  /** Board id (`groupId` in the API); nothing is fetched until it is set. */
  declare board: string | undefined;
  /** First day of the period, yyyy-mm-dd; defaults to 1 January of the current year. */
  declare from: string | undefined;
  /** Last day of the period, yyyy-mm-dd; defaults to 31 December of the current year. */
  declare to: string | undefined;
  /** 'nor' (default) or 'en'. */
  declare lang: SaldoLang;
  /** Element-specific variant; see each element. */
  declare view: string | undefined;
  /** 'light' (default) or 'dark'. */
  declare theme: 'light' | 'dark' | undefined;
  /** What the element currently shows. */
  declare state: WidgetState<T>;
  /** True when the figures shown rest on a source with errors (the board's data health). */
  declare notice: boolean;

  #generation = 0;
  #controller: AbortController | undefined;
  #mount: HTMLDivElement | undefined;

  constructor() {
    super();
    this.lang = 'nor';
    this.state = { status: 'idle' };
    this.notice = false;
  }

  /** Fetches the data for the current board and period. */
  protected abstract load(query: LoadQuery, signal: AbortSignal): Promise<T>;
  /** True when the data has nothing worth drawing (shown as the empty state). */
  protected abstract isEmpty(data: T): boolean;
  /** The Preact tree for the current state. */
  protected abstract renderView(): ComponentChild;

  /** Fetches again with the current attributes, e.g. after the host page knows data changed. */
  reload(): void {
    this.#startLoad();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // disconnectedCallback unmounted the view; draw it again when the element is re-attached.
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Unmounting lets views release what they hold (uPlot instances, ResizeObservers).
    if (this.#mount) render(null, this.#mount);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // In willUpdate so the first render already shows "loading" instead of flashing idle.
    if (this.loadsOn(changed)) this.#startLoad();
  }

  /** Which changed properties mean fetching again; subclasses add their own (e.g. `compare`). */
  protected loadsOn(changed: PropertyValues<this>): boolean {
    return changed.has('board') || changed.has('from') || changed.has('to');
  }

  /** False while an element-specific required attribute (e.g. `widget-id`) is missing: nothing is fetched. */
  protected canLoad(): boolean {
    return true;
  }

  /** Extra query fields for `load()`; report elements add `compare`. */
  protected extraQuery(): Partial<LoadQuery> {
    return {};
  }

  /**
   * GETs the element's data, and with it whether its figures rest on a source with errors: the API
   * says so in a header of the data answer itself (DATA_NOTICE_HEADER), so it is readable by exactly
   * whoever may read the data. A server that does not send it means no notice.
   */
  protected fetchData<R>(
    path: string,
    query: Record<string, QueryValue>,
    board: string,
    signal: AbortSignal,
  ): Promise<R> {
    return getJson<R>(path, query, board, signal, (headers) => {
      if (!signal.aborted) this.notice = headers.get(DATA_NOTICE_HEADER) === 'true';
    });
  }

  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    if (!this.#mount) {
      this.#mount = document.createElement('div');
      this.#mount.className = 'root';
      this.renderRoot.appendChild(this.#mount);
    }
    const shown = this.notice && (this.state.status === 'data' || this.state.status === 'empty');
    render(
      h(
        Fragment,
        null,
        this.renderView(),
        shown
          ? h(
              'p',
              { class: 'data-notice', part: 'data-notice', role: 'note' },
              t(normalizeLang(this.lang), 'dataNotice'),
            )
          : null,
      ),
      this.#mount,
    );
  }

  /** The period the element shows (yyyy-mm-dd): its attributes, or this calendar year. */
  protected period(): { from: string; to: string } {
    const range = defaultRange();
    return { from: this.from || range.startDate, to: this.to || range.endDate };
  }

  /** The period of a figure: the element's whole period ('period'), or one month (yyyy-mm). */
  protected figurePeriod(which: 'period' | string): { from: string; to: string; column: string } {
    if (which === 'period') return { ...this.period(), column: 'total' };
    return { from: `${which}-01`, to: endOfMonth(`${which}-01`), column: which };
  }

  /** Sends `saldo-drill`; called by subclasses from their views. */
  protected drill(detail: SaldoDrillDetail): void {
    this.#emit('saldo-drill', detail);
  }

  #emit(type: string, detail: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #startLoad(): void {
    // Every call supersedes the previous one: its response (if it still arrives) is ignored.
    const generation = ++this.#generation;
    this.#controller?.abort();
    this.#controller = undefined;
    const { board } = this;
    // The API requires both dates; a missing one means the current calendar year, by the rule the
    // server and the portal share (default-range.ts is pure, so only that function is bundled).
    const range = defaultRange();
    const from = this.from || range.startDate;
    const to = this.to || range.endDate;
    if (!board || !this.canLoad()) {
      this.state = { status: 'idle' };
      return;
    }
    const controller = new AbortController();
    this.#controller = controller;
    this.state = { status: 'loading' };
    this.notice = false;
    this.load({ ...this.extraQuery(), board, from, to }, controller.signal).then(
      (data) => {
        if (generation !== this.#generation) return;
        this.state = this.isEmpty(data) ? { status: 'empty', data } : { status: 'data', data };
        this.#emit('saldo-ready', data);
      },
      (error: unknown) => {
        if (generation !== this.#generation) return;
        const detail: SaldoErrorDetail =
          error instanceof SaldoApiError
            ? { code: error.code, message: error.message, status: error.status }
            : { code: 'INTERNAL_ERROR', message: error instanceof Error ? error.message : String(error), status: 0 };
        this.state = { status: 'error', error: detail };
        this.#emit('saldo-error', detail);
      },
    );
  }
}
