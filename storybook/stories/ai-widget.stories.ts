import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { type WidgetArgs, widgetMeta } from './widget-story';

const meta: Meta<WidgetArgs> = {
  title: 'Widgets/AI widget',
  ...widgetMeta('saldo-ai-widget', 'query-id'),
  argTypes: { id: { name: 'query-id', control: 'inline-radio', options: ['text', 'json'] } },
  args: { state: 'data', lang: 'nor', theme: 'light', id: 'text' },
};

export default meta;
type Story = StoryObj<WidgetArgs>;

export const Data: Story = {};
export const English: Story = { args: { lang: 'en' } };
export const Dark: Story = { args: { theme: 'dark' } };
export const JsonAnswer: Story = { name: 'JSON answer', args: { id: 'json' } };
export const Loading: Story = { args: { state: 'loading' } };
export const Empty: Story = { args: { state: 'empty' } };
export const ErrorState: Story = { name: 'Error', args: { state: 'error' } };
export const ErrorEnglishDark: Story = {
  name: 'Error (en, dark)',
  args: { state: 'error', lang: 'en', theme: 'dark' },
};
