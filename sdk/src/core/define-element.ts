import type { ReportComparison } from '@saldo/contract';
import type { WidgetType } from '@saldo/contract/widgets/registry';
import type { PropertyDeclaration } from 'lit';
import type { ComponentChild } from 'preact';
import type { QueryValue } from './api-client';
import { DataController, type DataRequest } from './data-controller';
import { normalizeLang, type SaldoLang } from './i18n';
import { widgetPath } from './registry';
import { SaldoElement } from './widget-element';

/** The board and the period an element reads (the period resolved: its attributes, or this calendar year). */
export interface ElementRange {
  board: string;
  from: string;
  to: string;
}

/**
 * What an element is, besides what every element shares (the attributes board, from, to, lang, view
 * and theme, the states, the events and the data notice): its own attributes, the GET they make, what
 * counts as empty, and its view. `A` types its own attributes as properties.
 */
export interface ElementSpec<T, A extends object> {
  /** Its own attributes, as Lit declares them (`{ compare: { type: String } }`). */
  properties?: { [K in keyof A]-?: PropertyDeclaration };
  /**
   * The data route and query its attributes ask for, on the element's board and period; null while an
   * attribute it needs is missing (nothing is fetched: idle). A changed answer fetches again.
   */
  request(el: SaldoElement<T> & A, range: ElementRange): Omit<DataRequest, 'board'> | null;
  /** True when the data has nothing worth drawing (shown as the empty state). */
  isEmpty(data: T): boolean;
  /** Its view for the element's current state (`el.state`), in its language. */
  render(el: SaldoElement<T> & A, lang: SaldoLang): ComponentChild;
}

/**
 * The one way an SDK element is written: `export const SaldoX = defineElement('saldo-x', { … })`
 * beside its view, where scripts/generate.mjs finds it by its tag. The class is named by the tag
 * (`SaldoX`), as customElements and the manifest show it.
 */
export function defineElement<T, A extends object = object>(
  tag: `saldo-${string}`,
  spec: ElementSpec<T, A>,
): new () => SaldoElement<T> & A {
  class Defined extends SaldoElement<T> {
    static override properties = { ...SaldoElement.properties, ...spec.properties };

    protected override readonly data: DataController<T> = new DataController<T>(
      this,
      () => {
        const { board } = this;
        if (!board) return null;
        const request = spec.request(this as unknown as SaldoElement<T> & A, { board, ...this.period() });
        return request && { ...request, board };
      },
      spec.isEmpty,
    );

    protected override renderView(): ComponentChild {
      return spec.render(this as unknown as SaldoElement<T> & A, normalizeLang(this.lang));
    }
  }
  Object.defineProperty(Defined, 'name', { value: tag.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()) });
  return Defined as unknown as new () => SaldoElement<T> & A;
}

/** A widget type's GET: its registry path with the board and period, and what else it asks (`compare`, …). */
export function widgetRequest(type: WidgetType, { board, from, to }: ElementRange, extra?: Record<string, QueryValue>) {
  return { path: widgetPath(type), query: { groupId: board, startDate: from, endDate: to, ...extra } };
}

/**
 * The statements' `compare` attribute: 'previous' (the period just before), 'lastYear' (the same period a
 * year earlier), 'yearEnd' (last year's end: the whole fiscal year before the one holding the period's
 * end) or 'budget' (the board's budget); unset (or anything else): no comparison.
 */
export interface ReportAttributes {
  compare: ReportComparison | undefined;
}

/** A statement's GET: its report route with the board, the period and `compare` where it names one. */
export function reportRequest(path: string, compare: string | undefined, { board, from, to }: ElementRange) {
  const asked =
    compare === 'previous' || compare === 'lastYear' || compare === 'yearEnd' || compare === 'budget'
      ? { compare }
      : {};
  return { path, query: { groupId: board, startDate: from, endDate: to, ...asked } };
}

/** The statement elements as a type (each is made by defineElement with the `compare` attribute). */
export type SaldoReportElement<T> = SaldoElement<T> & ReportAttributes;
