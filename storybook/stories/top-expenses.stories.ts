import type { Meta } from '@storybook/web-components-vite';
import { errorEnglishDark, errorState, withoutBars } from './states';
import { BARS, type WidgetArgs, widgetMeta } from './widget-story';

export default { title: 'Widgets/Top costs', ...widgetMeta('saldo-top-expenses', BARS) } satisfies Meta<WidgetArgs>;
export { Dark, Data, Empty, English, Loading } from './states';
export const WithoutBars = withoutBars;
export const ErrorState = { name: 'Error', ...errorState };
export const ErrorEnglishDark = { name: 'Error (en, dark)', ...errorEnglishDark };
