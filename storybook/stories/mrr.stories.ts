import type { Meta } from '@storybook/web-components-vite';
import { enDark, errorEnglishDark, errorState } from './states';
import { SINGLE, type WidgetArgs, widgetMeta } from './widget-story';

export default { title: 'Widgets/MRR', ...widgetMeta('saldo-mrr', SINGLE) } satisfies Meta<WidgetArgs>;
export { Comparison, Dark, Data, Empty, English, Loading } from './states';
export const ComparisonEnglishDark = { name: 'Comparison (en, dark)', args: { view: 'comparison', ...enDark } };
export const ErrorState = { name: 'Error', ...errorState };
export const ErrorEnglishDark = { name: 'Error (en, dark)', ...errorEnglishDark };
