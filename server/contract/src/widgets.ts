import type { LocalizedText } from './types.ts';

/**
 * The widget registry: one entry per widget type, the one place that says what a widget is called,
 * where its data is read and which element shows it. From it the server mounts and guards the data
 * routes (route table, public links, embed tokens), the exports and the assistant find a widget's
 * data, the SDK takes its paths and titles, and the portal builds its catalogue
 * (GET /api/widgets/configurations, with the descriptions of catalogue.ts). registry.test.ts fails when a consumer lacks a type.
 *
 * Plain data on purpose: the SDK's bundle imports it, so the response schema (zod) and the export
 * rows of each type sit in the server's maps keyed by `WidgetType` (a missing key is a type error).
 */
export interface WidgetDefinition {
  /** The widget type, as boards store it. */
  id: string;
  /** The data route under /api (Hono's syntax for path parameters). */
  path: string;
  /** The SDK's element that shows it. */
  element: `saldo-${string}`;
  /**
   * How a public link or an embed token shares it: by its type, by the id in its path (a board may
   * hold several), or not at all (its data is a signed-in user's own).
   */
  share: 'type' | 'id' | 'none';
  /**
   * The query parameters of its data route (`accounts`: MRR's recurring-revenue range, default
   * 3000-3999; `kpi`: which KPI of the library; `line`: which line of the profit and loss; `compare`:
   * the period it is compared with).
   */
  params: readonly ('groupId' | 'startDate' | 'endDate' | 'aiQueryId' | 'accounts' | 'kpi' | 'line' | 'compare')[];
  /**
   * For a type a board holds several of, one per choice (a KPI, a budget line): the query parameter
   * that chooses, written into the board widget's id as `<type>:<choice>`.
   */
  variant?: 'kpi' | 'line';
  titles: LocalizedText;
  views: readonly ('single' | 'comparison')[];
}

export const defineWidget = <const W extends WidgetDefinition>(widget: W): W => widget;

export const widgetRegistry = {
  'top-customers': defineWidget({
    id: 'top-customers',
    path: '/widgets/top-ten/customers',
    element: 'saldo-top-customers',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate'],
    titles: { no: 'Topp 10 kunder', en: 'Top 10 customers' },
    views: ['single', 'comparison'],
  }),
  'top-suppliers': defineWidget({
    id: 'top-suppliers',
    path: '/widgets/top-ten/suppliers',
    element: 'saldo-top-suppliers',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate'],
    titles: { no: 'Topp 10 leverandører', en: 'Top 10 suppliers' },
    views: ['single', 'comparison'],
  }),
  'top-expenses': defineWidget({
    id: 'top-expenses',
    path: '/widgets/top-ten/expenses',
    element: 'saldo-top-expenses',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate'],
    titles: { no: 'Topp 10 kostnader', en: 'Top 10 costs' },
    views: ['single', 'comparison'],
  }),
  'top-products': defineWidget({
    id: 'top-products',
    path: '/widgets/top-ten/products',
    element: 'saldo-top-products',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate'],
    titles: { no: 'Topp 10 produkter', en: 'Top 10 products' },
    views: ['single', 'comparison'],
  }),
  'largest-transactions': defineWidget({
    id: 'largest-transactions',
    path: '/widgets/top-ten/largest-transactions',
    element: 'saldo-largest-transactions',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate'],
    titles: { no: 'Største transaksjoner', en: 'Largest transactions' },
    views: ['single'],
  }),
  'top-five-expenses': defineWidget({
    id: 'top-five-expenses',
    path: '/widgets/top-five/expenses',
    element: 'saldo-top-five-expenses',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate'],
    titles: { no: 'Topp 5 kostnader', en: 'Top 5 costs' },
    views: ['single'],
  }),
  turnover: defineWidget({
    id: 'turnover',
    path: '/widgets/turnover',
    element: 'saldo-turnover',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate'],
    titles: { no: 'Omsetning', en: 'Turnover' },
    views: ['single', 'comparison'],
  }),
  mrr: defineWidget({
    id: 'mrr',
    path: '/widgets/mrr',
    element: 'saldo-mrr',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate', 'accounts'],
    titles: { no: 'MRR', en: 'MRR' },
    views: ['single', 'comparison'],
  }),
  employees: defineWidget({
    id: 'employees',
    path: '/widgets/employees',
    element: 'saldo-employees',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate'],
    titles: { no: 'Ansatte', en: 'Employees' },
    views: ['single'],
  }),
  consolidation: defineWidget({
    id: 'consolidation',
    path: '/widgets/consolidation',
    element: 'saldo-consolidation',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate'],
    titles: { no: 'Konsolidering', en: 'Consolidation' },
    views: ['single'],
  }),
  custom: defineWidget({
    id: 'custom',
    path: '/widgets/:groupId/custom/:id',
    element: 'saldo-custom-widget',
    share: 'id',
    params: ['startDate', 'endDate'],
    titles: { no: 'Egendefinert', en: 'Custom' },
    views: ['single', 'comparison'],
  }),
  kpi: defineWidget({
    id: 'kpi',
    path: '/widgets/kpi',
    element: 'saldo-kpi',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate', 'kpi', 'compare'],
    variant: 'kpi',
    titles: { no: 'Nøkkeltall', en: 'KPI' },
    views: ['single', 'comparison'],
  }),
  budget: defineWidget({
    id: 'budget',
    path: '/widgets/budget',
    element: 'saldo-budget',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate', 'line'],
    variant: 'line',
    titles: { no: 'Budsjett mot regnskap', en: 'Budget against actual' },
    views: ['single'],
  }),
  ai: defineWidget({
    id: 'ai',
    path: '/widgets/ai',
    element: 'saldo-ai-widget',
    share: 'none',
    params: ['groupId', 'startDate', 'endDate', 'aiQueryId'],
    titles: { no: 'AI-widget', en: 'AI widget' },
    views: ['single'],
  }),
} as const satisfies Record<string, WidgetDefinition>;

export type WidgetType = keyof typeof widgetRegistry;

export const widgetTypes = Object.keys(widgetRegistry) as WidgetType[];

export function isWidgetType(type: string): type is WidgetType {
  return Object.hasOwn(widgetRegistry, type);
}

/**
 * A board widget's choice of a type with a variant: 'kpi:ebitda-margin' → 'ebitda-margin'; undefined
 * for a widget without one (the type's default then applies).
 */
export function widgetVariant(widget: { id: string; widget: string }): string | undefined {
  if (!isWidgetType(widget.widget)) return undefined;
  const w: WidgetDefinition = widgetRegistry[widget.widget];
  if (!w.variant || !widget.id.startsWith(`${widget.widget}:`)) return undefined;
  return widget.id.slice(widget.widget.length + 1);
}

/** The spec's account rule: four characters, digits or x, not starting with 0 or x (3000, 3xxx, 30xx). */
export const ACCOUNT_PATTERN = /^[1-9][0-9x]{3}$/;

/** An account pattern's lowest and highest account: 3xxx → 3000..3999. */
export function patternBounds(pattern: string): { from: number; to: number } {
  return { from: Number(pattern.replace(/x/g, '0')), to: Number(pattern.replace(/x/g, '9')) };
}
