import type { MenuEntry } from '@saldo/contract';

export type NavIcon = 'dashboard' | 'cashflow' | 'profit' | 'balance' | 'boards' | 'settings' | 'user';

export interface NavItem {
  name: MenuEntry['name'];
  to: string;
  labelKey: string;
  icon: NavIcon;
}

// The server's menu says which entries a user has and in what order; the portal decides where each
// one leads (ApiAccount's menu route is the /api-settings area, whose first page is the account list).
const SIDEBAR_ENTRIES: Partial<Record<MenuEntry['name'], Omit<NavItem, 'name'>>> = {
  Dashboard: { to: '/dashboard', labelKey: 'nav.dashboard', icon: 'dashboard' },
  Cashflow: { to: '/cashflow', labelKey: 'nav.cashflow', icon: 'cashflow' },
  ProfitLoss: { to: '/profit', labelKey: 'nav.profitLoss', icon: 'profit' },
  BalanceSheet: { to: '/balance-sheet', labelKey: 'nav.balanceSheet', icon: 'balance' },
  Profile: { to: '/profile-settings', labelKey: 'nav.profile', icon: 'user' },
  // The board list (Tavler): every board of the user, with its sources, sharing and embedding.
  GroupAccount: { to: '/group', labelKey: 'nav.boards', icon: 'boards' },
  ApiAccount: { to: '/api-settings/api-accounts', labelKey: 'nav.configuration', icon: 'settings' },
};

/** Sidebar entries from the user's menu, ordered by `order`; Configuration is pinned to the bottom. */
export function buildNav(menu: readonly Pick<MenuEntry, 'name' | 'order'>[]): {
  main: NavItem[];
  pinned: NavItem | null;
} {
  const items = [...menu]
    .sort((a, b) => a.order - b.order)
    .flatMap((entry) => {
      const item = SIDEBAR_ENTRIES[entry.name];
      return item ? [{ name: entry.name, ...item }] : [];
    });
  return {
    main: items.filter((item) => item.name !== 'ApiAccount'),
    pinned: items.find((item) => item.name === 'ApiAccount') ?? null,
  };
}

/** The super-admin area: the /admin pages and the companies (/customer, /customer/{id}). */
export function isAdminPath(pathname: string): boolean {
  return /^\/(admin|customer)(\/|$)/.test(pathname);
}

/** Spec: the board dropdown shows only if the group-account entry grants View or *. */
export function canViewBoards(menu: readonly Pick<MenuEntry, 'name' | 'permissions'>[]): boolean {
  const entry = menu.find((item) => item.name === 'GroupAccount');
  return !!entry && (entry.permissions.includes('View') || entry.permissions.includes('*'));
}
