import type { CheckoutResponse } from '@saldo/contract';
import { billingApi } from '@saldo/contract/api/billing';
import type Stripe from 'stripe';
import { PUBLIC, USER } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { recordAudit, whoOf } from '../audit/record.ts';
import { accountOf, billingStatus, ensureCustomer, invoicesOf, liveSubscription } from './account.ts';
import { usesOthersBoardsOnly } from './payer.ts';
import { newestSubscription, ownedBoards } from './queries.ts';
import { billingState } from './state.ts';
import { type Billing, callStripe } from './stripe.ts';
import { applyEvent, ownChangeKey, saveSubscriptionAtOnce } from './webhook.ts';

/**
 * Billing (SPEC §1, §3, §4): the plans, the account's subscription through Stripe Checkout, cancel and
 * reactivate before the period ends, a change of plan, the order history, and Stripe's webhooks. Who
 * may call each route is its rule below; the webhook has no session, its signature is its check.
 */
/** What the handlers share, built once per app from its deps. */
const shared = perApp((deps: RouteDeps) => {
  const { db, plans } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const status = (userId: string) => billingStatus(db, plans, !!deps.billing, userId, now());

  const required = (): Billing => {
    if (!deps.billing) throw new ApiError('BILLING_NOT_CONFIGURED');
    return deps.billing;
  };

  /**
   * Stores the subscription Stripe answered with, so the page shows the change at once. It keeps the
   * stored event time: the webhooks that follow stay the judges of order.
   */
  async function saveAnswer(sub: Stripe.Subscription, eventAt: Date, audit: Parameters<typeof recordPlan>[0]) {
    await saveSubscriptionAtOnce(db, plans, sub, eventAt, now(), recordPlan(audit));
  }

  /** The plan change's record, written with the subscription Stripe answered (an account's own: no board). */
  const recordPlan =
    ({ c, ...target }: { c: Parameters<typeof whoOf>[0]; change: string; from: string | null; to: string | null }) =>
    (tx: Parameters<typeof recordAudit>[0]) =>
      recordAudit(tx, whoOf(c, now().getTime()), { action: 'plan.changed', groupId: null, target });

  /** What a plan bills for: one company, or each board the account owns (at least one). */
  const quantityOf = async (unit: 'company' | 'board', userId: string) =>
    unit === 'board' ? Math.max(1, await ownedBoards(db, userId)) : 1;
  return { db, now, plans, quantityOf, required, saveAnswer, status };
});

export const billingRoutes = [
  serve(billingApi.plans, PUBLIC, (c, deps) => {
    const { plans } = shared(deps);
    return c.json(plans.plans.map(plans.toApi));
  }),
  serve(billingApi.subscription, USER, async (c, deps) => {
    const { status } = shared(deps);
    return c.json(await status(c.get('user').id));
  }),
  serve(billingApi.checkout, USER, async (c, deps) => {
    const { db, now, plans, quantityOf, required } = shared(deps);
    // A member of others' boards is covered by the owners' plans (payer.ts): nothing to buy.
    if (await usesOthersBoardsOnly(db, c.get('user').id)) throw new ApiError('BILLING_MEMBER');
    const billing = required();
    const plan = plans.byId(c.req.valid('json').planId);
    if (!plan) throw new ApiError('PLAN_NOT_FOUND');
    const account = await accountOf(db, c.get('user').id);
    const state = billingState(account, await newestSubscription(db, account.id), now());
    if (state === 'free') throw new ApiError('BILLING_FREE_USE');
    if (state === 'active' || state === 'pastDue' || state === 'cancelled') throw new ApiError('SUBSCRIPTION_EXISTS');
    const [price, taxRate] = await Promise.all([billing.priceId(plan), billing.taxRateId()]);
    const customer = await ensureCustomer(db, billing, account, now());
    const metadata = { userId: account.id, planId: plan.id };
    const back = `${deps.baseUrl}/profile-settings/billing`;
    const quantity = await quantityOf(plan.unit, account.id);
    const session = await callStripe('checkout', () =>
      billing.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: account.id,
        line_items: [{ price, quantity, tax_rates: [taxRate] }],
        metadata,
        subscription_data: { metadata },
        locale: account.language === 'en' ? 'en' : 'nb',
        success_url: `${back}?checkout=success`,
        cancel_url: `${back}?checkout=cancelled`,
      }),
    );
    if (!session.url) throw new ApiError('BILLING_UNAVAILABLE');
    return c.json({ url: session.url } satisfies CheckoutResponse);
  }),
  serve(billingApi.changePlan, USER, async (c, deps) => {
    const { db, now, plans, quantityOf, required, saveAnswer, status } = shared(deps);
    const billing = required();
    const plan = plans.byId(c.req.valid('json').planId);
    if (!plan) throw new ApiError('PLAN_NOT_FOUND');
    const account = await accountOf(db, c.get('user').id);
    const { sub } = await liveSubscription(db, account, now());
    const quantity = await quantityOf(plan.unit, account.id);
    if (sub.planId !== plan.id || sub.quantity !== quantity) {
      const price = await billing.priceId(plan);
      const current = await callStripe('subscription lookup', () => billing.stripe.subscriptions.retrieve(sub.id));
      const item = current.items.data[0];
      if (!item) throw new ApiError('BILLING_UNAVAILABLE');
      const updated = await callStripe('plan change', () =>
        billing.stripe.subscriptions.update(
          sub.id,
          {
            items: [{ id: item.id, price, quantity }],
            proration_behavior: 'none',
            metadata: { userId: account.id, planId: plan.id },
          },
          ownChangeKey(),
        ),
      );
      await saveAnswer(updated, sub.eventAt, { c, change: 'plan', from: sub.planId, to: plan.id });
    }
    return c.json(await status(account.id));
  }),
  serve(billingApi.cancel, USER, async (c, deps) => {
    const { db, now, required, saveAnswer, status } = shared(deps);
    const account = await accountOf(db, c.get('user').id);
    const { sub, state } = await liveSubscription(db, account, now());
    const billing = required();
    if (state !== 'cancelled') {
      const updated = await callStripe('cancellation', () =>
        billing.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true }, ownChangeKey()),
      );
      await saveAnswer(updated, sub.eventAt, { c, change: 'cancel', from: sub.planId, to: null });
    }
    return c.json(await status(account.id));
  }),
  serve(billingApi.reactivate, USER, async (c, deps) => {
    const { db, now, required, saveAnswer, status } = shared(deps);
    const account = await accountOf(db, c.get('user').id);
    const { sub, state } = await liveSubscription(db, account, now());
    const billing = required();
    if (state === 'cancelled') {
      const updated = await callStripe('reactivation', () =>
        billing.stripe.subscriptions.update(sub.id, { cancel_at_period_end: false }, ownChangeKey()),
      );
      await saveAnswer(updated, sub.eventAt, { c, change: 'reactivate', from: null, to: sub.planId });
    }
    return c.json(await status(account.id));
  }),
  serve(billingApi.invoices, USER, async (c, deps) => {
    const { db, plans } = shared(deps);
    return c.json(await invoicesOf(db, plans, c.get('user').id));
  }),
  serve(billingApi.webhook, PUBLIC, async (c, deps) => {
    const { db, now, plans, required } = shared(deps);
    // An unsigned call is refused as such, whether or not payments are set up here.
    const signature = c.req.header('stripe-signature');
    if (!signature) throw new ApiError('WEBHOOK_SIGNATURE_INVALID');
    const billing = required();
    // The exact bytes Stripe signed: nothing before this reads or re-encodes the body.
    const payload = new Uint8Array(await c.req.arrayBuffer());
    let event: Stripe.Event;
    try {
      event = billing.stripe.webhooks.constructEvent(
        payload,
        signature,
        billing.webhookSecret,
        undefined,
        undefined,
        now().getTime(),
      );
    } catch {
      throw new ApiError('WEBHOOK_SIGNATURE_INVALID');
    }
    const outcome = await applyEvent(db, plans, event, now(), (id) =>
      callStripe('subscription lookup', () =>
        billing.stripe.subscriptions
          .retrieve(id)
          .catch((err: { statusCode?: number }) => (err.statusCode === 404 ? null : Promise.reject(err))),
      ),
    );
    return c.json({ received: true, duplicate: outcome === 'duplicate' });
  }),
];
