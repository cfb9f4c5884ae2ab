import type { Meta } from '@storybook/web-components-vite';
import { lastYear, type ReportArgs, reportMeta, total } from './report-meta';
import { errorEnglishDark, errorState } from './states';

export default { title: 'Reports/Profit and loss', ...reportMeta('saldo-profit-loss') } satisfies Meta<ReportArgs>;
export { Dark, Data, Empty, English, Loading } from './states';
export const TotalOnly = total;
export const Comparison = { name: 'Compared with last year', ...lastYear };
export const ErrorState = { name: 'Error', ...errorState };
export const ErrorEnglishDark = { name: 'Error (en, dark)', ...errorEnglishDark };
