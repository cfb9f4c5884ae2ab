import type { StoryObj } from '@storybook/web-components-vite';
import type { StoryState } from './fixtures';

type Story = StoryObj<{ state: StoryState; lang: 'nor' | 'en'; theme: 'light' | 'dark'; view?: string }>;

/*
 * The stories every element has (its data in Norwegian, English and dark; loading; empty; the error twice),
 * re-exported by each stories file: Storybook names these after their export. A re-exported story's name
 * is its export's as it stands, so those named otherwise ('Without Bars', 'Error', 'Error (en, dark)') are
 * declared in each file from the bodies here (Storybook reads a name from the file's own literal).
 */
export const Data: Story = {};
export const English: Story = { args: { lang: 'en' } };
export const Dark: Story = { args: { theme: 'dark' } };
export const Loading: Story = { args: { state: 'loading' } };
export const Empty: Story = { args: { state: 'empty' } };
/** The views some elements have beside their default one. */
export const withoutBars: Story = { args: { view: 'table' } };
export const Comparison: Story = { args: { view: 'comparison' } };
export const errorState = { args: { state: 'error' } } satisfies Story;
/** English on dark, the other corner of the stories' matrix. */
export const enDark = { lang: 'en', theme: 'dark' } as const;
export const errorEnglishDark = { args: { state: 'error', ...enDark } } satisfies Story;
