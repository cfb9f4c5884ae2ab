import type { Context } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { type Period, parsePeriod } from '../../reports/period.ts';
import { boardSources } from '../boards/queries.ts';

/** Query of every widget and report call: the board and an ISO date range. */
export const boardRangeQuery = z.object({
  groupId: z.string().min(1).max(100).optional(),
  startDate: z.string(),
  endDate: z.string(),
});

/**
 * Resolves the board (query `groupId`, or the `x-board-id` header the spec's widget calls carry)
 * to the API accounts the signed-in user may read, and parses the period.
 */
export async function boardRange(
  deps: Pick<AppDeps, 'db'>,
  c: Context<AppEnv>,
  query: z.infer<typeof boardRangeQuery>,
): Promise<{ boardId: string; sources: string[]; period: Period }> {
  const header = c.req.header('x-board-id');
  const boardId = query.groupId ?? header;
  if (!boardId) throw new ApiError('BOARD_REQUIRED');
  if (query.groupId && header && query.groupId !== header) throw new ApiError('BOARD_REQUIRED');
  const period = parsePeriod(query.startDate, query.endDate);
  const sources = await boardSources(deps.db, c.get('user').id, boardId);
  return { boardId, sources, period };
}
