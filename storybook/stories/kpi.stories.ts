import type { Meta } from '@storybook/web-components-vite';
import { errorEnglishDark, errorState } from './states';
import { SINGLE, type WidgetArgs, widgetMeta } from './widget-story';

export default { title: 'Widgets/KPI', ...widgetMeta('saldo-kpi', SINGLE) } satisfies Meta<WidgetArgs>;
export { Comparison, Dark, Data, Empty, English, Loading } from './states';
export const ErrorState = { name: 'Error', ...errorState };
export const ErrorEnglishDark = { name: 'Error (en, dark)', ...errorEnglishDark };
