import { eq } from 'drizzle-orm';
import type { ViewerAsk } from '../../access/route-access.ts';
import type { AppDeps } from '../../app-deps.ts';
import { embedKey } from '../../db/schema/index.ts';
import type { ShareViewer } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { isEmbedToken, keepsToLockedParams, verifyEmbedToken } from '../embed/tokens.ts';
import { type Asked, askedWidget, embedGrant, shareGrant } from './grants.ts';
import { liveShare } from './links.ts';

/**
 * The read-only viewers withRouteAccess admits to a viewer route: a public link's visitor and a partner
 * page's embed token. Sharing logic, so it lives here and is handed to the access layer by app.ts.
 */

/** The shared instance a viewer's call asks for (grants.ts); null for a call beyond any. */
function askedOf(ask: ViewerAsk): Asked | null {
  const { scope } = ask;
  if ('page' in scope) return { kind: 'page', page: scope.page, element: scope.element };
  if ('widget' in scope) return askedWidget(scope.widget, ask.queries);
  return { kind: 'custom', id: ask.param(scope.widgetParam) ?? '' };
}

export function shareViewers(deps: Pick<AppDeps, 'db' | 'secrets' | 'now' | 'baseUrl'>) {
  const ownOrigin = new URL(deps.baseUrl).origin;
  const now = () => deps.now?.() ?? Date.now();

  /** The origins allowed to show a board's elements on their pages: its embed keys'. */
  async function keyOrigins(boardId: string): Promise<string[]> {
    const rows = await deps.db
      .select({ origins: embedKey.origins })
      .from(embedKey)
      .where(eq(embedKey.boardId, boardId));
    return rows.flatMap((r) => r.origins);
  }

  return {
    isEmbedToken,

    /** A public link's visitor: its live share, what it shared, its locked period, and the page's origin. */
    async linkViewer(secret: string, ask: ViewerAsk): Promise<ShareViewer> {
      const share = await liveShare(deps.db, secret, now());
      // The shared widget instance or page asked for, and whether it was shared with its comparison.
      const asked = askedOf(ask);
      const grant = asked ? shareGrant(share, asked) : null;
      if (!grant?.allowed) throw new ApiError('SHARE_NOT_ALLOWED');
      if (ask.query('compare') !== undefined && !grant.comparison) throw new ApiError('SHARE_NOT_ALLOWED');
      // A link held to one period shows that period only (and no comparison with another: shareGrant).
      if (
        share.lockedStartDate &&
        (ask.query('startDate') !== share.lockedStartDate || ask.query('endDate') !== share.lockedEndDate)
      )
        throw new ApiError('SHARE_NOT_ALLOWED');
      if (ask.origin && ask.origin !== ownOrigin && !(await keyOrigins(share.boardId)).includes(ask.origin))
        throw new ApiError('SHARE_NOT_ALLOWED');
      return {
        publicBoardId: share.id,
        boardId: share.boardId,
        widgets: share.widgets.map((w) => w.widget),
        pages: share.pages,
        comparison: grant.comparison,
      };
    },

    /** A partner page's element: a signed embed token naming the board, the element and locked parameters. */
    async embedViewer(token: string, ask: ViewerAsk): Promise<ShareViewer> {
      const embed = await verifyEmbedToken(deps, token, ask.origin);
      const asked = askedOf(ask);
      const grant = asked ? embedGrant(embed.claims, asked) : null;
      if (!grant?.allowed) throw new ApiError('EMBED_NOT_ALLOWED');
      if (!keepsToLockedParams(embed.claims.params, ask.query)) throw new ApiError('EMBED_NOT_ALLOWED');
      if (ask.query('compare') !== undefined && !grant.comparison) throw new ApiError('EMBED_NOT_ALLOWED');
      return {
        publicBoardId: `embed:${embed.keyId}`,
        boardId: embed.boardId,
        widgets: embed.claims.elements,
        pages: [],
        comparison: grant.comparison,
      };
    },
  };
}
