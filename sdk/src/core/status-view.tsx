/** @jsxImportSource preact */
import { errorText, type SaldoLang, t } from './i18n';
import type { WidgetState } from './types';

/**
 * Everything an element shows when it has no rows to show. Loading and empty are polite
 * status messages; an error is an alert so screen readers announce it at once.
 */
export function StatusView({ state, lang }: { state: WidgetState<unknown>; lang: SaldoLang }) {
  switch (state.status) {
    case 'loading':
      return (
        <div class="status loading" part="status" role="status" aria-live="polite" aria-busy="true">
          {t(lang, 'loading')}…
        </div>
      );
    case 'error':
      return (
        <div class="status error" part="status error" role="alert" data-code={state.error.code}>
          {errorText(state.error.code, lang)}
        </div>
      );
    case 'idle':
      return (
        <div class="status" part="status" role="status">
          {t(lang, 'noBoard')}
        </div>
      );
    default:
      return (
        <div class="status empty" part="status empty" role="status">
          {t(lang, 'empty')}
        </div>
      );
  }
}
