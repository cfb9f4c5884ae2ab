// Over 400 lines: Stripe's subscription life cycle (invoices, charges, prorations, renewals, retries, ends) as one closure over the shared state.
import {
  API_VERSION,
  addMonths,
  type CheckoutSession,
  type Customer,
  type Event,
  type Invoice,
  type InvoiceItem,
  type InvoiceLine,
  list,
  newId,
  type PaymentMethod,
  type Price,
  type State,
  type Subscription,
  type SubscriptionItem,
} from './objects.ts';

/**
 * What Stripe Billing does with a subscription, for the stand-in: Checkout's first payment, invoices
 * with exclusive tax rates and numbers per customer, monthly renewals, failed payments with retries
 * 3, 5 and 7 days later and then cancellation (Stripe's "cancel the subscription if all retries
 * fail"), cancellation at the period's end, and a change of quantity or price prorated as Stripe's
 * default `create_prorations` does (pending invoice items on the next invoice). Every change emits
 * the event Stripe would.
 */

/** A refusal in Stripe's error shape (the HTTP layer answers it). */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }
}

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

/** The object `id` of one of the state's tables, or Stripe's resource_missing for it (naming `param`). */
export function stored<T>(kind: string, table: Record<string, T>, id: string, param?: string): T {
  const found = table[id];
  if (!found) throw missing(kind, id, param);
  return found;
}

/** Stripe's test cards the stand-in knows: what a card number or a test PaymentMethod token does. */
const TEST_CARDS: Record<string, { brand: string; outcome: 'ok' | 'chargesFail' | 'declined' }> = {
  '4242424242424242': { brand: 'visa', outcome: 'ok' },
  '5555555555554444': { brand: 'mastercard', outcome: 'ok' },
  '4000000000000341': { brand: 'visa', outcome: 'chargesFail' },
  '4000000000000002': { brand: 'visa', outcome: 'declined' },
};
export const TEST_TOKENS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeCustomerFail: '4000000000000341',
};

const declined = () =>
  new StripeError(402, 'card_error', 'Your card was declined.', 'card_declined', undefined, 'generic_decline');

/** Days after a failed payment that Stripe tries again; after the last, the subscription is cancelled. */
export const RETRY_DAYS = [3, 5, 7];
const DAY = 24 * 60 * 60;

export interface Engine {
  now(): number;
  emit(type: string, object: unknown, previous?: Record<string, unknown>): Event;
  /** A card from a number typed on a hosted page, attached to the customer as its default. */
  cardFor(customerId: string, number: string, expMonth: number, expYear: number): PaymentMethod;
  /** A test token (pm_card_visa, pm_card_chargeCustomerFail) attached to a customer. */
  attachToken(token: string, customerId: string): PaymentMethod;
  completeCheckout(session: CheckoutSession, card: PaymentMethod): void;
  updateSubscription(sub: Subscription, change: SubscriptionChange): void;
  /** Pays an open invoice (the hosted invoice page); a failed charge counts as an attempt. */
  payInvoice(invoice: Invoice, card: PaymentMethod): void;
  /** Moves the clock on to `target` (seconds), doing on the way every renewal, retry and ending due. */
  advanceTo(target: number): void;
}

export interface SubscriptionChange {
  cancelAtPeriodEnd?: boolean;
  items?: Array<{ id: string; price?: string; quantity?: number }>;
  metadata?: Record<string, string>;
  /** Stripe's default is create_prorations: the rest of the period is credited and charged anew. */
  prorationBehavior?: 'create_prorations' | 'none';
}

/** Rounds half away from zero, so a credit and the charge it mirrors round to the same øre. */
const roundHalfAway = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

type LineTax = InvoiceLine['taxes'][number];

export function createEngine(
  state: State,
  options: {
    origin: string;
    clock: () => number;
    /** The API request being answered, if any: its events carry its id and Idempotency-Key, as Stripe's do. */
    request?: () => Event['request'] | undefined;
  },
): Engine {
  /** Set while due work runs, so its events carry the moment it was due. */
  let at: number | null = null;
  const now = () => at ?? Math.floor(options.clock() / 1000) + state.clockOffset;

  function emit(type: string, object: unknown, previous?: Record<string, unknown>): Event {
    const event: Event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 0,
      type,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      // Work that falls due (a period's end, a retried payment) belongs to no request.
      request: (at === null ? options.request?.() : undefined) ?? { id: null, idempotency_key: null },
    };
    state.events.push(event);
    return event;
  }

  /** The top-level fields a change altered, with their old values (an event's previous_attributes). */
  function changed<T extends object>(before: T, after: T): Record<string, unknown> {
    const previous: Record<string, unknown> = {};
    for (const key of Object.keys(after) as Array<keyof T>)
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key as string] = before[key];
    return previous;
  }

  function customerOf(id: string): Customer {
    return stored('customer', state.customers, id, 'customer');
  }

  function newCard(customerId: string | null, number: string, expMonth: number, expYear: number): PaymentMethod {
    const known = TEST_CARDS[number];
    if (!known) throw new StripeError(402, 'card_error', 'Your card number is incorrect.', 'incorrect_number');
    if (known.outcome === 'declined') throw declined();
    const pm: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: now(),
      customer: customerId,
      livemode: false,
      card: { brand: known.brand, last4: number.slice(-4), exp_month: expMonth, exp_year: expYear, country: 'NO' },
      chargesFail: known.outcome === 'chargesFail',
    };
    state.paymentMethods[pm.id] = pm;
    return pm;
  }

  function makeDefault(customerId: string, pm: PaymentMethod) {
    customerOf(customerId).invoice_settings.default_payment_method = pm.id;
  }

  /** A draft invoice for one period of a subscription: a line per item, exclusive taxes on each. */
  function draftInvoice(sub: Subscription, reason: 'subscription_create' | 'subscription_cycle'): Invoice {
    const customer = customerOf(sub.customer);
    const id = newId('in');
    const item = sub.items.data[0]!;
    const taxesOn = (amount: number, rates: Array<{ id: string; percentage: number }>): LineTax[] =>
      rates.map((rate) => ({
        amount: roundHalfAway((amount * rate.percentage) / 100),
        tax_behavior: 'exclusive',
        tax_rate_details: { tax_rate: rate.id },
        taxability_reason: 'standard_rated',
        taxable_amount: amount,
        type: 'tax_rate_details',
      }));
    // Prorations left by changes during the period come first, as on Stripe's invoices.
    const pending = Object.values(state.invoiceItems).filter(
      (ii) => ii.invoice === null && ii.parent.subscription_details.subscription === sub.id,
    );
    const prorations: InvoiceLine[] = pending.map((ii) => {
      ii.invoice = id;
      return {
        id: newId('il'),
        object: 'line_item',
        amount: ii.amount,
        currency: ii.currency,
        description: ii.description ?? '',
        invoice: id,
        livemode: false,
        metadata: {},
        period: ii.period,
        quantity: ii.quantity,
        subtotal: ii.amount,
        pricing: ii.pricing,
        parent: {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: {
            subscription: sub.id,
            subscription_item: ii.parent.subscription_details.subscription_item,
            proration: true,
            invoice_item: ii.id,
          },
        },
        taxes: taxesOn(ii.amount, ii.tax_rates),
      };
    });
    const lines: InvoiceLine[] = sub.items.data.map((it) => {
      const amount = (it.price.unit_amount ?? 0) * (it.quantity ?? 1);
      return {
        id: newId('il'),
        object: 'line_item',
        amount,
        currency: it.price.currency,
        description: `${it.quantity ?? 1} × ${state.products[it.price.product]?.name ?? 'Product'} (at ${(it.price.unit_amount ?? 0) / 100} ${it.price.currency.toUpperCase()} / month)`,
        invoice: id,
        livemode: false,
        metadata: {},
        period: { start: it.current_period_start, end: it.current_period_end },
        quantity: it.quantity ?? 1,
        subtotal: amount,
        pricing: {
          type: 'price_details',
          price_details: { price: it.price.id, product: it.price.product },
          unit_amount_decimal: String(it.price.unit_amount ?? 0),
        },
        parent: {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: {
            subscription: sub.id,
            subscription_item: it.id,
            proration: false,
            invoice_item: null,
          },
        },
        // Stripe rounds each line's tax to the minor unit.
        taxes: taxesOn(amount, it.tax_rates),
      };
    });
    lines.unshift(...prorations);
    const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
    // The invoice's taxes: one entry per tax rate, summed over the lines.
    const taxes = new Map<string, LineTax>();
    for (const t of lines.flatMap((l) => l.taxes)) {
      const seen = taxes.get(t.tax_rate_details.tax_rate);
      taxes.set(t.tax_rate_details.tax_rate, {
        ...t,
        amount: (seen?.amount ?? 0) + t.amount,
        taxable_amount: (seen?.taxable_amount ?? 0) + t.taxable_amount,
      });
    }
    const tax = [...taxes.values()].reduce((sum, t) => sum + t.amount, 0);
    const invoice: Invoice = {
      id,
      object: 'invoice',
      account_country: 'NO',
      account_name: 'Saldo (Stripe stand-in)',
      amount_due: subtotal + tax,
      amount_paid: 0,
      amount_remaining: subtotal + tax,
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now(),
      currency: item.price.currency,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name ?? null,
      description: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: null,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      status: 'draft',
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal,
      subtotal_excluding_tax: subtotal,
      total: subtotal + tax,
      total_excluding_tax: subtotal,
      lines: list(lines, `/v1/invoices/${id}/lines`),
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      total_taxes: [...taxes.values()],
    };
    state.invoices[id] = invoice;
    sub.latest_invoice = id;
    emit('invoice.created', invoice);
    return invoice;
  }

  /** Gives the invoice its number (prefix and the customer's sequence) and its hosted page and PDF. */
  function finalize(invoice: Invoice) {
    const customer = customerOf(invoice.customer);
    const sequence = customer.next_invoice_sequence ?? 1;
    customer.next_invoice_sequence = sequence + 1;
    invoice.number = `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`;
    invoice.status = 'open';
    invoice.status_transitions.finalized_at = now();
    invoice.hosted_invoice_url = `${options.origin}/i/${invoice.id}`;
    invoice.invoice_pdf = `${options.origin}/invoice/${invoice.id}/pdf`;
    emit('invoice.finalized', invoice);
  }

  /** One payment attempt with the customer's default card; true when it was paid. */
  function charge(invoice: Invoice, card: PaymentMethod | undefined): boolean {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    if (card && !card.chargesFail) {
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      invoice.amount_remaining = 0;
      invoice.next_payment_attempt = null;
      invoice.status_transitions.paid_at = now();
      emit('invoice.paid', invoice);
      emit('invoice.payment_succeeded', invoice);
      return true;
    }
    const retryDays = RETRY_DAYS[invoice.attempt_count - 1];
    invoice.next_payment_attempt = retryDays === undefined ? null : now() + retryDays * DAY;
    emit('invoice.payment_failed', invoice);
    return false;
  }

  const defaultCard = (customerId: string) => {
    const id = customerOf(customerId).invoice_settings.default_payment_method;
    return id ? state.paymentMethods[id] : undefined;
  };

  /**
   * Stripe's create_prorations: a change of quantity or price during a period credits the unused
   * time of the old line and charges the rest of the period at the new one, to the second, as two
   * pending invoice items that the subscription's next invoice bills.
   */
  function prorate(sub: Subscription, item: SubscriptionItem, before: { price: Price; quantity: number }) {
    const after = { price: item.price, quantity: item.quantity ?? 1 };
    if (after.price.id === before.price.id && after.quantity === before.quantity) return;
    const at = now();
    const { current_period_start: start, current_period_end: end } = item;
    if (at >= end || end <= start) return;
    const day = new Date(at * 1000).toISOString().slice(0, 10);
    for (const [line, sign, label] of [
      [before, -1, 'Unused time on'],
      [after, 1, 'Remaining time on'],
    ] as const) {
      const product = state.products[line.price.product]?.name ?? 'Product';
      const full = (line.price.unit_amount ?? 0) * line.quantity;
      const ii: InvoiceItem = {
        id: newId('ii'),
        object: 'invoiceitem',
        amount: sign * roundHalfAway((full * (end - at)) / (end - start)),
        currency: line.price.currency,
        customer: sub.customer,
        date: at,
        description: `${label} ${line.quantity} × ${product} after ${day}`,
        invoice: null,
        livemode: false,
        metadata: {},
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: sub.id, subscription_item: item.id },
        },
        period: { start: at, end },
        pricing: {
          type: 'price_details',
          price_details: { price: line.price.id, product: line.price.product },
          unit_amount_decimal: String(line.price.unit_amount ?? 0),
        },
        proration: true,
        quantity: line.quantity,
        tax_rates: item.tax_rates,
      };
      state.invoiceItems[ii.id] = ii;
      emit('invoiceitem.created', ii);
    }
  }

  function setStatus(sub: Subscription, change: (s: Subscription) => void, type = 'customer.subscription.updated') {
    const before = structuredClone(sub);
    change(sub);
    const previous = changed(before, sub);
    if (Object.keys(previous).length > 0 || type !== 'customer.subscription.updated') emit(type, sub, previous);
  }

  const statusTo = (status: Subscription['status']) => (s: Subscription) => {
    s.status = status;
  };

  function endSubscription(sub: Subscription, reason: 'cancellation_requested' | 'payment_failed') {
    setStatus(
      sub,
      (s) => {
        s.status = 'canceled';
        s.ended_at = now();
        s.canceled_at ??= now();
        s.cancellation_details = { comment: null, feedback: null, reason };
      },
      'customer.subscription.deleted',
    );
  }

  /** After a payment on an invoice of a past-due subscription: active again once nothing is open. */
  function settle(invoice: Invoice) {
    const sub = state.subscriptions[invoice.parent.subscription_details.subscription];
    if (sub?.status !== 'past_due') return;
    const open = Object.values(state.invoices).some((i) => i.customer === sub.customer && i.status === 'open');
    if (!open) setStatus(sub, statusTo('active'));
  }

  function renew(sub: Subscription) {
    if (sub.cancel_at_period_end) {
      endSubscription(sub, 'cancellation_requested');
      return;
    }
    setStatus(sub, (s) => {
      for (const item of s.items.data) {
        item.current_period_start = item.current_period_end;
        let k = 1;
        while (addMonths(s.billing_cycle_anchor, k) <= item.current_period_start) k += 1;
        item.current_period_end = addMonths(s.billing_cycle_anchor, k);
      }
    });
    const invoice = draftInvoice(sub, 'subscription_cycle');
    finalize(invoice);
    if (!charge(invoice, defaultCard(sub.customer)) && sub.status !== 'past_due') setStatus(sub, statusTo('past_due'));
  }

  function retry(invoice: Invoice) {
    const sub = state.subscriptions[invoice.parent.subscription_details.subscription];
    if (charge(invoice, defaultCard(invoice.customer))) settle(invoice);
    else if (invoice.next_payment_attempt === null && sub && sub.status !== 'canceled')
      endSubscription(sub, 'payment_failed');
  }

  return {
    now,
    emit,
    cardFor: (customerId, number, expMonth, expYear) => {
      const pm = newCard(customerId, number, expMonth, expYear);
      makeDefault(customerId, pm);
      return pm;
    },
    attachToken(token, customerId) {
      customerOf(customerId);
      const number = TEST_TOKENS[token];
      if (number) return newCard(customerId, number, 12, 2034);
      const pm = state.paymentMethods[token];
      if (!pm) throw missing('payment_method', token);
      pm.customer = customerId;
      return pm;
    },

    completeCheckout(session, card) {
      if (card.chargesFail) throw declined();
      makeDefault(session.customer, card);
      const start = now();
      const id = newId('sub');
      const sub: Subscription = {
        id,
        object: 'subscription',
        billing_cycle_anchor: start,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        cancellation_details: { comment: null, feedback: null, reason: null },
        collection_method: 'charge_automatically',
        created: start,
        currency: session.currency ?? 'nok',
        customer: session.customer,
        days_until_due: null,
        default_payment_method: card.id,
        description: null,
        ended_at: null,
        latest_invoice: null,
        livemode: false,
        metadata: { ...session.standin.subscriptionMetadata },
        start_date: start,
        status: 'incomplete',
        trial_end: null,
        trial_start: null,
        items: list(
          session.standin.lines.map((line) => ({
            id: newId('si'),
            object: 'subscription_item' as const,
            created: start,
            current_period_start: start,
            current_period_end: addMonths(start, 1),
            metadata: {},
            quantity: line.quantity,
            subscription: id,
            price: state.prices[line.price]!,
            tax_rates: line.tax_rates.map((r) => state.taxRates[r]!),
          })),
          `/v1/subscription_items?subscription=${id}`,
        ),
      };
      state.subscriptions[id] = sub;
      emit('customer.subscription.created', sub);
      const invoice = draftInvoice(sub, 'subscription_create');
      finalize(invoice);
      charge(invoice, card);
      setStatus(sub, statusTo('active'));
      session.status = 'complete';
      session.payment_status = 'paid';
      session.subscription = id;
      session.invoice = invoice.id;
      emit('checkout.session.completed', session);
    },

    updateSubscription(sub, change) {
      if (sub.status === 'canceled')
        throw new StripeError(
          400,
          'invalid_request_error',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      // Every item and price is checked before anything changes: a refusal leaves the subscription as it was.
      for (const [i, itemChange] of (change.items ?? []).entries()) {
        if (!sub.items.data.some((it) => it.id === itemChange.id))
          throw missing('subscription_item', itemChange.id, `items[${i}][id]`);
        if (itemChange.price && !state.prices[itemChange.price])
          throw missing('price', itemChange.price, `items[${i}][price]`);
      }
      setStatus(sub, (s) => {
        if (change.cancelAtPeriodEnd === true && !s.cancel_at_period_end) {
          s.cancel_at_period_end = true;
          s.cancel_at = s.items.data[0]!.current_period_end;
          s.canceled_at = now();
          s.cancellation_details = { comment: null, feedback: null, reason: 'cancellation_requested' };
        } else if (change.cancelAtPeriodEnd === false && s.cancel_at_period_end) {
          s.cancel_at_period_end = false;
          s.cancel_at = null;
          s.canceled_at = null;
          s.cancellation_details = { comment: null, feedback: null, reason: null };
        }
        for (const itemChange of change.items ?? []) {
          const item = s.items.data.find((i) => i.id === itemChange.id)!;
          const before = { price: item.price, quantity: item.quantity ?? 1 };
          if (itemChange.price) item.price = state.prices[itemChange.price]!;
          if (itemChange.quantity !== undefined) item.quantity = itemChange.quantity;
          if ((change.prorationBehavior ?? 'create_prorations') === 'create_prorations') prorate(s, item, before);
        }
        if (change.metadata) {
          for (const [key, value] of Object.entries(change.metadata)) {
            if (value === '') delete s.metadata[key];
            else s.metadata[key] = value;
          }
        }
      });
    },

    payInvoice(invoice, card) {
      if (invoice.status !== 'open')
        throw new StripeError(400, 'invalid_request_error', 'Invoice is already paid', 'invoice_not_open');
      // A card that cannot pay is refused on the page, and is not one of Stripe's counted retries.
      if (card.chargesFail) throw declined();
      makeDefault(invoice.customer, card);
      charge(invoice, card);
      settle(invoice);
    },

    advanceTo(target) {
      for (;;) {
        const renewals = Object.values(state.subscriptions)
          .filter((s) => ['active', 'past_due', 'trialing'].includes(s.status))
          .map((s) => ({ due: s.items.data[0]!.current_period_end, run: () => renew(s) }));
        const retries = Object.values(state.invoices)
          .filter((i) => i.status === 'open' && i.next_payment_attempt !== null)
          .map((i) => ({ due: i.next_payment_attempt!, run: () => retry(i) }));
        const next = [...renewals, ...retries].filter((w) => w.due <= target).sort((a, b) => a.due - b.due)[0];
        if (!next) break;
        at = next.due;
        next.run();
        at = null;
      }
      state.clockOffset += Math.max(0, target - now());
    },
  };
}
