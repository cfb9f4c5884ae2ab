import type { Meta } from '@storybook/web-components-vite';
import { errorEnglishDark, errorState } from './states';
import { type WidgetArgs, widgetMeta } from './widget-story';

export default {
  title: 'Widgets/Custom widget',
  ...widgetMeta('saldo-custom-widget', { id: { attribute: 'widget-id', options: ['range', 'ratio'] } }),
} satisfies Meta<WidgetArgs>;
export { Dark, Data, Empty, English, Loading } from './states';
export const Ratio = { args: { id: 'ratio' } };
export const ErrorState = { name: 'Error', ...errorState };
export const ErrorEnglishDark = { name: 'Error (en, dark)', ...errorEnglishDark };
