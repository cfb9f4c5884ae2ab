import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { type WidgetArgs, widgetMeta } from './widget-story';

const meta: Meta<WidgetArgs> = {
  title: 'Widgets/Budget against actual',
  ...widgetMeta('saldo-budget'),
  args: { state: 'data', lang: 'nor', theme: 'light' },
};

export default meta;
type Story = StoryObj<WidgetArgs>;

export const Data: Story = {};
export const English: Story = { args: { lang: 'en' } };
export const Dark: Story = { args: { theme: 'dark' } };
export const Loading: Story = { args: { state: 'loading' } };
export const Empty: Story = { args: { state: 'empty' } };
export const ErrorState: Story = { name: 'Error', args: { state: 'error' } };
export const ErrorEnglishDark: Story = {
  name: 'Error (en, dark)',
  args: { state: 'error', lang: 'en', theme: 'dark' },
};
