import { eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { findTargetHandler, isMiddleware } from 'hono/utils/handler';
import { changeCounterNow } from '../db/data-cache.ts';
import { board, boardMember, embedKey, invitation, publicShare } from '../db/schema/index.ts';
import { accountState, boardOwnerState } from '../features/billing/queries.ts';
import { isReadOnly } from '../features/billing/state.ts';
import { roleAllows, SHORT_OF } from '../features/boards/access.ts';
import { boardRoleAndSources } from '../features/boards/queries.ts';
import { isEmbedToken, keepsToLockedParams, verifyEmbedToken } from '../features/embed/tokens.ts';
import { type Asked, askedWidget, embedGrant, shareGrant } from '../features/sharing/grants.ts';
import { liveShare, ownerHandle } from '../features/sharing/links.ts';
import { clientIp, isLoopback } from '../http/client-ip.ts';
import type { AppDeps, AppEnv } from '../http/env.ts';
import { ApiError, errorBody } from '../http/errors.ts';
import { accessTokenOf, authenticate, authenticateSession } from './authenticate.ts';
import { can } from './menu.ts';
import { BOARD_SOURCES, type BoardRule, routeAccess, type ShareScope } from './route-table.ts';
import { redeemStreamTicket, streamOf } from './stream-ticket.ts';

export { routeAccess };

const API_PREFIX = '/api';

/** The API's answer to a path no route matched, for every method: the one handler that needs no row. */
export const apiNotFound = (c: Context) => c.json(errorBody('NOT_FOUND'), 404);

/** A route as Hono lists it (`app.routes`, `matchedRoutes`). */
interface ListedRoute {
  method: string;
  path: string;
  handler: Parameters<typeof isMiddleware>[0];
}

/**
 * A route's `METHOD path` (without /api), as the table names it; null for middleware (registered for
 * every method, it answers nothing itself) and the API's not-found answer. A handler registered for
 * every method (`.all()`) is a route like any other, `ALL path`, and needs its own row.
 */
export function routeKeyOfRoute(route: ListedRoute): string | null {
  if (!route.path.startsWith(`${API_PREFIX}/`)) return null;
  if (route.method === 'ALL') {
    const target = findTargetHandler(route.handler);
    if (isMiddleware(target) || target === apiNotFound) return null;
  }
  return `${route.method} ${route.path.slice(API_PREFIX.length)}`;
}

/** The registered route a request reached, as `METHOD path` without /api; null when none did (a 404). */
export function routeKeyOf(c: Context): string | null {
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  // The first route of this method or of every method answers; the portal's fallback (GET *) is outside /api.
  for (const route of matchedRoutes(c)) {
    if (route.method !== method && route.method !== 'ALL') continue;
    const key = routeKeyOfRoute(route);
    if (key) return key;
  }
  return null;
}

/** A path parameter of the route `key` in this request's path (a middleware sees no parameters of its own). */
function paramOf(key: string, path: string, name: string): string | undefined {
  const pattern = key.slice(key.indexOf(' ') + 1).split('/');
  const segments = path.slice(API_PREFIX.length).split('/');
  const i = pattern.indexOf(`:${name}`);
  return i >= 0 && segments[i] ? decodeURIComponent(segments[i]) : undefined;
}

/** The shared instance a viewer's call asks for (sharing/grants.ts); null for a call beyond any. */
function askedOf(c: Context<AppEnv>, key: string, scope: ShareScope): Asked | null {
  if ('page' in scope) return { kind: 'page', page: scope.page, element: scope.element };
  if ('widget' in scope) return askedWidget(scope.widget, (name) => c.req.queries(name));
  return { kind: 'custom', id: paramOf(key, c.req.path, scope.widgetParam) ?? '' };
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

  /**
   * The caller by their token. `counter`: one look at whether the database has changed, taken as the
   * check began, for its session and board reads alike (data-cache.ts keptWhileUnchanged).
   */
  async function signIn(c: Context<AppEnv>, counter: number | undefined, ticketFor?: string) {
    const token = accessTokenOf((name) => c.req.header(name));
    const ticket = ticketFor && !token ? c.req.query('ticket') : undefined;
    if (!token && !ticket) throw new ApiError('UNAUTHORIZED');
    const user = token ? await authenticate(deps, token, counter) : await ticketHolder(c, ticketFor!, ticket!);
    c.set('user', user);
    return user;
  }

  /** The user of a stream ticket, spent on this very stream: its route and its query but the ticket. */
  async function ticketHolder(c: Context<AppEnv>, key: string, ticket: string) {
    const query = new URL(c.req.url).searchParams;
    const stream = streamOf(
      key,
      [...query].filter(([name]) => name !== 'ticket'),
    );
    const { userId, sessionId } = await redeemStreamTicket(deps.db, ticket, stream, now());
    return authenticateSession(deps, userId, sessionId);
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
    // The shared widget instance or page asked for, and whether it was shared with its comparison.
    const asked = askedOf(c, key, scope);
    const grant = asked ? shareGrant(share, asked) : null;
    if (!grant?.allowed) throw new ApiError('SHARE_NOT_ALLOWED');
    if (c.req.query('compare') !== undefined && !grant.comparison) throw new ApiError('SHARE_NOT_ALLOWED');
    // A link held to one period shows that period only (and no comparison with another: shareGrant).
    if (
      share.lockedStartDate &&
      (c.req.query('startDate') !== share.lockedStartDate || c.req.query('endDate') !== share.lockedEndDate)
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
      comparison: grant.comparison,
    });
  }

  /** A partner page's element: a signed embed token naming the board, the element and locked parameters. */
  async function embedViewer(c: Context<AppEnv>, key: string, token: string, scope: ShareScope) {
    const embed = await verifyEmbedToken(deps, token, c.req.header('origin'));
    const asked = askedOf(c, key, scope);
    const grant = asked ? embedGrant(embed.claims, asked) : null;
    if (!grant?.allowed) throw new ApiError('EMBED_NOT_ALLOWED');
    if (!keepsToLockedParams(embed.claims.params, (name) => c.req.query(name))) throw new ApiError('EMBED_NOT_ALLOWED');
    if (c.req.query('compare') !== undefined && !grant.comparison) throw new ApiError('EMBED_NOT_ALLOWED');
    c.set('share', {
      publicBoardId: `embed:${embed.keyId}`,
      boardId: embed.boardId,
      widgets: embed.claims.elements,
      pages: [],
      comparison: grant.comparison,
    });
  }

  /** The JSON body, or null when there is none (the body limit ran first, so reading it is bounded). */
  const bodyOf = async (c: Context<AppEnv>) => (await c.req.json().catch(() => null)) as Record<string, unknown> | null;

  /**
   * The boards a call names, where its rule says: undefined when it names none (its handler answers,
   * e.g. BOARD_REQUIRED or VALIDATION_FAILED); an empty list for an invitation, member or link that
   * belongs to no board, or does not exist.
   */
  async function boardsOf(c: Context<AppEnv>, key: string, from: BoardRule['from']): Promise<string[] | undefined> {
    const param = (name: string) => paramOf(key, c.req.path, name);
    const one = (id: unknown) => (typeof id === 'string' && id ? [id] : undefined);
    switch (from) {
      case 'param:id':
        return one(param('id'));
      case 'param:groupId':
        return one(param('groupId'));
      case 'query:groupId':
        return one(c.req.query('groupId'));
      case 'range':
        // As the report calls resolve it (http/board-range.ts): the query, else the header.
        return one(c.req.query('groupId') ?? c.req.header('x-board-id'));
      case 'body:groupId':
        return one((await bodyOf(c))?.groupId);
      case 'body:groupIds': {
        const ids = (await bodyOf(c))?.groupIds;
        // A list the body's schema would refuse is left to it (400), so this reads at most 100 boards.
        if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100) return undefined;
        return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
      }
      case 'invitation:id': {
        const [row] = await deps.db
          .select({ boards: invitation.boardIds })
          .from(invitation)
          .where(eq(invitation.id, param('id') ?? ''));
        if (!row?.boards.length) return [];
        // Boards deleted since are no longer the invitation's.
        const live = await deps.db.select({ id: board.id }).from(board).where(inArray(board.id, row.boards));
        return live.map((b) => b.id);
      }
      case 'member:userId': {
        const rows = await deps.db
          .select({ id: boardMember.boardId })
          .from(boardMember)
          .where(eq(boardMember.userId, param('userId') ?? ''));
        return rows.map((r) => r.id);
      }
      case 'link:boardId': {
        const [row] = await deps.db
          .select({ id: publicShare.boardId })
          .from(publicShare)
          .where(eq(publicShare.id, ownerHandle(param('boardId') ?? '')));
        return row ? [row.id] : [];
      }
    }
  }

  /**
   * The caller's right on the boards the call names, on each of them or on one as its source says. No
   * role at all is the source's not-found answer, as for a board (or invitation, member, link) that
   * does not exist; a role short of the need is that need's own 403. A call that names no board is left
   * to its handler.
   */
  async function checkBoards(
    c: Context<AppEnv>,
    key: string,
    userId: string,
    rule: BoardRule,
    counter: number | undefined,
  ): Promise<string[]> {
    const ids = await boardsOf(c, key, rule.from);
    if (!ids) return [];
    const source = BOARD_SOURCES[rule.from];
    const read = await Promise.all(ids.map((id) => boardRoleAndSources(deps.db, userId, id, counter)));
    const roles = read.map((r) => r.role);
    const held = roles.filter((r) => r !== null);
    const allowed = held.filter((r) => roleAllows(r, rule.need));
    if (source.on === 'each' ? held.length < ids.length || ids.length === 0 : held.length === 0)
      throw new ApiError(source.unknown);
    if (source.on === 'each' ? allowed.length < ids.length : allowed.length === 0)
      throw new ApiError(SHORT_OF[rule.need]);
    if (rule.also) {
      const { bodyField, need, refusal } = rule.also;
      const body = await bodyOf(c);
      if (body?.[bodyField] !== undefined && !allowed.every((r) => roleAllows(r, need))) throw new ApiError(refusal);
    }
    c.set('heldBoards', new Map(ids.flatMap((id, i) => (roles[i] !== null ? [[id, read[i]!.sources] as const] : []))));
    c.set('heldSourceErrors', new Map(read.flatMap((r) => [...r.errors])));
    return ids;
  }

  /**
   * A write row: the plan that governs the data must allow changes. A board is its owner's, so the
   * owner's plan governs it, whoever of its members calls; a call without a board changes the
   * caller's own account (a new board, API accounts).
   */
  async function checkPlan(userId: string, boardIds: readonly string[]) {
    const at = new Date(now());
    const states = boardIds.length
      ? await Promise.all(boardIds.map((id) => boardOwnerState(deps.db, id, at)))
      : [await accountState(deps.db, userId, at)];
    if (states.some((state) => state && isReadOnly(state))) throw new ApiError('PLAN_READ_ONLY');
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
        await signIn(c, changeCounterNow(deps.db), access.ticket ? key : undefined);
        break;
      case 'menu': {
        const counter = changeCounterNow(deps.db);
        const user = await signIn(c, counter);
        if (!can(user.role, access.menu, access.permission)) throw new ApiError('FORBIDDEN');
        const boardIds = access.board ? await checkBoards(c, key, user.id, access.board, counter) : [];
        if (access.write) await checkPlan(user.id, boardIds);
        break;
      }
      case 'role':
        if ((await signIn(c, changeCounterNow(deps.db))).role !== access.role) throw new ApiError('FORBIDDEN');
        break;
      case 'viewer': {
        const token = accessTokenOf((name) => c.req.header(name));
        const shareId = c.req.header('x-public-board-id');
        if (token && isEmbedToken(token)) await embedViewer(c, key, token, access.share);
        else if (!token && shareId) await shareViewer(c, key, shareId, access.share);
        else {
          const counter = changeCounterNow(deps.db);
          const user = await signIn(c, counter);
          if (!can(user.role, access.menu, 'View')) throw new ApiError('FORBIDDEN');
          await checkBoards(c, key, user.id, access.board, counter);
        }
        break;
      }
    }
    return next();
  });
}
