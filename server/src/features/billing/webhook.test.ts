import type { BillingStatus } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditEvent, billingEvent, billingInvoice, subscription } from '../../db/schema/index.ts';
import { MAX_JSON_BODY_BYTES } from '../../http/body-limit.ts';
import { type BillingTestApp, DAY_SECONDS, loggedInBillingApp, WEBHOOK_URL } from '../../test/billing-harness.ts';
import type { Event } from '../../test/stripe-standin/objects.ts';
import { signatureHeader } from '../../test/stripe-standin/webhooks.ts';

/**
 * Stripe's webhooks at POST /api/billing/webhook: only a body signed with the endpoint's secret
 * (checked by stripe.webhooks.constructEvent on the exact bytes), each event applied once, and events
 * that arrive out of order leave the state the newest of them describes.
 */

let t: BillingTestApp;
let token: string;

beforeEach(async () => {
  ({ t, token } = await loggedInBillingApp());
});
afterEach(() => t.close());

const secret = () => t.deps.billing!.webhookSecret;
const seconds = () => Math.floor(t.now() / 1000);
const status = async (): Promise<BillingStatus> => (await t.request('/api/billing/subscription', { token })).json();

function deliver(payload: string, signature: string | null, init: RequestInit = {}) {
  return t.app.request(WEBHOOK_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
    ...init,
  });
}
/** A refusal's status and error code. */
const answer = async (res: Response) => [res.status, ((await res.json()) as { code?: string }).code];
const signed = (event: unknown, at = seconds(), key = secret()) => {
  const payload = JSON.stringify(event, null, 2);
  return deliver(payload, signatureHeader(payload, key, at));
};

async function checkout() {
  const res = await t.request('/api/billing/checkout', {
    method: 'POST',
    token,
    body: JSON.stringify({ planId: 'company' }),
  });
  expect((await t.pay((await res.json()).url)).status).toBe(303);
}

/** The events the stand-in made while `act` ran, held back from the app. */
async function held(act: () => Promise<unknown>): Promise<Event[]> {
  const from = t.standin.state.events.length;
  t.standin.holdWebhooks();
  await act();
  return t.standin.state.events.slice(from);
}

const counts = async () => ({
  events: await t.deps.db.$count(billingEvent),
  subscriptions: await t.deps.db.$count(subscription),
  invoices: await t.deps.db.$count(billingInvoice),
});

describe('the signature', () => {
  it("accepts Stripe's signature of the exact body, and refuses a wrong key, none, a changed body or an old one", async () => {
    const events = await held(checkout);
    const created = events.find((e) => e.type === 'customer.subscription.created')!;
    const none = { events: 0, subscriptions: 0, invoices: 0 };

    const wrongKey = await signed(created, seconds(), 'whsec_not_the_endpoints');
    expect(await answer(wrongKey)).toEqual([400, 'WEBHOOK_SIGNATURE_INVALID']);
    const unsigned = await deliver(JSON.stringify(created), null);
    expect(await answer(unsigned)).toEqual([400, 'WEBHOOK_SIGNATURE_INVALID']);
    const payload = JSON.stringify(created, null, 2);
    const changed = await deliver(
      payload.replace('"incomplete"', '"active"'),
      signatureHeader(payload, secret(), seconds()),
    );
    expect(await answer(changed)).toEqual([400, 'WEBHOOK_SIGNATURE_INVALID']);
    // Older than constructEvent's five minutes: a captured delivery cannot be played back later.
    const old = await signed(created, seconds() - 6 * 60);
    expect(old.status).toBe(400);
    expect(await counts()).toEqual(none);

    const good = await signed(created);
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ received: true, duplicate: false });
    expect(await counts()).toEqual({ events: 1, subscriptions: 1, invoices: 0 });
  });

  it('verifies the raw bytes whether the body comes with a Content-Length or streamed, within the body limit', async () => {
    const [event] = await held(checkout);
    const payload = JSON.stringify(event, null, 2);
    const bytes = new TextEncoder().encode(payload);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 100) controller.enqueue(bytes.slice(i, i + 100));
        controller.close();
      },
    });
    const res = await deliver('', signatureHeader(payload, secret(), seconds()), {
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(await t.deps.db.$count(billingEvent)).toBe(1);

    const big = JSON.stringify({ ...event, id: 'evt_big', padding: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    const tooBig = await deliver(big, signatureHeader(big, secret(), seconds()));
    expect(await answer(tooBig)).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await t.deps.db.$count(billingEvent)).toBe(1);
  });
});

describe('an event delivered twice', () => {
  it('is applied once: the second delivery is answered and changes nothing', async () => {
    await checkout();
    await t.request('/api/billing/cancel', { method: 'POST', token });
    const cancel = t.standin.state.events.findLast((e) => e.type === 'customer.subscription.updated')!;
    await t.request('/api/billing/reactivate', { method: 'POST', token });
    const reactivate = t.standin.state.events.findLast((e) => e.type === 'customer.subscription.updated')!;
    const before = await t.deps.db.select().from(subscription);
    expect(before[0]!.cancelAtPeriodEnd).toBe(false);

    // Later, Stripe delivers both again (retries after a timeout, say): neither is applied again.
    await t.advance(60);
    for (const event of [cancel, reactivate]) {
      const again = await signed(event);
      expect(await again.json()).toEqual({ received: true, duplicate: true });
    }
    expect(await t.deps.db.select().from(subscription)).toEqual(before);
    expect((await status()).state).toBe('active');
  });

  it('leaves nothing half written when applying fails, so the next delivery applies it whole', async () => {
    const events = await held(checkout);
    const created = events.find((e) => e.type === 'customer.subscription.created')!;
    const broken = structuredClone(created) as Event & { data: { object: { items: unknown } } };
    broken.data.object.items = null;
    const failed = await signed(broken);
    expect(failed.status).toBe(500);
    expect(await counts()).toEqual({ events: 0, subscriptions: 0, invoices: 0 });
    expect((await signed(created)).status).toBe(200);
    expect(await counts()).toEqual({ events: 1, subscriptions: 1, invoices: 0 });
  });

  it('records an event type it does not act on, and answers it', async () => {
    const res = await signed({
      id: 'evt_customer_created',
      object: 'event',
      api_version: '2026-10-28.endive',
      created: seconds(),
      livemode: false,
      pending_webhooks: 1,
      type: 'customer.created',
      data: { object: { id: 'cus_x', object: 'customer' } },
      request: { id: null, idempotency_key: null },
    });
    expect(await res.json()).toEqual({ received: true, duplicate: false });
    expect(await t.deps.db.$count(billingEvent)).toBe(1);
  });
});

describe('events out of order', () => {
  const reversed = (events: Event[]) => [...events].reverse();

  it('ends a checkout active with its invoice paid, whatever order its events come in', async () => {
    await held(checkout);
    await t.standin.sendHeld(reversed);
    expect((await status()).state).toBe('active');
    const [invoice] = await t.deps.db.select().from(billingInvoice);
    expect(invoice).toMatchObject({ status: 'paid', total: 60000 });
    expect(invoice!.number).toMatch(/-0001$/);
  });

  it('keeps the later of a cancellation and a reactivation', async () => {
    await checkout();
    const [{ id }] = (await t.deps.db.select({ id: subscription.id }).from(subscription)) as [{ id: string }];
    await held(async () => {
      await t.stripe.subscriptions.update(id, { cancel_at_period_end: true });
      await t.standin.advance(60);
      await t.stripe.subscriptions.update(id, { cancel_at_period_end: false });
    });
    await t.standin.sendHeld(reversed);
    expect(await status()).toMatchObject({ state: 'active', subscription: { cancelAtPeriodEnd: false } });
  });

  it("asks Stripe when changes of the same second arrive the other way round, and keeps Stripe's state", async () => {
    await checkout();
    const [{ id }] = (await t.deps.db.select({ id: subscription.id }).from(subscription)) as [{ id: string }];
    const sameSecond = async (...cancels: boolean[]) => {
      await t.standin.advance(60);
      const events = await held(async () => {
        for (const cancel of cancels) await t.stripe.subscriptions.update(id, { cancel_at_period_end: cancel });
      });
      // Nothing in the snapshots orders them: one status, one period, one second.
      expect(new Set(events.map((e) => `${e.type} ${e.created}`))).toEqual(
        new Set([`customer.subscription.updated ${seconds()}`]),
      );
      expect(events).toHaveLength(cancels.length);
      await t.standin.sendHeld(reversed);
    };

    await sameSecond(true, false);
    expect(await status()).toMatchObject({ state: 'active', subscription: { cancelAtPeriodEnd: false } });
    await sameSecond(true, false, true);
    expect(await status()).toMatchObject({ state: 'cancelled', subscription: { cancelAtPeriodEnd: true } });
  });

  it('keeps a subscription ended when an older update arrives after its end', async () => {
    await checkout();
    const [{ id }] = (await t.deps.db.select({ id: subscription.id }).from(subscription)) as [{ id: string }];
    const events = await held(async () => {
      await t.stripe.subscriptions.update(id, { cancel_at_period_end: true });
      await t.standin.advance(32 * DAY_SECONDS);
    });
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);
    await t.standin.sendHeld(reversed);
    expect(await status()).toMatchObject({ state: 'ended', readOnly: true, subscription: { status: 'canceled' } });
  });

  it('keeps an invoice paid and the subscription active when the failure before the payment arrives last', async () => {
    await checkout();
    const [sub] = await t.deps.db.select().from(subscription);
    const pm = await t.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: sub!.customerId });
    await t.stripe.customers.update(sub!.customerId, { invoice_settings: { default_payment_method: pm.id } });
    const events = await held(async () => {
      await t.standin.advance(31 * DAY_SECONDS);
      const open = Object.values(t.standin.state.invoices).find((i) => i.status === 'open')!;
      await t.standin.advance(60);
      const paid = await fetch(open.hosted_invoice_url!, {
        method: 'POST',
        body: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' }),
      });
      expect(paid.status).toBe(200);
    });
    expect(events.map((e) => e.type)).toContain('invoice.payment_failed');
    await t.standin.sendHeld(reversed);
    expect(await status()).toMatchObject({ state: 'active', payUrl: null });
    const invoices = await t.deps.db.select().from(billingInvoice);
    expect(invoices.map((i) => i.status).sort()).toEqual(['paid', 'paid']);
  });
});

describe('the audit trail of plan changes', () => {
  it('records what Stripe tells of with no person as actor, and a change made in Saldo once, by its route', async () => {
    await checkout();
    const [{ id, userId }] = (await t.deps.db
      .select({ id: subscription.id, userId: subscription.userId })
      .from(subscription)) as [{ id: string; userId: string }];
    // In Saldo: the route records it; Stripe's event about it arrives after and records nothing more.
    expect((await t.request('/api/billing/cancel', { method: 'POST', token })).status).toBe(200);
    // In Stripe's dashboard: withdrawn, cancelled again, then the period ends.
    await t.advance(60);
    await t.stripe.subscriptions.update(id, { cancel_at_period_end: false });
    await t.advance(60);
    await t.stripe.subscriptions.update(id, { cancel_at_period_end: true });
    await t.advance(32 * DAY_SECONDS);

    const records = await t.deps.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.action, 'plan.changed'))
      .orderBy(auditEvent.id);
    expect(
      records.map((r) => [r.actorId === null ? 'Stripe' : r.actorId, r.target.change, r.target.from, r.target.to]),
    ).toEqual([
      ['Stripe', 'subscribed', null, 'company'],
      [userId, 'cancel', 'company', null],
      ['Stripe', 'reactivate', null, 'company'],
      ['Stripe', 'cancel', 'company', null],
      ['Stripe', 'ended', 'company', null],
    ]);
    for (const r of records.filter((r) => r.actorId === null)) expect(r.target).toMatchObject({ userId, by: 'stripe' });

    // Stripe delivering every event again records nothing more.
    for (const event of t.standin.state.events) await signed(event);
    expect(await t.deps.db.$count(auditEvent, eq(auditEvent.action, 'plan.changed'))).toBe(records.length);
  });
});
