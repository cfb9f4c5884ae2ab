import { observationsApi } from '@saldo/contract/api/observations';
import { hitLimit } from '../../access/rate-limit.ts';
import { menu, on, RANGE_VIEW, write } from '../../access/rules.ts';
import { boardRange } from '../../http/board-range.ts';
import { ApiError } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { readObservations } from './read.ts';
import { rewriteObservations } from './rewrite.ts';

export const observationRoutes = [
  /** For the board's members who may read its P&L: never through a public link or an embed token. */
  serve(observationsApi.list, menu('ProfitLoss', RANGE_VIEW), async (c, deps) => {
    const query = c.req.valid('query');
    return c.json(await readObservations(deps.db, await boardRange(deps, c, query), query.compare));
  }),
  /**
   * The kept observations reworded by the assistant for a pack, by those who edit the board's packs
   * (the edit right), within the assistant's rate limits (one request rewords at most 20, one call each). The figures are the
   * period's proposal read again here, never the caller's.
   */
  serve(observationsApi.rewrite, write('Dashboard', on('param:groupId', 'edit')), async (c, deps) => {
    const llm = deps.llm;
    if (!llm) throw new ApiError('AI_NOT_CONFIGURED');
    const { startDate, endDate, compare, lang, keep } = c.req.valid('json');
    const userId = c.get('user').id;
    const at = deps.now?.() ?? Date.now();
    await hitLimit(
      deps.db,
      `assistant:minute:${userId}`,
      deps.limits.assistantPerUserMinute,
      at,
      'ASSISTANT_RATE_LIMITED',
    );
    await hitLimit(deps.db, `assistant:day:${userId}`, deps.limits.assistantPerUserDay, at, 'ASSISTANT_RATE_LIMITED');
    const range = await boardRange(deps, c, { groupId: c.req.param('groupId'), startDate, endDate });
    const proposed = await readObservations(deps.db, range, compare);
    return c.json(await rewriteObservations(llm, proposed.observations, keep, lang));
  }),
];
