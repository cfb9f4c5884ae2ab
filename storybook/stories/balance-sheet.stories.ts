import { configure } from '@saldo/sdk';
import '@saldo/sdk/register';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import { boardFor, fixtureFetch, type StoryState } from './fixtures';

interface Args {
  state: StoryState;
  lang: 'nor' | 'en';
  theme: 'light' | 'dark';
  view: 'months' | 'total';
  compare: 'none' | 'previous' | 'lastYear';
}

const meta: Meta<Args> = {
  title: 'Reports/Balance sheet',
  loaders: [
    async () => {
      configure({ baseUrl: '', getToken: () => 'story-token', fetch: fixtureFetch });
      return {};
    },
  ],
  argTypes: {
    view: { control: 'inline-radio', options: ['months', 'total'] },
    compare: { control: 'inline-radio', options: ['none', 'previous', 'lastYear'] },
  },
  args: { state: 'data', lang: 'nor', theme: 'light', view: 'months', compare: 'none' },
  render: (args) => html`
    <saldo-balance-sheet
      board=${boardFor(args.state)}
      from="2026-01-01"
      to="2026-12-31"
      lang=${args.lang}
      theme=${args.theme}
      view=${args.view}
      compare=${args.compare === 'none' ? nothing : args.compare}
      @saldo-drill=${(e: CustomEvent) => console.info('saldo-drill', e.detail)}
    ></saldo-balance-sheet>
  `,
};

export default meta;
type Story = StoryObj<Args>;

export const Data: Story = {};
export const English: Story = { args: { lang: 'en' } };
export const Dark: Story = { args: { theme: 'dark' } };
export const LastMonthEnd: Story = { name: 'Last month end only', args: { view: 'total' } };
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
