import type { Preview } from '@storybook/web-components-vite';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    options: {
      // Files in the order of their paths, and in each the shared stories (stories/states.ts, re-exported)
      // around the element's own: its data in Norwegian, English and dark first, then its own stories in
      // the file's order, then loading, empty and the errors last.
      // @ts-expect-error Storybook runs this function from the file's text as JavaScript, so its two index
      // entries (importPath, name) carry no type here.
      storySort: (a, b) => {
        if (a.importPath !== b.importPath) return a.importPath < b.importPath ? -1 : 1;
        const order = ['Data', 'English', 'Dark', '', 'Loading', 'Empty', 'Empty (en)', 'Error', 'Error (en, dark)'];
        const rankA = order.includes(a.name) ? order.indexOf(a.name) : 3;
        const rankB = order.includes(b.name) ? order.indexOf(b.name) : 3;
        return rankA - rankB;
      },
    },
  },
  argTypes: {
    lang: { control: 'inline-radio', options: ['nor', 'en'] },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
    state: { control: 'select', options: ['data', 'loading', 'empty', 'error'] },
  },
};

export default preview;
