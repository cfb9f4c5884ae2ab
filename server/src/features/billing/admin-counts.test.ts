import type { AdminSummary, AdminUser } from '@saldo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingTestApp, createBillingTestApp, DAY_SECONDS } from '../../test/billing-harness.ts';

/**
 * The super admin's counts come from the subscriptions: trial, trial ended, paying (active or past
 * due), cancelled (to the period's end, or ended) and free; granting free use still works, except
 * over a running subscription.
 */

let t: BillingTestApp;
let admin: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

async function account(name: string, role: 'User' | 'SuperAdmin' = 'User') {
  const created = await t.signUp(`${name}@example.no`, { role, name });
  ids[name] = created.id;
  tokens[name] = created.token;
}

async function subscribe(name: string) {
  const res = await t.request('/api/billing/checkout', {
    method: 'POST',
    token: tokens[name],
    body: JSON.stringify({ planId: 'company' }),
  });
  expect((await t.pay((await res.json()).url)).status).toBe(303);
}

const summary = async (): Promise<AdminSummary> => (await t.request('/api/admin/summary', { token: admin })).json();
const users = async (): Promise<Record<string, Pick<AdminUser, 'plan' | 'lifecycleStatus'>>> =>
  Object.fromEntries(
    ((await (await t.request('/api/admin/users', { token: admin })).json()) as AdminUser[]).map((u) => [
      u.firstName,
      { plan: u.plan, lifecycleStatus: u.lifecycleStatus },
    ]),
  );
const grant = (name: string, plan: 'free' | 'trial') =>
  t.request(`/api/admin/users/${ids[name]}/plan`, { method: 'PATCH', token: admin, body: JSON.stringify({ plan }) });

beforeAll(async () => {
  t = await createBillingTestApp();
  for (const name of ['kari', 'ola', 'per']) await account(name);
  await account('sjef', 'SuperAdmin');
  admin = tokens.sjef!;
  ids.demo = t.userId;
  tokens.demo = (await t.login()).jwtToken;
});
afterAll(() => t.close());

describe('the admin counts', () => {
  it('count paying and cancelled accounts from their subscriptions, and free use as granted', async () => {
    await subscribe('demo');
    await subscribe('kari');
    await t.request('/api/billing/cancel', { method: 'POST', token: tokens.kari });
    expect((await grant('per', 'free')).status).toBe(200);

    expect(await summary()).toEqual({
      companies: 1,
      users: 5,
      trial: 2,
      trialEnded: 0,
      paying: 1,
      cancelled: 1,
      free: 1,
      deactivated: 0,
    });
    expect(await users()).toMatchObject({
      Demo: { plan: 'paid', lifecycleStatus: 'active' },
      kari: { plan: 'paid', lifecycleStatus: 'cancelled' },
      ola: { plan: 'trial', lifecycleStatus: 'trial' },
      per: { plan: 'free', lifecycleStatus: 'active' },
    });

    // A month on: the demo account renewed, Kari's subscription ended, the trials are over.
    await t.advance(32 * DAY_SECONDS);
    expect(await summary()).toMatchObject({ trial: 0, trialEnded: 2, paying: 1, cancelled: 1, free: 1 });
    expect((await users()).kari).toEqual({ plan: 'paid', lifecycleStatus: 'ended' });
  });

  it('grants free use over an ended subscription, and refuses it over a running one', async () => {
    const refused = await grant('demo', 'free');
    expect([refused.status, (await refused.json()).code]).toEqual([409, 'PLAN_SET_BY_BILLING']);
    expect((await grant('kari', 'free')).status).toBe(200);
    expect(await summary()).toMatchObject({ paying: 1, cancelled: 0, free: 2 });
    const state = await (await t.request('/api/billing/subscription', { token: tokens.kari })).json();
    expect(state).toMatchObject({ state: 'free', readOnly: false });

    // Revoked, the ended subscription counts again.
    expect((await grant('kari', 'trial')).status).toBe(200);
    expect(await summary()).toMatchObject({ cancelled: 1, free: 1 });
  });
});
