// Over 400 lines by design: the registry is one table, an entry of plain declarations per widget type, which every consumer reads.
import { z } from 'zod';
import type { LocalizedText } from '../numbers/format.ts';
import { aiQueryResponse } from '../schemas/account.ts';
import { budgetWidgetData } from '../schemas/reports.ts';
import {
  consolidationWidgetData,
  customWidgetData,
  employeesData,
  kpiData,
  mrrData,
  topFiveExpense,
  topRow,
  turnoverData,
} from '../schemas/widgets.ts';
import type { ExportTable } from '../types/account.ts';
import {
  aiTable,
  budgetTable,
  consolidationTable,
  customTable,
  employeesTable,
  kpiTable,
  largestTransactionsTable,
  mrrTable,
  type TableContext,
  topFiveTable,
  topListTable,
  turnoverTable,
} from './tables.ts';
import { variantOf } from './variant.ts';

/**
 * The widget registry: one entry per widget type, the one place that says what a widget is called,
 * where its data is read, what its answer is, how it reads as a table and which element shows it.
 * From it the server mounts and guards the data routes (route table, public links, embed tokens,
 * data notices), checks their answers and writes their OpenAPI schemas; the exports and the assistant
 * find a widget's data and table; the portal builds its catalogue (catalogue.ts). registry.test.ts
 * fails when a consumer lacks a type.
 *
 * Runtime zod and the export tables: the SDK's bundle does not import this module but a plain listing
 * generated from the plain fields (id to views), whose names and shapes are therefore kept.
 */
export interface WidgetDefinition<S extends z.ZodType = z.ZodType> {
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
   * the period it is compared with). The server validates each as its features/widgets/request.ts says.
   */
  params: readonly ('groupId' | 'startDate' | 'endDate' | 'aiQueryId' | 'accounts' | 'kpi' | 'line' | 'compare')[];
  /**
   * For a type a board holds several of, one per choice (a KPI, a budget line): the query parameter
   * that chooses, written into the board widget's id as `<type>:<choice>`.
   */
  variant?: 'kpi' | 'line';
  titles: LocalizedText;
  views: readonly ('single' | 'comparison')[];
  /**
   * What its comparison view asks its data route to compare with (`compare`) when the period control
   * names nothing; absent where the comparison view needs no other answer (turnover's last year is in
   * its answer) or there is none.
   */
  comparison?: 'previous' | 'lastYear';
  /** What the portal's widget drawer says of it (GET /api/widgets/configurations); also its route's OpenAPI summary. */
  description: LocalizedText;
  /**
   * Its data route's answer: the HTTP tests check every answer against it, the OpenAPI document is
   * written from it, and WidgetDataByType (which types the route for the portal) is inferred from it.
   */
  response: S;
  /**
   * Its own words, each in nor and en: its table's column names and notes that no other table shares,
   * and its element's (the SDK reads them through widgetWord). The words every table shares are
   * export-texts.ts'.
   */
  words?: Readonly<Record<string, LocalizedText>>;
  /**
   * Its table in the exports (CSV, Excel, PDF, the portal's PNG) and in what the assistant reads; its
   * `words` in the table's language are in its context.
   */
  rows(data: z.output<S>, table: TableContext): ExportTable;
  /** Its chart in the PDF export, drawn from its table as its SDK element draws it (see WidgetChart). */
  chart: WidgetChart;
  /**
   * Its card's size when added to a board, in grid cells (the portal's 12 columns, 80 px rows): enough
   * to show its whole content without scrolling (the portal's layout.spec.ts checks it in Chromium).
   */
  size: { width: number; height: number };
  /**
   * Whether the assistant reads its table over the question's period as context (with the three
   * statements), or leaves it out: a type that repeats what the statements say, or one made of choices.
   */
  assistant: boolean;
}

/**
 * A widget's chart in the PDF, read off its export table: bars or lines over a table with a row per
 * month (`column`: the figure's column; `totalRow`: the last row sums the months and is no month;
 * `color`: the series' colour, revenue or result, as the SDK's element colours it), a share bar on
 * each row of a list (the top lists: the last column against the largest), or 'none': its table
 * alone (consolidation and an AI answer have no chart on screen either; the budget widget's chart of
 * actual against budget is not drawn in the PDF). Every entry says which: a type without one is a
 * type error, not a silent table without its chart.
 */
export type WidgetChart =
  | { type: 'bars' | 'lines'; column: number; totalRow: boolean; color: 'revenue' | 'result' }
  | { type: 'share' }
  | 'none';

type Rows<S extends z.ZodType, Word extends string = string> = {
  response: S;
  rows(data: z.output<S>, table: TableContext<Word>): ExportTable;
};

/** The keys of an entry's `words`. */
type WordOf<W> = W extends { words: infer D } ? keyof D & string : never;

/**
 * One registry entry, its literal fields kept (paths and params type the routes). `rows` is typed by
 * `response` and `words`: a table that reads a field the answer lacks, or a word the entry lacks, is
 * a type error.
 */
export const defineWidget = <const W extends Omit<WidgetDefinition, 'response' | 'rows'>, S extends z.ZodType>(
  widget: { [K in keyof W]: K extends 'rows' ? Rows<S, WordOf<W>>['rows'] : W[K] } & Rows<S, WordOf<W>>,
) => widget as unknown as Omit<W, 'response' | 'rows'> & Rows<S>;

/** An entry's words in one language, as its table reads them. */
export const widgetWords = (w: Pick<WidgetDefinition, 'words'>, lang: 'nor' | 'en'): Record<string, string> =>
  Object.fromEntries(Object.entries(w.words ?? {}).map(([key, text]) => [key, lang === 'en' ? text.en : text.no]));

/** The top lists' answer. */
const topRows = z.array(topRow);

/** What most widgets take: shared by their type, read over the board's period. */
const OVER_PERIOD = { share: 'type', params: ['groupId', 'startDate', 'endDate'] } as const;

/** A list of the period's largest (the top lists): a share bar on each row, a card tall enough for ten. */
const LIST = { ...OVER_PERIOD, response: topRows, chart: { type: 'share' }, size: { width: 6, height: 7 } } as const;

/** A top-ten list: what it ranks, its words, and whether the assistant reads it; compared with the period before. */
const topTen = <const Id extends string, const Path extends string>(
  id: Id,
  path: Path,
  column: 'customer' | 'supplier' | 'account' | 'product',
  titles: LocalizedText,
  description: LocalizedText,
  assistant: boolean,
) =>
  defineWidget({
    ...LIST,
    id,
    path,
    element: `saldo-${id}` as const,
    titles,
    views: ['single', 'comparison'],
    comparison: 'previous',
    description,
    rows: topListTable(column),
    assistant,
  });

export const widgetRegistry = {
  'top-customers': topTen(
    'top-customers',
    '/widgets/top-ten/customers',
    'customer',
    { no: 'Topp 10 kunder', en: 'Top 10 customers' },
    { no: 'Kundene med mest omsetning i perioden', en: 'The customers with the most revenue in the period' },
    true,
  ),
  'top-suppliers': topTen(
    'top-suppliers',
    '/widgets/top-ten/suppliers',
    'supplier',
    { no: 'Topp 10 leverandører', en: 'Top 10 suppliers' },
    { no: 'Leverandørene med mest kostnader', en: 'The suppliers with the most costs' },
    true,
  ),
  'top-expenses': topTen(
    'top-expenses',
    '/widgets/top-ten/expenses',
    'account',
    { no: 'Topp 10 kostnader', en: 'Top 10 costs' },
    { no: 'Kostnadskontoene med mest i perioden', en: 'The cost accounts with the most in the period' },
    false,
  ),
  'top-products': topTen(
    'top-products',
    '/widgets/top-ten/products',
    'product',
    { no: 'Topp 10 produkter', en: 'Top 10 products' },
    { no: 'Produktene med mest omsetning', en: 'The products with the most revenue' },
    false,
  ),
  'largest-transactions': defineWidget({
    id: 'largest-transactions',
    path: '/widgets/top-ten/largest-transactions',
    element: 'saldo-largest-transactions',
    titles: { no: 'Største transaksjoner', en: 'Largest transactions' },
    views: ['single'],
    description: { no: 'De ti største bilagene i perioden', en: 'The ten largest vouchers in the period' },
    ...LIST,
    rows: largestTransactionsTable,
    assistant: false,
  }),
  'top-five-expenses': defineWidget({
    id: 'top-five-expenses',
    path: '/widgets/top-five/expenses',
    element: 'saldo-top-five-expenses',
    ...OVER_PERIOD,
    titles: { no: 'Topp 5 kostnader', en: 'Top 5 costs' },
    views: ['single'],
    description: { no: 'De fem største kostnadskontoene', en: 'The five largest cost accounts' },
    response: z.array(topFiveExpense),
    rows: topFiveTable,
    chart: { type: 'share' },
    assistant: false,
    size: { width: 6, height: 5 },
  }),
  turnover: defineWidget({
    id: 'turnover',
    path: '/widgets/turnover',
    element: 'saldo-turnover',
    ...OVER_PERIOD,
    titles: { no: 'Omsetning', en: 'Turnover' },
    views: ['single', 'comparison'],
    description: {
      no: 'Omsetning per måned mot samme periode i fjor',
      en: 'Revenue by month against the same period last year',
    },
    response: turnoverData,
    rows: turnoverTable,
    chart: { type: 'bars', column: 1, totalRow: true, color: 'revenue' },
    assistant: true,
    size: { width: 6, height: 5 },
  }),
  mrr: defineWidget({
    id: 'mrr',
    path: '/widgets/mrr',
    element: 'saldo-mrr',
    share: 'type',
    params: ['groupId', 'startDate', 'endDate', 'accounts'],
    titles: { no: 'MRR', en: 'MRR' },
    views: ['single', 'comparison'],
    description: {
      no: 'Månedlig gjentakende inntekt: ny, økt, redusert og tapt, og snitt per kunde',
      en: 'Monthly recurring revenue: new, expansion, contraction, churn, and average per customer',
    },
    response: mrrData,
    rows: mrrTable,
    words: {
      mrr: { no: 'MRR', en: 'MRR' },
      newMrr: { no: 'Ny', en: 'New' },
      expansionMrr: { no: 'Økning', en: 'Expansion' },
      contractionMrr: { no: 'Reduksjon', en: 'Contraction' },
      churnedMrr: { no: 'Tapt', en: 'Churn' },
      customers: { no: 'Kunder', en: 'Customers' },
      arpc: { no: 'Snitt per kunde', en: 'Average per customer' },
      previousMrr: { no: 'MRR forrige periode', en: 'MRR previous period' },
    },
    chart: { type: 'lines', column: 1, totalRow: false, color: 'revenue' },
    assistant: true,
    size: { width: 6, height: 5 },
  }),
  employees: defineWidget({
    id: 'employees',
    path: '/widgets/employees',
    element: 'saldo-employees',
    ...OVER_PERIOD,
    titles: { no: 'Ansatte', en: 'Employees' },
    views: ['single'],
    description: { no: 'Antall ansatte per måned', en: 'Number of employees by month' },
    response: employeesData,
    rows: employeesTable,
    words: {
      employees: { no: 'Ansatte', en: 'Employees' },
      employeesEstimated: { no: 'Anslått fra lønnsposteringer', en: 'Estimated from payroll postings' },
      employeesNow: { no: 'Ansatte nå', en: 'Employees now' },
    },
    chart: { type: 'bars', column: 1, totalRow: false, color: 'result' },
    assistant: false,
    size: { width: 6, height: 5 },
  }),
  consolidation: defineWidget({
    id: 'consolidation',
    path: '/widgets/consolidation',
    element: 'saldo-consolidation',
    ...OVER_PERIOD,
    titles: { no: 'Konsolidering', en: 'Consolidation' },
    views: ['single'],
    description: {
      no: 'Selskapene i konsernet og konsolidert resultat',
      en: 'The group companies and the consolidated result',
    },
    response: consolidationWidgetData,
    rows: consolidationTable,
    words: {
      company: { no: 'Selskap', en: 'Company' },
      deducted: { no: 'Elimineringer', en: 'Eliminations' },
      consolidated: { no: 'Konsolidert', en: 'Consolidated' },
    },
    chart: 'none',
    assistant: false,
    size: { width: 6, height: 6 },
  }),
  custom: defineWidget({
    id: 'custom',
    path: '/widgets/:groupId/custom/:id',
    element: 'saldo-custom-widget',
    share: 'id',
    params: ['startDate', 'endDate'],
    titles: { no: 'Egendefinert', en: 'Custom' },
    views: ['single', 'comparison'],
    comparison: 'previous',
    description: { no: 'Et kontointervall eller et forholdstall', en: 'An account range or a ratio' },
    response: customWidgetData,
    rows: customTable,
    chart: { type: 'lines', column: 1, totalRow: true, color: 'revenue' },
    assistant: false,
    size: { width: 6, height: 5 },
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
    comparison: 'lastYear',
    description: {
      no: 'Et nøkkeltall fra biblioteket, med formel, utvikling per måned og sammenligning',
      en: 'A KPI from the library, with its formula, its trend by month and a comparison',
    },
    response: kpiData,
    rows: kpiTable,
    chart: { type: 'lines', column: 1, totalRow: true, color: 'revenue' },
    assistant: false,
    size: { width: 4, height: 6 },
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
    description: {
      no: 'En linje i resultatregnskapet mot budsjettet, per måned',
      en: 'A line of the profit and loss against the budget, by month',
    },
    response: budgetWidgetData,
    rows: budgetTable,
    words: {
      actual: { no: 'Regnskap', en: 'Actual' },
      noBudget: {
        no: 'Tavlen har ikke budsjett for perioden. Legg det inn på siden Budsjett.',
        en: 'The board has no budget for this period. Enter it on the Budget page.',
      },
    },
    chart: 'none',
    assistant: false,
    size: { width: 6, height: 5 },
  }),
  ai: defineWidget({
    id: 'ai',
    path: '/widgets/ai',
    element: 'saldo-ai-widget',
    share: 'none',
    params: ['groupId', 'startDate', 'endDate', 'aiQueryId'],
    titles: { no: 'AI-widget', en: 'AI widget' },
    views: ['single'],
    description: { no: 'Svaret på et lagret spørsmål til assistenten', en: 'The answer to a saved assistant question' },
    response: aiQueryResponse,
    rows: aiTable,
    words: {
      answer: { no: 'Svar', en: 'Answer' },
    },
    chart: 'none',
    assistant: false,
    size: { width: 6, height: 5 },
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
  return variantOf(widget, w.variant !== undefined);
}

/** The spec's account rule: four characters, digits or x, not starting with 0 or x (3000, 3xxx, 30xx). */
export const ACCOUNT_PATTERN = /^[1-9][0-9x]{3}$/;

/** An account pattern's lowest and highest account: 3xxx → 3000..3999. */
export function patternBounds(pattern: string): { from: number; to: number } {
  return { from: Number(pattern.replace(/x/g, '0')), to: Number(pattern.replace(/x/g, '9')) };
}
