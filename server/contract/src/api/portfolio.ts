import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { isoDate } from '../schemas/text.ts';
import { json, route } from './define.ts';

export const portfolioQuery = z.object({
  startDate: isoDate,
  endDate: isoDate,
  /** 'previous' (the months just before) or 'lastYear', like for like with each board's booked months; 'budget' is not available yet. */
  compare: z.enum(['previous', 'lastYear', 'budget']).default('lastYear'),
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
