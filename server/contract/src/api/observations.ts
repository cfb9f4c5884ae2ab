import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { json, route } from './define.ts';
import { boardRangeQuery } from './reports.ts';

/** The board and period as the statements take them; the comparison like for like with the booked months. */
export const observationsQuery = boardRangeQuery.pick({ groupId: true, startDate: true, endDate: true }).extend({
  compare: z.enum(['previous', 'lastYear']).default('lastYear'),
});

export const observationsApi = {
  list: route({
    method: 'GET',
    path: '/observations',
    tag: 'reports',
    summary: 'Observations proposed for a report pack: sentences in nor and en from rules over the board’s figures',
    description:
      'The largest changes by P&L line and account against the comparison, margins that crossed zero or moved five points, liquidity and solidity below their floors, and months far from the period’s usual month. Each observation cites the figures it rests on (value, period, how it is shown, and the statement line it drills to).',
    query: observationsQuery,
    response: json(api.observations),
  }),
  rewrite: route({
    method: 'POST',
    path: '/observations/:groupId/rewrite',
    tag: 'reports',
    summary: 'The kept observations reworded by the configured AI assistant, with their cited figures only',
    description:
      'Each kept observation (by its id in the period’s proposal, with the accountant’s text) goes to the model with the figures it cites. A rewording holding a number those figures do not show is refused: the observation keeps its text and `uncited` lists the numbers. 503 AI_NOT_CONFIGURED without an assistant; the assistant’s rate limits apply.',
    body: api.rewriteObservationsRequest,
    response: json(api.rewrittenObservations),
  }),
} as const;
