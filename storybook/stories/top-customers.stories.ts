import { configure } from '@saldo/sdk';
import '@saldo/sdk/register';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { boardFor, fixtureFetch, type StoryState } from './fixtures';

interface Args {
  state: StoryState;
  lang: 'nor' | 'en';
  theme: 'light' | 'dark';
  view: 'bars' | 'table';
}

const meta: Meta<Args> = {
  title: 'Widgets/Top customers',
  // Every story answers from fixtures instead of a server.
  loaders: [
    async () => {
      configure({ baseUrl: '', getToken: () => 'story-token', fetch: fixtureFetch });
      return {};
    },
  ],
  argTypes: { view: { control: 'inline-radio', options: ['bars', 'table'] } },
  args: { state: 'data', lang: 'nor', theme: 'light', view: 'bars' },
  render: (args) => html`
    <saldo-top-customers
      style="max-width: 640px"
      board=${boardFor(args.state)}
      from="2026-01-01"
      to="2026-12-31"
      lang=${args.lang}
      theme=${args.theme}
      view=${args.view}
      @saldo-drill=${(e: CustomEvent) => console.info('saldo-drill', e.detail)}
    ></saldo-top-customers>
  `,
};

export default meta;
type Story = StoryObj<Args>;

export const Data: Story = {};
export const English: Story = { args: { lang: 'en' } };
export const Dark: Story = { args: { theme: 'dark' } };
export const WithoutBars: Story = { args: { view: 'table' } };
export const Loading: Story = { args: { state: 'loading' } };
export const Empty: Story = { args: { state: 'empty' } };
export const ErrorState: Story = { name: 'Error', args: { state: 'error' } };
export const ErrorEnglishDark: Story = {
  name: 'Error (en, dark)',
  args: { state: 'error', lang: 'en', theme: 'dark' },
};
