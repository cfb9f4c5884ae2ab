import '@saldo/sdk/register';
import type { Meta } from '@storybook/web-components-vite';
import { boardFor, fixtureLoaders, type StoryState } from './fixtures';

/** The args every widget story has; `view` and `id` only where the element takes them. */
export interface WidgetArgs {
  state: StoryState;
  lang: 'nor' | 'en';
  theme: 'light' | 'dark';
  view?: string;
  /** `widget-id` or `query-id`, for the custom and AI widgets. */
  id?: string;
}

/** A top list's views: bars beside the amounts (the default), or the table alone. */
export const BARS = { views: ['bars', 'table'] };
/** A key figure's views: the figure alone (the default), or beside the comparison period's. */
export const SINGLE = { views: ['single', 'comparison'] };

interface WidgetOptions {
  /** The element's views, the first shown by default (a control to switch). */
  views?: string[];
  /** The attribute naming what the element shows (`widget-id`, `query-id`) and its choices, the first by default. */
  id?: { attribute: string; options: string[] };
}

/**
 * A widget story's meta but its title (Storybook reads each file's literal title): fixture fetch, the
 * controls and default args, and a render that creates `tag` with the args as attributes.
 */
export function widgetMeta(tag: string, { views, id }: WidgetOptions = {}): Omit<Meta<WidgetArgs>, 'title'> {
  return {
    loaders: fixtureLoaders,
    argTypes: {
      ...(views && { view: { control: 'inline-radio', options: views } }),
      ...(id && { id: { name: id.attribute, control: 'inline-radio', options: id.options } }),
    },
    args: {
      state: 'data',
      lang: 'nor',
      theme: 'light',
      ...(views && { view: views[0] }),
      ...(id && { id: id.options[0] }),
    },
    render: (args) => {
      const el = document.createElement(tag);
      el.style.maxWidth = '640px';
      const attrs: Record<string, string | undefined> = {
        board: boardFor(args.state),
        from: '2026-01-01',
        to: '2026-12-31',
        lang: args.lang,
        theme: args.theme,
        view: args.view,
      };
      if (id) attrs[id.attribute] = args.id;
      for (const [name, value] of Object.entries(attrs)) if (value) el.setAttribute(name, value);
      el.addEventListener('saldo-drill', (e) => console.info('saldo-drill', (e as CustomEvent).detail));
      return el;
    },
  };
}
