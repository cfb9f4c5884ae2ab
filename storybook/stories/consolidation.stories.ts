import type { Meta } from '@storybook/web-components-vite';
import { errorEnglishDark, errorState } from './states';
import { type WidgetArgs, widgetMeta } from './widget-story';

export default { title: 'Widgets/Consolidation', ...widgetMeta('saldo-consolidation') } satisfies Meta<WidgetArgs>;
export { Dark, Data, Empty, English, Loading } from './states';
export const ErrorState = { name: 'Error', ...errorState };
export const ErrorEnglishDark = { name: 'Error (en, dark)', ...errorEnglishDark };
