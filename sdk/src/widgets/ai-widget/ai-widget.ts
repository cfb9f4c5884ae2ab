import type { PropertyValues } from 'lit';
import { h } from 'preact';
import { getJson } from '../../core/api-client';
import { normalizeLang } from '../../core/i18n';
import { widgetPath } from '../../core/registry';
import type { LoadQuery } from '../../core/types';
import { SaldoElement } from '../../core/widget-element';
import { type AiWidgetData, AiWidgetView } from './ai-widget-view';

/**
 * `<saldo-ai-widget>`: a saved question to the assistant and its answer (the answer's `text`, or
 * the answer's JSON when it has no text).
 *
 * @attr query-id - the saved question's id (`queryId`); nothing is fetched until it is set
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 *
 * @fires saldo-ready - `detail`: `{ _id, question, answer, createdAt }`
 * @fires saldo-error - `detail`: `{ code, message, status }`
 *
 * @csspart container - the whole widget
 * @csspart title - the heading (the question)
 * @csspart answer - the answer
 * @csspart date - when the question was asked, yyyy/mm/dd
 * @csspart status - loading, empty and error messages
 */
export class SaldoAiWidget extends SaldoElement<AiWidgetData> {
  static override properties = { ...SaldoElement.properties, queryId: { type: String, attribute: 'query-id' } };

  /** The saved question's id. */
  declare queryId: string | undefined;

  protected override canLoad(): boolean {
    return !!this.queryId;
  }

  protected override loadsOn(changed: PropertyValues<this>): boolean {
    return super.loadsOn(changed) || changed.has('queryId');
  }

  protected override load({ board, from, to }: LoadQuery, signal: AbortSignal): Promise<AiWidgetData> {
    return getJson(
      widgetPath('ai'),
      { groupId: board, startDate: from, endDate: to, aiQueryId: this.queryId },
      board,
      signal,
    );
  }

  protected override isEmpty(data: AiWidgetData): boolean {
    return data?.answer == null || data.answer === '';
  }

  protected override renderView() {
    return h(AiWidgetView, { state: this.state, lang: normalizeLang(this.lang) });
  }
}
