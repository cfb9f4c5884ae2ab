import { describe, expect, it } from 'vitest';
import { decideAccess, menuAllows } from './route-guard';

// The menu the server gives the demo user (server/src/access/menu.ts), routes only.
const fullMenu = ['/dashboard', '/cashflow', '/profit', '/balance-sheet', '/api-settings', '/profile-settings'].map(
  (route) => ({ route }),
);

describe('decideAccess', () => {
  it('sends an anonymous visitor to /login with the full current address', () => {
    expect(decideAccess('/profit?year=2025', null)).toBe('/login?redirect=%2Fprofit%3Fyear%3D2025');
    expect(decideAccess('/', null)).toBe('/login?redirect=%2F');
  });

  it('lets a user in to routes in their menu, their sub-pages and "/"', () => {
    expect(decideAccess('/cashflow', { menu: fullMenu })).toBe('allow');
    expect(decideAccess('/dashboard?subBoardId=abc', { menu: fullMenu })).toBe('allow');
    expect(decideAccess('/', { menu: fullMenu })).toBe('allow');
    expect(decideAccess('/api-settings/api-accounts', { menu: fullMenu })).toBe('allow');
    expect(decideAccess('/profile-settings/personal-information/', { menu: fullMenu })).toBe('allow');
  });

  it('sends a user whose menu lacks the route to /dashboard', () => {
    const viewer = { menu: [{ route: '/dashboard' }, { route: '/profit' }] };
    expect(decideAccess('/cashflow', viewer)).toBe('/dashboard');
    expect(decideAccess('/admin/dashboard', { menu: fullMenu })).toBe('/dashboard');
    // A prefix of a name is not a parent route.
    expect(decideAccess('/profitability', viewer)).toBe('/dashboard');
  });

  it('never bounces the dashboard itself, which would loop', () => {
    expect(decideAccess('/dashboard', { menu: [] })).toBe('allow');
    expect(decideAccess('/', { menu: [] })).toBe('allow');
  });

  it("opens the help's What's new page to every signed-in user, and to nobody else", () => {
    expect(decideAccess('/whats-new', { menu: [] })).toBe('allow');
    expect(decideAccess('/whats-new', null)).toBe('/login?redirect=%2Fwhats-new');
    expect(decideAccess('/whats-new/other', { menu: [] })).toBe('/dashboard');
  });
});

describe('menuAllows', () => {
  it('matches a parent area to a menu entry for one of its pages', () => {
    expect(menuAllows('/api-settings', [{ route: '/api-settings/api-accounts' }])).toBe(true);
    expect(menuAllows('/api-settings/billing', [{ route: '/api-settings/api-accounts' }])).toBe(false);
  });

  it('accepts menu routes written without a leading slash', () => {
    expect(menuAllows('/cashflow', [{ route: 'cashflow' }])).toBe(true);
  });
});
