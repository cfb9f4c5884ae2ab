import { configure } from '@saldo/sdk';
import '@saldo/sdk/register';
import type { Meta } from '@storybook/web-components-vite';
import { boardFor, fixtureFetch, type StoryState } from './fixtures';

/** The args every widget story has; `view` and `id` only where the element takes them. */
export interface WidgetArgs {
  state: StoryState;
  lang: 'nor' | 'en';
  theme: 'light' | 'dark';
  view?: string;
  /** `widget-id` or `query-id`, for the custom and AI widgets. */
  id?: string;
}

/**
 * The shared part of a widget story's meta: fixture fetch, default args and a render that
 * creates `tag` with the args as attributes (`idAttribute` names where `id` goes).
 */
export function widgetMeta(tag: string, idAttribute?: string): Omit<Meta<WidgetArgs>, 'title'> {
  return {
    // Every story answers from fixtures instead of a server.
    loaders: [
      async () => {
        configure({ baseUrl: '', getToken: () => 'story-token', fetch: fixtureFetch });
        return {};
      },
    ],
    args: { state: 'data', lang: 'nor', theme: 'light' },
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
      if (idAttribute) attrs[idAttribute] = args.id;
      for (const [name, value] of Object.entries(attrs)) if (value) el.setAttribute(name, value);
      el.addEventListener('saldo-drill', (e) => console.info('saldo-drill', (e as CustomEvent).detail));
      return el;
    },
  };
}
