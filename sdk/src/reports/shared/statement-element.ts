import type { ComponentChild } from 'preact';
import { type ElementSpec, type ReportAttributes, reportRequest } from '../../core/define-element';
import type { SaldoLang } from '../../core/i18n';
import type { SaldoDrillDetail } from '../../core/types';
import type { SaldoElement } from '../../core/widget-element';
import type { StatementViewProps } from './statement-view';

/**
 * A statement element's spec: the `compare` attribute (and `properties`, its own further ones), its report
 * route's GET on the board and period, what counts as empty, and its view, handed the props every
 * statement's view takes (statementProps).
 */
export function statementSpec<T, A extends ReportAttributes = ReportAttributes>(
  path: string,
  isEmpty: (data: T) => boolean,
  render: (props: StatementViewProps<T>, el: SaldoElement<T> & A) => ComponentChild,
  properties?: Omit<NonNullable<ElementSpec<T, A>['properties']>, 'compare'>,
): ElementSpec<T, A> {
  return {
    properties: { compare: { type: String }, ...properties } as ElementSpec<T, A>['properties'],
    request: (el, range) => reportRequest(path, el.compare, range),
    isEmpty,
    render: (el, lang) => render(statementProps(el, lang), el),
  };
}

/** What every statement's view takes from its element: its state, its language, view="total" and its drills. */
export function statementProps<T>(el: SaldoElement<T>, lang: SaldoLang): StatementViewProps<T> {
  return {
    state: el.state,
    lang,
    totalOnly: el.view === 'total',
    onDrill: (detail: SaldoDrillDetail) => el.drill(detail),
  };
}

/** A charted statement's: the chart but with view="total" or "table", in the element's theme. */
export function chartProps(el: Pick<SaldoElement<unknown>, 'view' | 'theme'>) {
  return { showChart: el.view !== 'total' && el.view !== 'table', theme: el.theme };
}
