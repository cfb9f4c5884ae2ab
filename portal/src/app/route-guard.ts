import type { MenuEntry } from '@saldo/contract';

export type AccessDecision = 'allow' | '/dashboard' | `/login?redirect=${string}`;

/** What the guard needs to know about the user; null when nobody is logged in. */
export interface GuardUser {
  menu: Pick<MenuEntry, 'route'>[];
}

function normalise(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  const trimmed = withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
  // "/" is the dashboard under another name.
  return trimmed === '/' || trimmed === '' ? '/dashboard' : trimmed;
}

/** Routes every signed-in user may open, whatever their menu. */
const ALWAYS_OPEN = new Set(['/dashboard', '/whats-new']);

/** Pages that belong to another menu entry's area: the portfolio and the alerts are over the boards (GroupAccount, /group). */
const UNDER_ENTRY: Readonly<Record<string, string>> = { '/portfolio': '/group', '/alerts': '/group' };

/** A route is allowed when the menu holds it, one of its parents, or one of its children. */
export function menuAllows(pathname: string, menu: GuardUser['menu']): boolean {
  const own = normalise(pathname);
  const path = UNDER_ENTRY[own] ?? own;
  // Sending a user without a Dashboard entry to /dashboard would loop, so the dashboard is always open;
  // the help pages belong to no menu entry and are every signed-in user's.
  if (ALWAYS_OPEN.has(path)) return true;
  return menu.some(({ route }) => {
    const allowed = normalise(route);
    return path === allowed || path.startsWith(`${allowed}/`) || allowed.startsWith(`${path}/`);
  });
}

/**
 * The protected-route rule from the spec: nobody logged in → /login with the current address as
 * `redirect`; a logged-in user whose menu lacks the route → /dashboard.
 * `location` is the path plus its query string, e.g. "/profit?year=2026".
 */
export function decideAccess(location: string, user: GuardUser | null): AccessDecision {
  if (!user) return `/login?redirect=${encodeURIComponent(location)}`;
  const pathname = location.split(/[?#]/, 1)[0] ?? '/';
  return menuAllows(pathname, user.menu) ? 'allow' : '/dashboard';
}
