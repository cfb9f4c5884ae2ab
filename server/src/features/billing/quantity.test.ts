import type { BillingInvoice, BillingStatus } from '@saldo/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scheduledJob, subscription } from '../../db/schema/index.ts';
import { scheduledJobs } from '../../jobs/scheduled.ts';
import { type BillingTestApp, DAY_SECONDS, loggedInBillingApp } from '../../test/billing-harness.ts';

/**
 * The accountant plan bills each board its owner has: boards made or deleted after checkout change
 * the subscription's quantity in Stripe (the stand-in, through the real client), prorated as Stripe
 * does by default, and a Stripe that cannot be reached never stops a board from being made.
 */

let t: BillingTestApp;
let token: string;

beforeEach(async () => {
  ({ t, token } = await loggedInBillingApp());
});
afterEach(() => t.close());

const post = (path: string, body?: unknown) =>
  t.request(path, { method: 'POST', token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const status = async (): Promise<BillingStatus> => (await t.request('/api/billing/subscription', { token })).json();

async function subscribe(planId: string) {
  const res = await post('/api/billing/checkout', { planId });
  expect((await t.pay((await res.json()).url)).status).toBe(303);
  const [row] = await t.deps.db.select().from(subscription);
  return row!.id;
}

/** Makes a board and waits for its count to reach Stripe; the board's id. */
async function addBoard(name: string): Promise<string> {
  const res = await post('/api/group-account', { name, apis: [] });
  expect(res.status).toBe(201);
  await t.deps.boardQuantity!.settled();
  return (await res.json())._id;
}
async function deleteBoard(id: string) {
  expect((await t.request(`/api/group-account/${id}`, { method: 'DELETE', token })).status).toBe(200);
  await t.deps.boardQuantity!.settled();
}

/** The quantity Stripe bills, as Stripe itself answers. */
const quantityInStripe = async (id: string) => (await t.stripe.subscriptions.retrieve(id)).items.data[0]!.quantity;

describe('the board count of a per-board plan', () => {
  it('follows boards made and deleted in Stripe, and the next invoice bills it with the prorations', async () => {
    const id = await subscribe('accountant');
    expect(await quantityInStripe(id)).toBe(1);

    const klient = await addBoard('Klient AS');
    expect(await quantityInStripe(id)).toBe(2);
    expect((await status()).subscription).toMatchObject({ quantity: 2, amountExclVat: 32000, amountInclVat: 40000 });
    await addBoard('Kunde AS');
    expect(await quantityInStripe(id)).toBe(3);
    await deleteBoard(klient);
    expect(await quantityInStripe(id)).toBe(2);
    expect((await status()).subscription).toMatchObject({ quantity: 2, amountExclVat: 32000 });

    // The renewal bills two boards for the new period and, as Stripe prorates by default, the board
    // added at the start of the period just ended: each change credited and charged for its rest.
    await t.advance(32 * DAY_SECONDS);
    const invoices: BillingInvoice[] = await (await t.request('/api/billing/invoices', { token })).json();
    expect(invoices.map((i) => [i.plan, i.amountExclVat, i.vat, i.amount])).toEqual([
      ['accountant', 2 * 16000 + 16000, 12000, 60000],
      ['accountant', 16000, 4000, 20000],
    ]);
    const renewal = Object.values(t.standin.state.invoices).find((i) => i.billing_reason === 'subscription_cycle')!;
    expect(renewal.lines.data.map((l) => [l.quantity, l.amount])).toEqual([
      [1, -16000],
      [2, 32000],
      [2, -32000],
      [3, 48000],
      [3, -48000],
      [2, 32000],
      [2, 32000],
    ]);
  });

  it('leaves a company plan, and an account without a subscription, at one', async () => {
    await addBoard('Før abonnement AS');
    expect(t.standin.state.subscriptions).toEqual({});
    const id = await subscribe('company');
    await addBoard('Klient AS');
    expect(await quantityInStripe(id)).toBe(1);
    expect((await status()).subscription).toMatchObject({ planId: 'company', quantity: 1, amountInclVat: 60000 });
  });

  it('makes the board when Stripe is down, and the reconcile sends the count once Stripe is back', async () => {
    const id = await subscribe('accountant');
    t.standin.outage(true);
    await addBoard('Klient AS');
    expect((await t.request('/api/group-account', { token })).status).toBe(200);
    // A reconcile while Stripe is still down says that the count did not get there (its job then fails and retries).
    expect(await t.deps.boardQuantity!.reconcile()).toEqual({ outOfLine: 1, failed: 1 });
    t.standin.outage(false);
    expect(await quantityInStripe(id)).toBe(1);
    expect((await status()).subscription!.quantity).toBe(1);

    expect(await t.deps.boardQuantity!.reconcile()).toEqual({ outOfLine: 1, failed: 0 });
    expect(await quantityInStripe(id)).toBe(2);
    expect((await status()).subscription!.quantity).toBe(2);
    // Nothing left to do: a second reconcile changes nothing in Stripe.
    const events = t.standin.state.events.length;
    expect(await t.deps.boardQuantity!.reconcile()).toEqual({ outOfLine: 0, failed: 0 });
    expect(t.standin.state.events.length).toBe(events);
  });
});

describe('the hourly reconcile', () => {
  it('is a scheduled job: retried while Stripe is down, told to the SuperAdmins when it fails for good, in line once Stripe is back', async () => {
    await t.signUp('ops@saldo.no', { role: 'SuperAdmin' });
    const id = await subscribe('accountant');
    t.standin.outage(true);
    await addBoard('Klient AS');
    let at = Date.parse('2026-11-28T10:00:00Z');
    const config = {
      backup: undefined,
      databaseUrl: ':memory:',
      dataDir: t.dataDir,
      baseUrl: 'https://saldo.example.no',
    };
    const runner = scheduledJobs(config, t.deps, { now: () => new Date(at), retryMs: 1000, maxAttempts: 2 })!;
    const mails = async () => (await t.deps.mailer.outbox!.list()).filter((m) => m.to === 'ops@saldo.no');

    await runner.plan();
    expect(await runner.runNext()).toBe(true); // first attempt: Stripe down, retried
    expect(await mails()).toHaveLength(0);
    at += 1000;
    expect(await runner.runNext()).toBe(true); // second and last: failed for good, told
    const [job] = await t.deps.db.select().from(scheduledJob);
    expect(job).toMatchObject({ kind: 'billing-reconcile', status: 'failed', attempts: 2 });
    expect(job!.error).toMatch(/1 of 1 per-board subscriptions/);
    expect(await mails()).toHaveLength(1);
    t.standin.outage(false);
    expect(await quantityInStripe(id)).toBe(1);

    // The next hour's run, with Stripe back, brings the quantity in line.
    at += 60 * 60 * 1000;
    await runner.plan();
    expect(await runner.runNext()).toBe(true);
    expect(await quantityInStripe(id)).toBe(2);
    const rows = await t.deps.db.select().from(scheduledJob).orderBy(scheduledJob.slot);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'done']);
    expect(rows[1]!.result).toBe('1 quantities sent to Stripe');
  });
});
