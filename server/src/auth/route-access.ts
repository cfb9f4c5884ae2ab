import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { embedKey } from '../db/schema/index.ts';
import { accountState, boardOwnerState } from '../features/billing/queries.ts';
import { isReadOnly } from '../features/billing/state.ts';
import { boardRoleOf, roleAllows, SHORT_OF } from '../features/boards/access.ts';
import { isEmbedToken, keepsToLockedParams, verifyEmbedToken } from '../features/embed/tokens.ts';
import { liveShare } from '../features/sharing/links.ts';
import { clientIp, isLoopback } from '../http/client-ip.ts';
import type { AppDeps, AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { accessTokenOf, authenticate } from './authenticate.ts';
import { can } from './menu.ts';
import { type BoardRule, routeAccess, type ShareScope } from './route-table.ts';

export { routeAccess };

const API_PREFIX = '/api';

/** The registered route a request reached, as `METHOD path` without /api; null when none did (a 404). */
export function routeKeyOf(c: Context): string | null {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  // Middleware is registered as ALL; the portal's fallback (GET *) is outside /api.
  const route = matchedRoutes(c).find((r) => r.method === method && r.path.startsWith(`${API_PREFIX}/`));
  return route ? `${method} ${route.path.slice(API_PREFIX.length)}` : null;
}

/** A path parameter of the route `key` in this request's path (a middleware sees no parameters of its own). */
function paramOf(key: string, path: string, name: string): string | undefined {
  const pattern = key.slice(key.indexOf(' ') + 1).split('/');
  const segments = path.slice(API_PREFIX.length).split('/');
  const i = pattern.indexOf(`:${name}`);
  return i >= 0 && segments[i] ? decodeURIComponent(segments[i]) : undefined;
}

/** The element a viewer route belongs to, as an embed token names it. */
function elementOf(scope: ShareScope, key: string, path: string): string {
  if ('element' in scope) return scope.element;
  if ('widget' in scope) return scope.widget;
  return `custom-widget:${paramOf(key, path, scope.widgetParam) ?? ''}`;
}

/** The read-only calls a page on another origin may make: the viewer routes and the public board. */
const EMBEDDABLE = Object.entries(routeAccess)
  .filter(([key, access]) => access.kind === 'viewer' || key === 'GET /public-share/board/:boardId')
  .map(([key]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const path = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
    return { method, path: new RegExp(`^${API_PREFIX}${path}$`) };
  });

/** True for a call an embedded element or a public page on another origin makes (for CORS). */
export function isEmbeddable(method: string, path: string): boolean {
  return EMBEDDABLE.some((e) => e.method === method && e.path.test(path));
}

/**
 * Enforces routeAccess before any handler runs: sets the user (or the read-only viewer of a public
 * link or an embed token) and refuses the rest. A request that matched no route falls through to the
 * API's 404.
 */
export function withRouteAccess(deps: Pick<AppDeps, 'db' | 'tokens' | 'secrets' | 'now' | 'baseUrl'>) {
  const ownOrigin = new URL(deps.baseUrl).origin;
  const now = () => deps.now?.() ?? Date.now();

  async function signIn(c: Context<AppEnv>, queryToken = false) {
    const token = accessTokenOf((name) => c.req.header(name)) ?? (queryToken ? c.req.query('token') : undefined);
    if (!token) throw new ApiError('UNAUTHORIZED');
    const user = await authenticate(deps, token);
    c.set('user', user);
    return user;
  }

  /** The origins allowed to show a board's elements on their pages: its embed keys'. */
  async function keyOrigins(boardId: string): Promise<string[]> {
    const rows = await deps.db
      .select({ origins: embedKey.origins })
      .from(embedKey)
      .where(eq(embedKey.boardId, boardId));
    return rows.flatMap((r) => r.origins);
  }

  /** A public link's visitor: its live share, what it shared, its locked period, and the page's origin. */
  async function shareViewer(c: Context<AppEnv>, key: string, secret: string, scope: ShareScope) {
    const share = await liveShare(deps.db, secret, now());
    const allowed =
      'page' in scope
        ? share.pages.includes(scope.page)
        : 'widget' in scope
          ? share.widgets.some((w) => w.widget === scope.widget)
          : share.widgets.some((w) => w.id === paramOf(key, c.req.path, scope.widgetParam));
    if (!allowed) throw new ApiError('SHARE_NOT_ALLOWED');
    // A link held to one period shows that period only, and no comparison with another.
    if (
      share.lockedStartDate &&
      (c.req.query('startDate') !== share.lockedStartDate ||
        c.req.query('endDate') !== share.lockedEndDate ||
        c.req.query('compare') !== undefined)
    )
      throw new ApiError('SHARE_NOT_ALLOWED');
    const origin = c.req.header('origin');
    if (origin && origin !== ownOrigin && !(await keyOrigins(share.boardId)).includes(origin))
      throw new ApiError('SHARE_NOT_ALLOWED');
    c.set('share', {
      publicBoardId: share.id,
      boardId: share.boardId,
      widgets: share.widgets.map((w) => w.widget),
      pages: share.pages,
    });
  }

  /** A partner page's element: a signed embed token naming the board, the element and locked parameters. */
  async function embedViewer(c: Context<AppEnv>, key: string, token: string, scope: ShareScope) {
    const embed = await verifyEmbedToken(deps, token, c.req.header('origin'));
    if (!embed.claims.elements.includes(elementOf(scope, key, c.req.path))) throw new ApiError('EMBED_NOT_ALLOWED');
    if (!keepsToLockedParams(embed.claims.params, (name) => c.req.query(name))) throw new ApiError('EMBED_NOT_ALLOWED');
    c.set('share', {
      publicBoardId: `embed:${embed.keyId}`,
      boardId: embed.boardId,
      widgets: embed.claims.elements,
      pages: [],
    });
  }

  /** The board a call names, where its rule says; undefined when it names none. */
  async function boardIdOf(c: Context<AppEnv>, key: string, from: BoardRule['from']): Promise<string | undefined> {
    switch (from) {
      case 'param:id':
        return paramOf(key, c.req.path, 'id');
      case 'param:groupId':
        return paramOf(key, c.req.path, 'groupId');
      case 'query:groupId':
        return c.req.query('groupId');
      case 'range':
        // As the report calls resolve it (features/reports/board-range.ts): the query, else the header.
        return c.req.query('groupId') ?? c.req.header('x-board-id');
      case 'body:groupId': {
        // The body limit ran before this middleware, so reading the body here is bounded.
        const body = (await c.req.json().catch(() => null)) as { groupId?: unknown } | null;
        return typeof body?.groupId === 'string' ? body.groupId : undefined;
      }
    }
  }

  /**
   * The caller's right on the board the call names. No role at all is BOARD_NOT_FOUND, as for a board
   * that does not exist; a role short of the need is that need's own 403. A call that names no board
   * is left to its handler, which answers BOARD_REQUIRED.
   */
  async function checkBoard(c: Context<AppEnv>, key: string, userId: string, rule: BoardRule) {
    const boardId = await boardIdOf(c, key, rule.from);
    if (!boardId) return undefined;
    const role = await boardRoleOf(deps.db, userId, boardId);
    if (!role) throw new ApiError('BOARD_NOT_FOUND');
    if (!roleAllows(role, rule.need)) throw new ApiError(SHORT_OF[rule.need]);
    return boardId;
  }

  /**
   * A write row: the plan that governs the data must allow changes. A board is its owner's, so the
   * owner's plan governs it, whoever of its members calls; a call without a board changes the
   * caller's own account (a new board, API accounts).
   */
  async function checkPlan(userId: string, boardId: string | undefined) {
    const at = new Date(now());
    const state = boardId ? await boardOwnerState(deps.db, boardId, at) : await accountState(deps.db, userId, at);
    if (state && isReadOnly(state)) throw new ApiError('PLAN_READ_ONLY');
  }

  return createMiddleware<AppEnv>(async (c, next) => {
    const key = routeKeyOf(c);
    if (key === null) return next();
    const access = routeAccess[key];
    if (!access) {
      console.error(`Route without an access rule refused: ${key}`);
      throw new ApiError('FORBIDDEN');
    }
    switch (access.kind) {
      case 'public':
        break;
      case 'loopback':
        if (!isLoopback(clientIp(c))) throw new ApiError('NOT_FOUND');
        break;
      case 'user':
        await signIn(c, access.queryToken);
        break;
      case 'menu': {
        const user = await signIn(c);
        if (!can(user.role, access.menu, access.permission)) throw new ApiError('FORBIDDEN');
        const boardId = access.board ? await checkBoard(c, key, user.id, access.board) : undefined;
        if (access.write) await checkPlan(user.id, boardId);
        break;
      }
      case 'role':
        if ((await signIn(c)).role !== access.role) throw new ApiError('FORBIDDEN');
        break;
      case 'viewer': {
        const token = accessTokenOf((name) => c.req.header(name));
        const shareId = c.req.header('x-public-board-id');
        if (token && isEmbedToken(token)) await embedViewer(c, key, token, access.share);
        else if (!token && shareId) await shareViewer(c, key, shareId, access.share);
        else {
          const user = await signIn(c);
          if (!can(user.role, access.menu, 'View')) throw new ApiError('FORBIDDEN');
          await checkBoard(c, key, user.id, access.board);
        }
        break;
      }
    }
    return next();
  });
}
