/** @jsxImportSource preact */

import { formatDate } from '../../core/format';
import type { SaldoLang } from '../../core/i18n';
import { widgetTitle } from '../../core/registry';
import { StatusView } from '../../core/status-view';
import type { WidgetState } from '../../core/types';

/** GET /api/widgets/ai: a saved question and the assistant's answer (JSON, or JSON in a string). */
export interface AiWidgetData {
  _id: string;
  question: string;
  answer: unknown;
  /** ISO timestamp */
  createdAt: string;
}

/** The answer's `text` when it has one, otherwise the JSON itself, indented. */
export function answerText(answer: unknown): string {
  let value = answer;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return value as string;
    }
  }
  if (value && typeof value === 'object' && typeof (value as { text?: unknown }).text === 'string') {
    return (value as { text: string }).text;
  }
  return typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? '');
}

export interface AiWidgetViewProps {
  state: WidgetState<AiWidgetData>;
  lang: SaldoLang;
}

/** The AI widget: the question as the heading, the answer under it. */
export function AiWidgetView({ state, lang }: AiWidgetViewProps) {
  const data = state.status === 'data' ? state.data : undefined;
  return (
    <section part="container">
      <h2 class="title" part="title">
        {data?.question || widgetTitle('ai', lang)}
      </h2>
      {data ? (
        <>
          <p class="answer" part="answer">
            {answerText(data.answer)}
          </p>
          <p class="muted" part="date">
            {formatDate(data.createdAt)}
          </p>
        </>
      ) : (
        <StatusView state={state} lang={lang} />
      )}
    </section>
  );
}
