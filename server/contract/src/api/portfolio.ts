import { z } from 'zod';
import { isKpiId, type KpiId } from '../kpis/kpis.ts';
import * as api from '../schemas/index.ts';
import { isoDate } from '../schemas/text.ts';
import { json, route } from './define.ts';

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

export const portfolioApi = {
  list: route({
    method: 'GET',
    path: '/portfolio',
    tag: 'portfolio',
    summary: 'One row per board the user may view: the period’s key figures against a comparison, sync and data health',
    query: portfolioQuery,
    response: json(api.portfolio),
  }),
} as const;
