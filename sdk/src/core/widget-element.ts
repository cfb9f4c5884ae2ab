import { defaultRange, endOfMonth } from '@saldo/contract/period/range';
import { type PropertyValues, ReactiveElement, unsafeCSS } from 'lit';
import { type ComponentChild, Fragment, h, render } from 'preact';
import type { DataController } from './data-controller';
import { normalizeLang, type SaldoLang, t } from './i18n';
import themeCss from './theme.css?raw';
import type { SaldoDrillDetail, WidgetState } from './types';

/**
 * Base of every Saldo element, each made by defineElement (define-element.ts) and none written as a
 * class of its own. Lit's ReactiveElement does attributes → properties and batches updates; the data
 * is a DataController's (data-controller.ts); the markup is a Preact view rendered into a container
 * inside the shadow root (not into the root itself, where Lit may put fallback <style> elements
 * Preact would remove).
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

  #mount: HTMLDivElement | undefined;
  /** Its data: what its attributes ask for, fetched again when that changes. */
  protected abstract readonly data: DataController<T>;

  constructor() {
    super();
    this.lang = 'nor';
    this.state = { status: 'idle' };
    this.notice = false;
  }

  /** The Preact tree for the current state. */
  protected abstract renderView(): ComponentChild;

  /** Fetches again with the current attributes, e.g. after the host page knows data changed. */
  reload(): void {
    this.data.run();
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
  period(): { from: string; to: string } {
    const range = defaultRange();
    return { from: this.from || range.startDate, to: this.to || range.endDate };
  }

  /** The period of a figure: the element's whole period ('period'), or one month (yyyy-mm). */
  figurePeriod(which: 'period' | string): { from: string; to: string; column: string } {
    if (which === 'period') return { ...this.period(), column: 'total' };
    return { from: `${which}-01`, to: endOfMonth(`${which}-01`), column: which };
  }

  /** Sends `saldo-drill`; called from the element's view. */
  drill(detail: SaldoDrillDetail): void {
    this.dispatchEvent(new CustomEvent('saldo-drill', { detail, bubbles: true, composed: true }));
  }
}
