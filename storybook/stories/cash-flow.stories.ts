import type { Meta } from '@storybook/web-components-vite';
import { emptyEnglish, lastYear, lastYearEnglishDark, type ReportArgs, reportMeta, total } from './report-meta';
import { errorEnglishDark, errorState } from './states';

export default { title: 'Reports/Cash flow', ...reportMeta('saldo-cash-flow') } satisfies Meta<ReportArgs>;
export { Dark, Data, Empty, English, Loading } from './states';
export const TotalOnly = total;
export const Comparison = { name: 'Compared with last year', ...lastYear };
export const ComparisonEnglishDark = { name: 'Comparison (en, dark)', ...lastYearEnglishDark };
export const EmptyEnglish = { name: 'Empty (en)', ...emptyEnglish };
export const ErrorState = { name: 'Error', ...errorState };
export const ErrorEnglishDark = { name: 'Error (en, dark)', ...errorEnglishDark };
