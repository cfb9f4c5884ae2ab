import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { type ReportArgs, reportMeta } from './report-meta';

const meta: Meta<ReportArgs> = { title: 'Reports/Cash flow', ...reportMeta('saldo-cash-flow') };

export default meta;
type Story = StoryObj<ReportArgs>;

export const Data: Story = {};
export const English: Story = { args: { lang: 'en' } };
export const Dark: Story = { args: { theme: 'dark' } };
export const TotalOnly: Story = { args: { view: 'total' } };
export const Comparison: Story = { name: 'Compared with last year', args: { view: 'total', compare: 'lastYear' } };
export const ComparisonEnglishDark: Story = {
  name: 'Comparison (en, dark)',
  args: { view: 'total', compare: 'lastYear', lang: 'en', theme: 'dark' },
};
export const Loading: Story = { args: { state: 'loading' } };
export const Empty: Story = { args: { state: 'empty' } };
export const EmptyEnglish: Story = { name: 'Empty (en)', args: { state: 'empty', lang: 'en' } };
export const ErrorState: Story = { name: 'Error', args: { state: 'error' } };
export const ErrorEnglishDark: Story = {
  name: 'Error (en, dark)',
  args: { state: 'error', lang: 'en', theme: 'dark' },
};
