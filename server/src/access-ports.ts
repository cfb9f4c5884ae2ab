import { eq } from 'drizzle-orm';
import type { AccessPorts } from './access/route-access.ts';
import type { AppDeps } from './app-deps.ts';
import { publicShare } from './db/schema/index.ts';
import { accountState, boardOwnerState } from './features/billing/queries.ts';
import { isReadOnly } from './features/billing/state.ts';
import { boardRoleAndSources, boardSources, boardSourcesOf } from './features/boards/queries.ts';
import { consolidationOf } from './features/consolidation/queries.ts';
import { ownerHandle } from './features/sharing/links.ts';
import { shareViewers } from './features/sharing/viewers.ts';
import type { BoardReads } from './http/board-range.ts';

/**
 * What the access check asks of the features (access/route-access.ts AccessPorts), wired here at the
 * composition root so that access/ imports no feature.
 */
export function accessPorts(deps: Pick<AppDeps, 'db' | 'secrets' | 'now' | 'baseUrl'>): AccessPorts {
  const { db } = deps;
  return {
    ...shareViewers(deps),
    boardRoleAndSources: (userId, boardId, counter) => boardRoleAndSources(db, userId, boardId, counter),
    boardSourcesOf: (boardId) => boardSourcesOf(db, boardId),
    /**
     * A board is its owner's, so the owner's plan governs it, whoever of its members calls; a call
     * without a board changes the caller's own account (a new board, API accounts).
     */
    async planReadOnly(userId, boardIds, at) {
      const states = boardIds.length
        ? await Promise.all(boardIds.map((id) => boardOwnerState(db, id, at)))
        : [await accountState(db, userId, at)];
      return states.some((state) => state && isReadOnly(state));
    },
    async linkBoard(idOrSecret) {
      const [row] = await db
        .select({ id: publicShare.boardId })
        .from(publicShare)
        .where(eq(publicShare.id, ownerHandle(idOrSecret)));
      return row?.id ?? null;
    },
  };
}

/** What a report's range reads of the boards (http/board-range.ts), wired here so http/ imports no feature. */
export function boardReads(deps: Pick<AppDeps, 'db'>): BoardReads {
  const { db } = deps;
  return {
    readableSources: (userId, boardId) => boardSources(db, userId, boardId),
    sourcesOf: (boardId) => boardSourcesOf(db, boardId),
    consolidationOf: (boardId) => consolidationOf(db, boardId),
  };
}
