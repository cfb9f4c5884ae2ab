import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { MenuEntry, SharedPage } from '../contract.ts';
import { embedKey } from '../db/schema/index.ts';
import { isEmbedToken, keepsToLockedParams, verifyEmbedToken } from '../features/embed/tokens.ts';
import { liveShare } from '../features/sharing/links.ts';
import { clientIp, isLoopback } from '../http/client-ip.ts';
import type { AppDeps, AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { accessTokenOf, authenticate } from './authenticate.ts';
import { can } from './menu.ts';

type Menu = MenuEntry['name'];

/**
 * What a public link's visitor or an embed token may read through a route: a shared page (the
 * element that shows it), a catalogue widget by type, or a custom widget by the id in the path.
 */
type ShareScope = { page: SharedPage; element: string } | { widget: string } | { widgetParam: string };

/** Who may call a route. Nothing is allowed that is not written here. */
export type Access =
  /** Anyone: the sign-in calls, the public share, the health check. */
  | { kind: 'public' }
  /** Development only: the local mail outbox, for callers on this machine (its route exists only in dev). */
  | { kind: 'loopback' }
  /** Any signed-in user; `queryToken` lets an EventSource, which cannot send headers, pass `?token=`. */
  | { kind: 'user'; queryToken?: boolean }
  /** A signed-in user whose role's menu grants `permission` on `menu`. */
  | { kind: 'menu'; menu: Menu; permission: string }
  /** A signed-in user of this role only. */
  | { kind: 'role'; role: 'SuperAdmin' }
  /** Read-only: a signed-in user with View on `menu`, or a public link's visitor to what it shared. */
  | { kind: 'viewer'; menu: Menu; share: ShareScope };

const PUBLIC: Access = { kind: 'public' };
const USER: Access = { kind: 'user' };
const SUPER_ADMIN: Access = { kind: 'role', role: 'SuperAdmin' };
const menu = (name: Menu, permission = 'View'): Access => ({ kind: 'menu', menu: name, permission });
const viewer = (name: Menu, share: ShareScope): Access => ({ kind: 'viewer', menu: name, share });
const widget = (type: string) => viewer('Dashboard', { widget: type });

/**
 * Every route of the API, `METHOD path` as its feature registers it (under /api), and who may call it.
 * withRouteAccess enforces it before any handler runs; a route missing here is refused (403) and
 * fails the role-matrix test (security/route-access.test.ts).
 */
export const routeAccess: Readonly<Record<string, Access>> = {
  'GET /health': PUBLIC,
  'GET /openapi.json': PUBLIC,
  'GET /dev/outbox': { kind: 'loopback' },

  'POST /auth/signup': PUBLIC,
  'POST /auth/login': PUBLIC,
  'POST /auth/logout': PUBLIC,
  'POST /auth/refresh-token': PUBLIC,
  'POST /auth/password/request-reset': PUBLIC,
  'PATCH /auth/password/reset': PUBLIC,
  'PATCH /auth/account/verify': PUBLIC,
  'POST /auth/account/send/verification-email': PUBLIC,

  // Avatar files have random, unguessable names and are shown wherever the user appears.
  'GET /profile/avatar/:file': PUBLIC,
  'GET /profile/me': USER,
  'PATCH /profile/me': USER,
  'POST /profile/avatar': USER,
  'DELETE /profile/avatar': USER,
  'PATCH /profile/password': USER,

  'GET /group-account': menu('GroupAccount'),
  'POST /group-account': menu('GroupAccount'),
  'GET /group-account/:id': menu('GroupAccount'),
  'PUT /group-account/:id': menu('GroupAccount'),
  'DELETE /group-account/:id': menu('GroupAccount'),
  'GET /dashboard-folders/:groupId': menu('Dashboard'),
  'POST /dashboard-folders/:groupId': menu('Dashboard'),
  'PUT /dashboard-folders/:groupId/:subBoardId': menu('Dashboard'),
  'DELETE /dashboard-folders/:groupId/:subBoardId': menu('Dashboard'),
  'GET /consolidation/:groupId': menu('GroupAccount'),
  'POST /consolidation/:groupId': menu('GroupAccount'),
  'PUT /consolidation/:groupId': menu('GroupAccount'),
  'DELETE /consolidation/:groupId': menu('GroupAccount'),

  'POST /group-account/:groupId/public/share-board': menu('GroupAccount'),
  'GET /group-account/:groupId/public/links': menu('GroupAccount'),
  'DELETE /public-share/board/:boardId': menu('GroupAccount'),
  'POST /public-share/url/send-email': menu('GroupAccount'),
  'GET /public-share/board/:boardId': PUBLIC,
  'POST /group-account/:groupId/embed-keys': menu('GroupAccount'),
  'GET /group-account/:groupId/embed-keys': menu('GroupAccount'),
  'DELETE /group-account/:groupId/embed-keys/:id': menu('GroupAccount'),

  'GET /api-account': menu('ApiAccount'),
  'POST /api-account': menu('ApiAccount'),
  'POST /api-account/saft': menu('ApiAccount'),
  'POST /api-account/integration': menu('ApiAccount'),
  'GET /api-account/:id': menu('ApiAccount'),
  'PUT /api-account/:id': menu('ApiAccount'),
  'DELETE /api-account/:id': menu('ApiAccount'),
  'POST /sync-board': menu('SyncBoard', 'Sync'),
  'GET /sync-board/progress': { kind: 'user', queryToken: true },

  'GET /profit-loss': viewer('ProfitLoss', { page: 'profitloss', element: 'profit-loss' }),
  'GET /balance-sheet': viewer('BalanceSheet', { page: 'balancesheet', element: 'balance-sheet' }),
  'GET /cashflow': viewer('Cashflow', { page: 'cashflow', element: 'cash-flow' }),
  'GET /postings': menu('Dashboard'),

  'GET /widgets/configurations': menu('Dashboard'),
  'GET /widgets/top-ten/customers': widget('top-customers'),
  'GET /widgets/top-ten/suppliers': widget('top-suppliers'),
  'GET /widgets/top-ten/products': widget('top-products'),
  'GET /widgets/top-ten/expenses': widget('top-expenses'),
  'GET /widgets/top-ten/largest-transactions': widget('largest-transactions'),
  'GET /widgets/top-five/expenses': widget('top-five-expenses'),
  'GET /widgets/turnover': widget('turnover'),
  'GET /widgets/mrr': widget('mrr'),
  'GET /widgets/employees': widget('employees'),
  'GET /widgets/consolidation': widget('consolidation'),
  'GET /widgets/ai': menu('Dashboard'),
  // A board may hold several custom widgets: a public link shares each by its id.
  'GET /widgets/:groupId/custom/:id': viewer('Dashboard', { widgetParam: 'id' }),
  'GET /widgets/:groupId/custom': menu('Dashboard'),
  'POST /widgets/:groupId/custom/create': menu('Dashboard'),
  'PUT /widgets/:groupId/custom/:id': menu('Dashboard'),
  'DELETE /widgets/:groupId/custom/:id': menu('Dashboard'),
  'GET /widgets/:groupId/accounts': menu('Dashboard'),
  'PATCH /widgets/board-preference/:groupId/update': menu('Dashboard'),

  // Data health: the board's panel for its users; beside each element's data route, whether its figures
  // rest on a source with errors, readable by exactly whoever may read the element, and nothing more.
  'GET /data-health/:groupId': menu('Dashboard'),
  'GET /profit-loss/data-notice': viewer('ProfitLoss', { page: 'profitloss', element: 'profit-loss' }),
  'GET /balance-sheet/data-notice': viewer('BalanceSheet', { page: 'balancesheet', element: 'balance-sheet' }),
  'GET /cashflow/data-notice': viewer('Cashflow', { page: 'cashflow', element: 'cash-flow' }),
  'GET /widgets/top-ten/customers/data-notice': widget('top-customers'),
  'GET /widgets/top-ten/suppliers/data-notice': widget('top-suppliers'),
  'GET /widgets/top-ten/products/data-notice': widget('top-products'),
  'GET /widgets/top-ten/expenses/data-notice': widget('top-expenses'),
  'GET /widgets/top-ten/largest-transactions/data-notice': widget('largest-transactions'),
  'GET /widgets/top-five/expenses/data-notice': widget('top-five-expenses'),
  'GET /widgets/turnover/data-notice': widget('turnover'),
  'GET /widgets/mrr/data-notice': widget('mrr'),
  'GET /widgets/employees/data-notice': widget('employees'),
  'GET /widgets/consolidation/data-notice': widget('consolidation'),
  'GET /widgets/:groupId/custom/:id/data-notice': viewer('Dashboard', { widgetParam: 'id' }),

  'POST /exports/:groupId': menu('Dashboard'),
  'GET /assistant/status': USER,
  'POST /assistant/:groupId/ask': menu('Dashboard'),
  'GET /assistant/:groupId/questions': menu('Dashboard'),
  'DELETE /assistant/:groupId/questions/:id': menu('Dashboard'),

  'GET /admin/summary': SUPER_ADMIN,
  'GET /admin/users': SUPER_ADMIN,
  'PATCH /admin/users/:id/status': SUPER_ADMIN,
  'PATCH /admin/users/:id/plan': SUPER_ADMIN,
  'GET /admin/registrations': SUPER_ADMIN,
  'GET /admin/companies': SUPER_ADMIN,
  'GET /admin/companies/:id': SUPER_ADMIN,
};

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
      case 'menu':
        if (!can((await signIn(c)).role, access.menu, access.permission)) throw new ApiError('FORBIDDEN');
        break;
      case 'role':
        if ((await signIn(c)).role !== access.role) throw new ApiError('FORBIDDEN');
        break;
      case 'viewer': {
        const token = accessTokenOf((name) => c.req.header(name));
        const shareId = c.req.header('x-public-board-id');
        if (token && isEmbedToken(token)) await embedViewer(c, key, token, access.share);
        else if (!token && shareId) await shareViewer(c, key, shareId, access.share);
        else if (!can((await signIn(c)).role, access.menu, 'View')) throw new ApiError('FORBIDDEN');
        break;
      }
    }
    return next();
  });
}
