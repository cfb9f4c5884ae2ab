import type { Preview } from '@storybook/web-components-vite';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
  },
  argTypes: {
    lang: { control: 'inline-radio', options: ['nor', 'en'] },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
    state: { control: 'select', options: ['data', 'loading', 'empty', 'error'] },
  },
};

export default preview;
