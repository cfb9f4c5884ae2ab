import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/env.ts';
import { boardSources } from './queries.ts';

/**
 * The sources of a board the signed-in caller may read: the request's `board`, which withRouteAccess
 * resolved and checked before the handler, or (for a board the route's rule does not name) read and
 * checked now (BOARD_NOT_FOUND for none).
 */
export async function readableSources(c: Context<AppEnv>, db: Db, boardId: string): Promise<readonly string[]> {
  const held = c.get('board');
  if (held?.id === boardId && held.role) return held.sources;
  return boardSources(db, c.get('user').id, boardId);
}
