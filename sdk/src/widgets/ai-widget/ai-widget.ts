import { h } from 'preact';
import { defineElement, widgetRequest } from '../../core/define-element';
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
export const SaldoAiWidget = defineElement<AiWidgetData, { queryId: string | undefined }>('saldo-ai-widget', {
  properties: { queryId: { type: String, attribute: 'query-id' } },
  request: (el, range) => (el.queryId ? widgetRequest('ai', range, { aiQueryId: el.queryId }) : null),
  isEmpty: (data) => data?.answer == null || data.answer === '',
  render: (el, lang) => h(AiWidgetView, { state: el.state, lang }),
});
export type SaldoAiWidget = InstanceType<typeof SaldoAiWidget>;
