import '@saldo/sdk/register';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { nothing } from 'lit';
import { html, unsafeStatic } from 'lit/static-html.js';
import { boardFor, fixtureLoaders, type StoryState } from './fixtures';
import { enDark } from './states';

export interface ReportArgs {
  state: StoryState;
  lang: 'nor' | 'en';
  theme: 'light' | 'dark';
  view: 'months' | 'total' | 'table';
  compare: 'none' | 'previous' | 'lastYear';
}

/**
 * What the three report elements' stories share: the fixture API, the controls and the render.
 * Each stories file keeps its own literal `title` (Storybook's indexer reads it statically).
 */
export function reportMeta(
  tag: 'saldo-profit-loss' | 'saldo-balance-sheet' | 'saldo-cash-flow',
  views: ReportArgs['view'][] = ['months', 'total', 'table'],
): Omit<Meta<ReportArgs>, 'title'> {
  const element = unsafeStatic(tag);
  return {
    loaders: fixtureLoaders,
    argTypes: {
      view: { control: 'inline-radio', options: views },
      compare: { control: 'inline-radio', options: ['none', 'previous', 'lastYear'] },
    },
    args: { state: 'data', lang: 'nor', theme: 'light', view: 'months', compare: 'none' },
    render: (args) => html`
      <${element}
        board=${boardFor(args.state)}
        from="2026-01-01"
        to="2026-12-31"
        lang=${args.lang}
        theme=${args.theme}
        view=${args.view}
        compare=${args.compare === 'none' ? nothing : args.compare}
        @saldo-drill=${(e: CustomEvent) => console.info('saldo-drill', e.detail)}
      ></${element}>
    `,
  };
}

/** The reports' own stories: the total alone, and compared with last year (also in English on dark). */
export const total = { args: { view: 'total' } } satisfies StoryObj<ReportArgs>;
export const lastYear = { args: { view: 'total', compare: 'lastYear' } } satisfies StoryObj<ReportArgs>;
export const lastYearEnglishDark = { args: { ...lastYear.args, ...enDark } } satisfies StoryObj<ReportArgs>;
export const emptyEnglish = { args: { state: 'empty', lang: 'en' } } satisfies StoryObj<ReportArgs>;
