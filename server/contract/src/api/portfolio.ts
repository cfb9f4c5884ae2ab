import { z } from 'zod';
import { isKpiId, type KpiId } from '../kpis/kpis.ts';
import { PORTFOLIO_SORT_KEYS } from '../kpis/portfolio-table.ts';
import * as api from '../schemas/index.ts';
import { isoDate } from '../schemas/text.ts';
import { json, notJson, route } from './define.ts';

/** The KPI columns a `kpis` query names, each once, in its order (unchecked: the query's schema checks them). */
export const kpiColumns = (kpis: string | undefined): KpiId[] => [
  ...new Set(
    (kpis ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean) as KpiId[],
  ),
];

export const portfolioQuery = z.object({
  startDate: isoDate,
  endDate: isoDate,
  /** 'previous' (the months just before) or 'lastYear', like for like with each board's booked months; 'budget' is not available yet. */
  compare: z.enum(['previous', 'lastYear', 'budget']).default('lastYear'),
  /** KPIs of the library as extra columns, comma separated ('operating-margin,debt-ratio'). */
  kpis: z
    .string()
    .max(400)
    .refine((s) => kpiColumns(s).every(isKpiId), { message: 'A KPI of the library, comma separated' })
    .optional(),
  /** The boards the quartiles are over: 'all' the user may view, or those with a tag ('tag:Bygg'). */
  benchmark: z
    .string()
    .max(120)
    .regex(/^(all|tag:.+)$/, "'all' or 'tag:<tag>'")
    .default('all'),
});

const flag = z.enum(['true', 'false']).default('false');

/** The table as the portal shows it: the portfolio's query, its sort and its filters, and the file's language. */
export const portfolioExportQuery = portfolioQuery.extend({
  format: z.enum(['xlsx']).default('xlsx'),
  /** The headings' language; the user's own language when not given. */
  lang: z.enum(['nor', 'en']).optional(),
  /** A column of the table: a fixed one, or a KPI column of the library. */
  sort: z.union([z.enum(PORTFOLIO_SORT_KEYS), api.kpiId]).default('name'),
  descending: flag,
  search: z.string().max(200).default(''),
  tag: z.string().max(200).default(''),
  responsible: z.string().max(200).default(''),
  health: z.enum(['', 'error', 'warning', 'ok']).default(''),
  needsAttention: flag,
});

export const portfolioApi = {
  list: route({
    method: 'GET',
    path: '/portfolio',
    tag: 'portfolio',
    summary: 'One row per board the user may view: the period’s key figures against a comparison, sync and data health',
    query: portfolioQuery,
    response: json(api.portfolio),
  }),
  export: route({
    method: 'GET',
    path: '/portfolio/export',
    tag: 'portfolio',
    summary: 'The portfolio table as an Excel workbook: the rows the filters keep, in the sort’s order',
    description:
      'The same rows as GET /portfolio, filtered and sorted as the portal’s table (search, tag, responsible, health, needsAttention; sort, descending). Amounts are whole kroner with a number format, ratios numbers; the headings are nor or en.',
    query: portfolioExportQuery,
    // An XLSX file.
    response: notJson,
  }),
} as const;
