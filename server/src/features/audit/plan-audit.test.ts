import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditEvent } from '../../db/schema/index.ts';
import { DEMO_USER } from '../../seed.ts';
import { type BillingTestApp, loggedInBillingApp } from '../../test/billing-harness.ts';

/**
 * Issue 31: a plan change, a cancellation and a reactivation made in Saldo are recorded, by the person who
 * made them, with the subscription they change (Stripe's events about them record nothing more).
 */

const IP = '198.51.100.4';
let t: BillingTestApp;
let token: string;

beforeEach(async () => {
  ({ t, token } = await loggedInBillingApp({ trustedProxies: ['local'] }));
});
afterEach(() => t.close());

const post = (path: string, body?: unknown) =>
  t.request(path, {
    method: 'POST',
    token,
    headers: { 'x-forwarded-for': IP },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('plan.changed', () => {
  it('records a change of plan, a cancellation and a reactivation, by the account’s user, as its own (no board)', async () => {
    const checkout = await post('/api/billing/checkout', { planId: 'company' });
    expect(checkout.status).toBe(200);
    expect((await t.pay((await checkout.json()).url)).status).toBeLessThan(400);
    expect((await post('/api/billing/change-plan', { planId: 'accountant' })).status).toBe(200);
    expect((await post('/api/billing/cancel')).status).toBe(200);
    expect((await post('/api/billing/reactivate')).status).toBe(200);
    const rows = await t.deps.db.select().from(auditEvent).orderBy(auditEvent.id);
    expect(rows.map((r) => [r.action, r.target])).toEqual([
      // The checkout is paid on Stripe's page: Stripe tells of it (billing/webhook.ts), with no person as actor.
      ['plan.changed', { change: 'subscribed', from: null, to: 'company', userId: t.userId, by: 'stripe' }],
      ['plan.changed', { change: 'plan', from: 'company', to: 'accountant' }],
      ['plan.changed', { change: 'cancel', from: 'accountant', to: null }],
      ['plan.changed', { change: 'reactivate', from: null, to: 'accountant' }],
    ]);
    expect(rows[0]).toMatchObject({ actorId: null, actorEmail: null, groupId: null, ip: null });
    for (const row of rows.slice(1))
      expect(row).toMatchObject({ actorId: t.userId, actorEmail: DEMO_USER.email, groupId: null, ip: IP });
  });
});
