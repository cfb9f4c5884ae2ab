import type { AdminCompany, AdminCompanyDetail, AdminRegistrations, AdminSummary, AdminUser } from '@saldo/contract';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { $, $$, click, freshScreen, renderRoutes, settle, text, typeInto } from '../../test/render';
import { AdminUsersPage } from './admin-users-page';
import { CustomerDetailPage } from './customer-detail-page';
import { CustomersPage } from './customers-page';
import { AdminFreeCustomersPage } from './free-customers-page';
import { AdminRegistrationPage } from './registration-page';

const user = (over: Partial<AdminUser>): AdminUser => ({
  _id: 'u1',
  firstName: 'Kari',
  lastName: 'Nordmann',
  email: 'kari@example.no',
  companyName: 'Kari AS',
  role: 'User',
  status: 'active',
  plan: 'trial',
  trialEndsAt: '2026-12-05T10:00:00.000Z',
  lifecycleStatus: 'trial',
  isVerified: true,
  createdAt: '2026-11-21T10:00:00.000Z',
  lastLoginAt: null,
  apiCount: 2,
  boardCount: 1,
  ...over,
});
const USERS = [
  user({}),
  user({
    _id: 'u2',
    firstName: 'Ola',
    lastName: 'Hansen',
    email: 'ola@regnskap.no',
    plan: 'free',
    lifecycleStatus: 'active',
  }),
  user({
    _id: 'u3',
    firstName: 'Per',
    lastName: 'Berg',
    email: 'per@x.no',
    status: 'deactivated',
    lifecycleStatus: 'deactivated',
  }),
];
const SUMMARY: AdminSummary = {
  companies: 4,
  users: 3,
  trial: 1,
  trialEnded: 0,
  paying: 0,
  cancelled: 0,
  free: 1,
  deactivated: 1,
};

async function render(path: string, pattern: string, node: ReactNode) {
  renderRoutes([{ path: pattern, element: node }], path);
  await settle();
}

freshScreen();

describe('AdminUsersPage', () => {
  it('shows the counts and the users, filters by search, and deactivates after confirming', async () => {
    let users = USERS;
    const calls = stubFetch((call) => {
      if (call.url.endsWith('/api/admin/summary')) return json(200, SUMMARY);
      if (call.url.endsWith('/api/admin/users')) return json(200, users);
      if (call.method === 'PATCH') {
        users = users.map((u) =>
          u._id === 'u1' ? { ...u, status: 'deactivated', lifecycleStatus: 'deactivated' } : u,
        );
        return json(200, users[0]);
      }
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    });
    await render('/admin/dashboard', '/admin/dashboard', <AdminUsersPage />);
    expect($('[data-testid=admin-users]')).not.toBeNull();
    expect(text('[data-testid=admin-summary-companies] dd')).toBe('4');
    expect(text('[data-testid=admin-summary-deactivated] dt')).toBe('Deactivated');
    expect($$('[data-testid=admin-user-row]')).toHaveLength(3);
    expect($$('[data-testid=lifecycle-status]').map((e) => e.getAttribute('data-status'))).toEqual([
      'trial',
      'active',
      'deactivated',
    ]);
    expect($$('[data-testid=admin-nav] a').map((a) => a.getAttribute('href'))).toEqual([
      '/admin/dashboard',
      '/admin/free-customers',
      '/admin/registration',
      '/admin/audit',
      '/customer',
    ]);

    await typeInto($('[data-testid=admin-user-search]'), 'regnskap');
    expect($$('[data-testid=admin-user-row]').map((r) => r.getAttribute('data-email'))).toEqual(['ola@regnskap.no']);
    await typeInto($('[data-testid=admin-user-search]'), 'nobody');
    expect(text('[data-testid=admin-users-empty]')).toBe('No users match the search.');
    await typeInto($('[data-testid=admin-user-search]'), '');

    await click($('[data-testid=admin-user-row] [data-testid=deactivate-user]'));
    expect(text('[data-testid=user-status-confirm]')).toContain('kari@example.no');
    await click($('[data-testid=confirm-ok]'));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/admin/users/u1/status',
      body: { status: 'deactivated' },
    });
    expect(text('[data-testid=notification]')).toContain('The user is deactivated');
    expect($('[data-testid=admin-user-row] [data-testid=activate-user]')).not.toBeNull();
  });

  it('shows the error banner when the API refuses', async () => {
    stubFetch(() => json(403, { code: 'FORBIDDEN', message: 'You do not have access to this resource' }));
    await render('/admin/dashboard', '/admin/dashboard', <AdminUsersPage />);
    expect($$('[role=alert]').map((e) => e.textContent)).toContain('You do not have access to this resource');
  });
});

describe('AdminFreeCustomersPage', () => {
  it('lists the free customers, refuses an unknown e-mail and grants free use to a known one', async () => {
    const calls = stubFetch((call) =>
      call.method === 'PATCH' ? json(200, { ...USERS[0], plan: 'free' }) : json(200, USERS),
    );
    await render('/admin/free-customers', '/admin/free-customers', <AdminFreeCustomersPage />);
    expect($$('[data-testid=admin-free-customers-row]').map((r) => r.getAttribute('data-email'))).toEqual([
      'ola@regnskap.no',
    ]);
    const input = $<HTMLInputElement>('[data-testid=grant-free-email]');
    await typeInto(input, 'nobody@example.no');
    await click($('[data-testid=grant-free]'));
    expect(text('[data-testid=grant-free-error]')).toBe('No user found');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await typeInto(input, ' KARI@example.no ');
    await click($('[data-testid=grant-free]'));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/admin/users/u1/plan',
      body: { plan: 'free' },
    });
    expect(text('[data-testid=notification]')).toContain('Free use is granted');
  });

  it('has an empty state', async () => {
    stubFetch(() => json(200, [USERS[0]]));
    await render('/admin/free-customers', '/admin/free-customers', <AdminFreeCustomersPage />);
    expect($('[data-testid=admin-free-customers-empty]')).not.toBeNull();
  });
});

describe('AdminRegistrationPage', () => {
  it('asks for the last 12 months and shows the month table and the registrations', async () => {
    const body: AdminRegistrations = {
      from: '2025-12-01',
      to: '2026-11-21',
      months: [
        { month: '2026-10', registrations: 0, verified: 0 },
        { month: '2026-11', registrations: 2, verified: 1 },
      ],
      users: [
        {
          id: 'u1',
          name: 'Kari Nordmann',
          email: 'kari@example.no',
          companyName: null,
          createdAt: '2026-11-21T10:00:00.000Z',
          isVerified: false,
          integrationPartnerId: null,
        },
      ],
    };
    const calls = stubFetch(() => json(200, body));
    await render('/admin/registration', '/admin/registration', <AdminRegistrationPage />);
    expect(calls[0]!.url).toMatch(/^\/api\/admin\/registrations\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
    expect($$('[data-testid=registration-month-row]').map((r) => r.textContent)).toEqual(['2026/1000', '2026/1121']);
    expect(text('[data-testid=registration-months] tfoot')).toBe('Total21');
    expect($$('[data-testid=admin-registration-row]')).toHaveLength(1);
    expect(text('[data-testid=admin-registration-row]')).toContain('2026/11/21');
  });
});

describe('CustomersPage and CustomerDetailPage', () => {
  it('links every company to its details', async () => {
    const companies: AdminCompany[] = [
      {
        _id: 'b1',
        name: 'Nordlys AS',
        owner: { id: 'u1', name: 'Kari Nordmann', email: 'kari@example.no' },
        apiCount: 1,
        lastSyncedAt: null,
        widgetCount: 3,
        hasPublicLink: true,
        createdAt: '2026-11-01T00:00:00.000Z',
      },
    ];
    stubFetch(() => json(200, companies));
    await render('/customer', '/customer', <CustomersPage />);
    expect($$('[data-testid=customers-row]')).toHaveLength(1);
    expect($('[data-testid=customers-row] a')?.getAttribute('href')).toBe('/customer/b1');
  });

  it("shows a company's owner and API accounts", async () => {
    const detail: AdminCompanyDetail = {
      _id: 'b1',
      name: 'Nordlys AS',
      createdAt: '2026-11-01T00:00:00.000Z',
      hasPublicLink: false,
      owner: USERS[0]!,
      apiAccounts: [
        { _id: 'a1', name: 'Nordlys (demo)', provider: 'demo', type: 'manual', lastSyncedAt: null, isInvalid: true },
      ],
      subBoardCount: 2,
      widgetCount: 5,
    };
    const calls = stubFetch(() => json(200, detail));
    await render('/customer/b1', '/customer/:id', <CustomerDetailPage />);
    expect(calls[0]!.url).toBe('/api/admin/companies/b1');
    expect(text('.page__title')).toBe('Nordlys AS');
    expect(text('[data-testid=customer-owner]')).toContain('kari@example.no');
    expect($('[data-testid=customer-owner] [data-testid=deactivate-user]')).not.toBeNull();
    expect(text('[data-testid=customer-api-row]')).toContain('Invalid');
    expect($('[data-testid=customer-back]')?.getAttribute('href')).toBe('/customer');
  });

  it('says so when the company does not exist', async () => {
    stubFetch(() => json(404, { code: 'COMPANY_NOT_FOUND', message: 'Company not found' }));
    await render('/customer/nope', '/customer/:id', <CustomerDetailPage />);
    expect(text('[data-testid=customer-not-found]')).toContain('Company not found');
  });
});
