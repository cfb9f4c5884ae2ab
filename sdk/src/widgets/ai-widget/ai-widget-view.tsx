/** @jsxImportSource preact */

import { answerText } from '@saldo/contract/widgets/answer-text';
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

export { answerText };

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
