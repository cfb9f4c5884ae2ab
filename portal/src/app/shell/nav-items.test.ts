import type { MenuEntry } from '@saldo/contract';
import { describe, expect, it } from 'vitest';
import { buildNav, canViewBoards, isAdminPath } from './nav-items';

const entry = (name: MenuEntry['name'], order: number, permissions = ['View']) => ({ name, order, permissions });

describe('buildNav', () => {
  it('lists the boards (Tavler) where the menu grants them', () => {
    const nav = buildNav([entry('Dashboard', 1), entry('GroupAccount', 7, ['*'])]);
    expect(nav.main).toEqual([
      { name: 'Dashboard', to: '/dashboard', labelKey: 'nav.dashboard', icon: 'dashboard' },
      { name: 'GroupAccount', to: '/group', labelKey: 'nav.boards', icon: 'boards' },
    ]);
  });

  it('orders entries by `order` and pins Configuration to the bottom', () => {
    const nav = buildNav([
      entry('ApiAccount', 1),
      entry('BalanceSheet', 4),
      entry('Dashboard', 2),
      entry('ProfitLoss', 3),
      entry('Cashflow', 2.5),
      entry('SyncBoard', 0),
      entry('Profile', 6),
    ]);
    expect(nav.main.map((item) => item.name)).toEqual([
      'Dashboard',
      'Cashflow',
      'ProfitLoss',
      'BalanceSheet',
      'Profile',
    ]);
    expect(nav.main.at(-1)).toMatchObject({ to: '/profile-settings', labelKey: 'nav.profile' });
    expect(nav.pinned).toMatchObject({
      name: 'ApiAccount',
      labelKey: 'nav.configuration',
      to: '/api-settings/api-accounts',
    });
  });

  it('shows only what the menu grants', () => {
    const nav = buildNav([entry('Dashboard', 1)]);
    expect(nav.main.map((item) => item.to)).toEqual(['/dashboard']);
    expect(nav.pinned).toBeNull();
  });
});

describe('canViewBoards', () => {
  it('needs the group-account entry with View or *', () => {
    expect(canViewBoards([entry('GroupAccount', 7, ['*'])])).toBe(true);
    expect(canViewBoards([entry('GroupAccount', 7, ['View'])])).toBe(true);
    expect(canViewBoards([entry('GroupAccount', 7, ['Sync'])])).toBe(false);
    expect(canViewBoards([entry('Dashboard', 1)])).toBe(false);
  });
});

describe('isAdminPath', () => {
  it('is the /admin pages and the companies, nothing that merely starts alike', () => {
    for (const path of ['/admin', '/admin/dashboard', '/admin/free-customers', '/customer', '/customer/b1'])
      expect(isAdminPath(path), path).toBe(true);
    for (const path of ['/', '/dashboard', '/customers-of-mine', '/administrator', '/profit'])
      expect(isAdminPath(path), path).toBe(false);
  });
});
