import type { Meta } from '@storybook/web-components-vite';
import { errorEnglishDark, errorState } from './states';
import { type WidgetArgs, widgetMeta } from './widget-story';

export default {
  title: 'Widgets/AI widget',
  ...widgetMeta('saldo-ai-widget', { id: { attribute: 'query-id', options: ['text', 'json'] } }),
} satisfies Meta<WidgetArgs>;
export { Dark, Data, Empty, English, Loading } from './states';
export const JsonAnswer = { name: 'JSON answer', args: { id: 'json' } };
export const ErrorState = { name: 'Error', ...errorState };
export const ErrorEnglishDark = { name: 'Error (en, dark)', ...errorEnglishDark };
