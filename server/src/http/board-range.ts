// The request's board and period, shared by every report, widget and export route: HTTP, so outside the engine.
import type { ReportComparison } from '@saldo/contract';
import { boardRangeQuery } from '@saldo/contract/api/reports';
import { defaultRange } from '@saldo/contract/period/range';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from './env.ts';
import { ApiError } from './errors.ts';
import { type Period, parsePeriod } from './period.ts';

export { boardRangeQuery };

/** What the board's range needs of the boards (given by app.ts, so this layer imports no feature). */
export interface BoardReads {
  /** The sources of a board the user may read (BOARD_NOT_FOUND when they may not). */
  readableSources(userId: string, boardId: string): Promise<readonly string[]>;
  /** The sources of a board a link or a token was given, already checked. */
  sourcesOf(boardId: string): Promise<readonly string[]>;
  /** The board's consolidation group: the sources it consolidates and the accounts it deducts; none: undefined. */
  consolidationOf(boardId: string): Promise<{ apis: readonly string[]; deductAccounts: readonly number[] } | undefined>;
}

export interface BoardRange {
  boardId: string;
  sources: string[];
  period: Period;
  compare: ReportComparison | undefined;
  /** Account numbers left out (a consolidation's intercompany accounts). */
  deduct: number[];
}

/**
 * Resolves the board (query `groupId`, or the `x-board-id` header the spec's widget calls carry)
 * to the API accounts the signed-in user may read, and parses the period.
 */
export async function boardRange(
  deps: { boards: BoardReads },
  c: Context<AppEnv>,
  query: z.infer<typeof boardRangeQuery>,
): Promise<BoardRange> {
  const header = c.req.header('x-board-id');
  const share = c.get('share');
  const boardId = query.groupId ?? header ?? share?.boardId;
  if (!boardId) throw new ApiError('BOARD_REQUIRED');
  if (query.groupId && header && query.groupId !== header) throw new ApiError('BOARD_REQUIRED');
  // A public link reads only the board it was made for.
  if (share && boardId !== share.boardId) throw new ApiError('SHARE_NOT_ALLOWED');
  const defaults = defaultRange();
  const period = parsePeriod(query.startDate ?? defaults.startDate, query.endDate ?? defaults.endDate);
  // The board withRouteAccess resolved and checked for this request (a link's or a token's own) is not read again.
  const held = c.get('board');
  let sources = [
    ...(held?.id === boardId
      ? held.sources
      : share
        ? await deps.boards.sourcesOf(boardId)
        : await deps.boards.readableSources(c.get('user').id, boardId)),
  ];
  let deduct: number[] = [];
  if (query.consolidated === 'true') {
    const group = await deps.boards.consolidationOf(boardId);
    if (!group) throw new ApiError('CONSOLIDATION_NOT_FOUND');
    sources = sources.filter((s) => group.apis.includes(s));
    deduct = [...group.deductAccounts];
  }
  c.set('dataSources', sources);
  return { boardId, sources, period, compare: query.compare, deduct };
}
