import { observationsApi } from '@saldo/contract/api/observations';
import { menu, RANGE_VIEW } from '../../access/rules.ts';
import { boardRange } from '../../http/board-range.ts';
import { serve } from '../../http/serve.ts';
import { readObservations } from './read.ts';

export const observationRoutes = [
  /** For the board's members who may read its P&L: never through a public link or an embed token. */
  serve(observationsApi.list, menu('ProfitLoss', RANGE_VIEW), async (c, deps) => {
    const query = c.req.valid('query');
    return c.json(await readObservations(deps.db, await boardRange(deps, c, query), query.compare));
  }),
];
