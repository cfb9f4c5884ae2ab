import type { BoardRole } from '@saldo/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { findTargetHandler, isMiddleware } from 'hono/utils/handler';
import type { AppDeps } from '../app-deps.ts';
import { changeCounterNow } from '../db/data-cache.ts';
import { board, boardMember, invitation } from '../db/schema/index.ts';
import { clientIp, isLoopback } from '../http/client-ip.ts';
import type { AppEnv, ShareViewer } from '../http/env.ts';
import { ApiError, errorBody } from '../http/errors.ts';
import { log } from '../ops/log.ts';
import { accessTokenOf, authenticate, authenticateSession } from './authenticate.ts';
import { roleAllows, SHORT_OF } from './board-rights.ts';
import { can } from './menu.ts';
import { type Access, BOARD_SOURCES, type BoardFrom, type BoardRule, type ShareScope } from './rules.ts';
import { redeemStreamTicket, streamOf } from './stream-ticket.ts';

/** What a viewer's call asks of a link or a token: the route's share scope, and the request's parts. */
export interface ViewerAsk {
  scope: ShareScope;
  /** A path parameter of the route. */
  param(name: string): string | undefined;
  query(name: string): string | undefined;
  queries(name: string): string[] | undefined;
  /** The page's origin (Origin header), if any. */
  origin: string | undefined;
}

/**
 * What the access check needs of the features, given by the composition root (app.ts): the access
 * layer decides who may call what, the features know boards, plans, links and tokens.
 */
export interface AccessPorts {
  /** The user's role on a board (null: none, or no such board), its sources, and whether each warns of an error. */
  boardRoleAndSources(
    userId: string,
    boardId: string,
    counter: number | undefined,
  ): Promise<{ role: BoardRole | null; sources: readonly string[]; errors: ReadonlyMap<string, boolean> }>;
  /** A board's sources, without a role check: for a link's or a token's board, already checked. */
  boardSourcesOf(boardId: string): Promise<readonly string[]>;
  /** Whether the plan that governs these boards (their owners'), or with none the user's own account, is read-only now. */
  planReadOnly(userId: string, boardIds: readonly string[], at: Date): Promise<boolean>;
  /** Whether a bearer token is an embed token rather than a user's. */
  isEmbedToken(token: string): boolean;
  /** A public link's visitor to what the call asks, or an ApiError. */
  linkViewer(secret: string, ask: ViewerAsk): Promise<ShareViewer>;
  /** An embed token's viewer to what the call asks, or an ApiError. */
  embedViewer(token: string, ask: ViewerAsk): Promise<ShareViewer>;
  /** The board of a public link, by its id or secret; null when there is none. */
  linkBoard(idOrSecret: string): Promise<string | null>;
}

/** The sources that name exactly one board: its role and sources become the request's `board`. */
const ONE_BOARD: readonly BoardFrom[] = ['param:id', 'param:groupId', 'query:groupId', 'range', 'body:groupId'];

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

/**
 * The read-only calls a page on another origin may make: the viewer routes, and those a route says a
 * public page may make from another origin (the public board).
 */
export function embeddableCalls(routes: ReadonlyArray<{ key: string; access: Access; crossOrigin?: true }>) {
  const embeddable = routes
    .filter((r) => r.access.kind === 'viewer' || r.crossOrigin)
    .map(({ key }) => {
      const [method, pattern] = key.split(' ') as [string, string];
      const path = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
      return { method, path: new RegExp(`^${API_PREFIX}${path}$`) };
    });
  /** True for a call an embedded element or a public page on another origin makes (for CORS). */
  return (method: string, path: string): boolean => embeddable.some((e) => e.method === method && e.path.test(path));
}

/**
 * Enforces the route table before any handler runs: sets the user (or the read-only viewer of a public
 * link or an embed token) and the one board the route names, and refuses the rest. A request that
 * matched no route falls through to the API's 404.
 */
export function checkRouteAccess(
  deps: Pick<AppDeps, 'db' | 'tokens' | 'now'>,
  routeAccess: Readonly<Record<string, Access>>,
  ports: AccessPorts,
) {
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

  /** What a viewer's call asks of a link or a token. */
  const askOf = (c: Context<AppEnv>, key: string, scope: ShareScope): ViewerAsk => ({
    scope,
    param: (name) => paramOf(key, c.req.path, name),
    query: (name) => c.req.query(name),
    queries: (name) => c.req.queries(name),
    origin: c.req.header('origin'),
  });

  /** A link's or a token's viewer: read-only, to the one board they were given. */
  async function admitViewer(c: Context<AppEnv>, viewer: ShareViewer) {
    c.set('share', viewer);
    c.set('board', { id: viewer.boardId, role: null, sources: await ports.boardSourcesOf(viewer.boardId) });
  }

  /** The JSON body, or null when there is none (the body limit ran first, so reading it is bounded). */
  const bodyOf = async (c: Context<AppEnv>) => (await c.req.json().catch(() => null)) as Record<string, unknown> | null;

  /**
   * The boards a call names, where its rule says: undefined when it names none (its handler answers,
   * e.g. BOARD_REQUIRED or VALIDATION_FAILED, or checks an invitation to a tag); an empty list for an
   * invitation, member or link that belongs to no board, or does not exist.
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
          .select({ boards: invitation.boardIds, tag: invitation.tag })
          .from(invitation)
          .where(eq(invitation.id, param('id') ?? ''));
        // One to a tag (issue 29) names no board: its handler lets its inviter, the tag's owner, alone at it.
        if (row?.tag) return undefined;
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
        const id = await ports.linkBoard(param('boardId') ?? '');
        return id ? [id] : [];
      }
    }
  }

  /**
   * The caller's right on the boards the call names, on each of them or on one as its source says. No
   * role at all is the source's not-found answer, as for a board (or invitation, member, link) that
   * does not exist; a role short of the need is that need's own 403. A call that names no board is left
   * to its handler. A rule that names one board leaves it, checked, as the request's `board`.
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
    const read = await Promise.all(ids.map((id) => ports.boardRoleAndSources(userId, id, counter)));
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
    const [id] = ids;
    const [one] = read;
    if (ONE_BOARD.includes(rule.from) && id && one?.role)
      c.set('board', { id, role: one.role, sources: one.sources, sourceErrors: one.errors });
    return ids;
  }

  return createMiddleware<AppEnv>(async (c, next) => {
    const key = routeKeyOf(c);
    if (key === null) return next();
    const access = routeAccess[key];
    if (!access) {
      log.error({ route: key }, 'A route without an access rule refused');
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
        // A write row: the plan that governs the data must allow changes (a board's owner's, else the caller's).
        if (access.write && (await ports.planReadOnly(user.id, boardIds, new Date(now()))))
          throw new ApiError('PLAN_READ_ONLY');
        break;
      }
      case 'role':
        if ((await signIn(c, changeCounterNow(deps.db))).role !== access.role) throw new ApiError('FORBIDDEN');
        break;
      case 'viewer': {
        const token = accessTokenOf((name) => c.req.header(name));
        const shareId = c.req.header('x-public-board-id');
        if (token && ports.isEmbedToken(token))
          await admitViewer(c, await ports.embedViewer(token, askOf(c, key, access.share)));
        else if (!token && shareId) await admitViewer(c, await ports.linkViewer(shareId, askOf(c, key, access.share)));
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
