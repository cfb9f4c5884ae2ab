import { type MenuEntry, PARTNER_TEST_ROUTE } from '@saldo/contract';

export type Role = 'User' | 'SuperAdmin';

const userMenu: MenuEntry[] = [
  { name: 'Dashboard', menuName: 'Dashboard', route: '/dashboard', order: 1, permissions: ['View'] },
  { name: 'Cashflow', menuName: 'Cashflow', route: '/cashflow', order: 2, permissions: ['View'] },
  { name: 'ProfitLoss', menuName: 'Profit & Loss', route: '/profit', order: 3, permissions: ['View'] },
  { name: 'BalanceSheet', menuName: 'Balance Sheet', route: '/balance-sheet', order: 4, permissions: ['View'] },
  { name: 'ApiAccount', menuName: 'Configuration', route: '/api-settings', order: 5, permissions: ['*'] },
  { name: 'Profile', menuName: 'Profile', route: '/profile-settings', order: 6, permissions: ['*'] },
  { name: 'GroupAccount', menuName: 'Boards', route: '/group', order: 7, permissions: ['*'] },
  { name: 'SyncBoard', menuName: 'Sync', route: '/sync-board', order: 8, permissions: ['Sync'] },
];

/** The super-admin area: the /admin pages and the companies (/customer, /customer/{id}). */
const adminEntries: MenuEntry[] = [
  { name: 'Admin', menuName: 'Super Admin Panel', route: '/admin', order: 9, permissions: ['*'] },
  { name: 'Customer', menuName: 'Companies', route: '/customer', order: 10, permissions: ['*'] },
];

/** SPEC §2: the partner-integration test page is a special link shown to one specific user only. */
const partnerTestEntry: MenuEntry = {
  name: 'PartnerIntegrationTest',
  menuName: 'Partner integration test',
  route: PARTNER_TEST_ROUTE,
  order: 11,
  permissions: ['*'],
};

export interface MenuOptions {
  partnerTester?: boolean;
  /**
   * A user who owns no board and only views boards others shared with them (SPEC §6: the menu and its
   * permissions come from the user's roles): GroupAccount grants View, which still shows the board
   * dropdown, and SyncBoard nothing, so the sync control is hidden. Rights on each board are the
   * server's board check (features/boards/access.ts); this only keeps the portal from offering what
   * they lack.
   */
  viewsOnly?: boolean;
  /**
   * A member of boards others own, with no board or source of their own (billing/payer.ts): they pay
   * nothing, so the portal offers them no source or board of their own. ApiAccount grants View: the
   * sources page lists the sources of the boards they are on; their boards keep their roles' rights.
   */
  member?: boolean;
}

/** The menu list the server hands out; the portal shows and guards routes from it. */
export function menuFor(role: string, options: MenuOptions = {}): MenuEntry[] {
  let menu =
    role === 'SuperAdmin'
      ? [...userMenu.map((entry) => ({ ...entry, permissions: ['*'] })), ...adminEntries]
      : userMenu;
  if (options.viewsOnly)
    menu = menu.map((entry) =>
      entry.name === 'SyncBoard'
        ? { ...entry, permissions: [] }
        : entry.name === 'GroupAccount'
          ? { ...entry, permissions: ['View'] }
          : entry,
    );
  if (options.member)
    menu = menu.map((entry) => (entry.name === 'ApiAccount' ? { ...entry, permissions: ['View'] } : entry));
  return options.partnerTester ? [...menu, partnerTestEntry] : menu;
}

/** True when the role's menu grants `permission` on the entry named `name`. */
export function can(role: string, name: MenuEntry['name'], permission: string): boolean {
  const entry = menuFor(role).find((m) => m.name === name);
  return !!entry && (entry.permissions.includes('*') || entry.permissions.includes(permission));
}
