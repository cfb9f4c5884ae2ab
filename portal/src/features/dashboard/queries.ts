import type { WidgetConfiguration } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const widgetConfigurationsQuery = queryOptions({
  queryKey: ['widget-configurations'],
  queryFn: ({ signal }) => api.get('/widgets/configurations', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

/** One entry of the "Add widget" drawer. */
export interface CatalogueEntry {
  widget: string;
  name: { no: string; en: string };
  description: { no: string; en: string };
  views: Array<'single' | 'comparison'>;
}

export const FORM_ENTRIES: ReadonlySet<string> = new Set(['custom', 'consolidation']);

/** The reports also exist as SDK elements, so they can sit on a board like any widget. */
export const REPORT_ENTRIES: CatalogueEntry[] = [
  {
    widget: 'profit-loss',
    name: { no: 'Resultatregnskap', en: 'Profit and loss' },
    description: { no: 'Resultatregnskapet for perioden', en: 'The profit and loss statement for the period' },
    views: ['single'],
  },
  {
    widget: 'balance-sheet',
    name: { no: 'Balanse', en: 'Balance sheet' },
    description: { no: 'Eiendeler, egenkapital og gjeld', en: 'Assets, equity and liabilities' },
    views: ['single'],
  },
  {
    widget: 'cash-flow',
    name: { no: 'Kontantstrøm', en: 'Cash flow' },
    description: { no: 'Inn- og utbetalinger per måned', en: 'Money in and out by month' },
    views: ['single'],
  },
];

export function buildCatalogue(configurations: readonly WidgetConfiguration[]): CatalogueEntry[] {
  // Every type, the AI widget too: its entry opens the assistant, whose answers go on the board.
  const fromServer = configurations.map((config) => ({
    widget: config.widget,
    name: config.name,
    description: config.description,
    views: config.views,
  }));
  const known: ReadonlySet<string> = new Set(fromServer.map((entry) => entry.widget));
  return [...fromServer, ...REPORT_ENTRIES.filter((entry) => !known.has(entry.widget))];
}
