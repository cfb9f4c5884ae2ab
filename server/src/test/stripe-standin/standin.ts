// Over 400 lines: one Hono app holding every Stripe route the stand-in speaks, each a few lines.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { createEngine, type Engine, missing, StripeError, stored } from './engine.ts';
import { bool, type Form, type FormValue, int, list, parseForm, record, str } from './form.ts';
import {
  type CheckoutSession,
  type Customer,
  type Event,
  emptyState,
  type Invoice,
  invoicePrefix,
  type ListOf,
  list as listOf,
  newId,
  type Price,
  type State,
  type TaxRate,
  type WebhookEndpoint,
} from './objects.ts';
import { checkoutPage, invoicePage, invoicePdf, langOf, STYLESHEET } from './pages.ts';
import { createWebhooks, type Delivery } from './webhooks.ts';

/**
 * A local stand-in for the part of Stripe's API Saldo uses, for tests and local use: customers,
 * products, prices (with lookup keys), tax rates, Checkout Sessions with a hosted checkout page,
 * subscriptions (cancel at period end, reactivate, change of price and quantity, prorated as Stripe's
 * default does or not at all), invoices with
 * numbers, hosted pages and PDFs, test PaymentMethods, webhook endpoints and signed webhooks.
 * Requests are form-encoded and authenticated with a secret key; answers and errors have Stripe's
 * JSON shapes; Idempotency-Key replays the first answer. The official `stripe` client talks to it
 * through its host, port and protocol settings. It keeps its data in memory, or in `stateFile`.
 */
export interface StripeStandinOptions {
  /** 0 (default) picks a free port. The stand-in only ever listens on 127.0.0.1. */
  port?: number;
  /** The accepted secret key; a random `sk_test_…` when unset. */
  secretKey?: string;
  /** Keeps customers, subscriptions, invoices and the clock across restarts (not webhook endpoints). */
  stateFile?: string;
  /** The wall clock (ms); the controls move the stand-in's own time on from it. */
  clock?: () => number;
  /** How webhooks are sent (tests hand the app's own `request` here); the global fetch by default. */
  fetch?: typeof fetch;
}

export interface StripeStandin {
  /** Origin, e.g. http://127.0.0.1:41234: the API is under /v1, hosted pages beside it. */
  url: string;
  secretKey: string;
  state: State;
  /** Every webhook delivery attempted, in order. */
  deliveries: Delivery[];
  /** The stand-in's time, in seconds. */
  now(): number;
  /** Moves time on by `seconds`: renewals, payment retries and period ends on the way, their webhooks sent. */
  advance(seconds: number): Promise<void>;
  /** Keeps webhooks back from now on (a test then sends them in an order of its own). */
  holdWebhooks(): void;
  /** Sends the held events in the order `order` gives them (as made, by default) and stops holding. */
  sendHeld(order?: (events: Event[]) => Event[]): Promise<void>;
  /** While on, every API request is answered with Stripe's 500 api_error, as in an outage of Stripe's. */
  outage(on: boolean): void;
  close(): Promise<void>;
}

const body = async (c: Context): Promise<Form> => parseForm(await c.req.text());
const query = (c: Context): Form => parseForm(new URL(c.req.url).search.slice(1));

function required(form: Form, name: string): FormValue {
  const value = form[name];
  if (value === undefined || value === '')
    throw new StripeError(400, 'invalid_request_error', `Missing required param: ${name}.`, 'parameter_missing', name);
  return value;
}

const limitOf = (form: Form) => Math.min(100, Math.max(1, int(form.limit) ?? 10));

export async function startStripeStandin(options: StripeStandinOptions = {}): Promise<StripeStandin> {
  const secretKey = options.secretKey ?? `sk_test_standin_${randomBytes(12).toString('hex')}`;
  const state: State =
    options.stateFile && existsSync(options.stateFile)
      ? { ...emptyState(), ...(JSON.parse(readFileSync(options.stateFile, 'utf8')) as Partial<State>) }
      : emptyState();
  const webhooks = createWebhooks(options.fetch ?? ((input, init) => fetch(input, init)));
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  /** The API request being answered (its events name it). */
  const answering = new AsyncLocalStorage<Event['request']>();
  let origin = '';
  let engine: Engine;
  let delivered = state.events.length;
  let holding = false;
  let down = false;
  let chain = Promise.resolve();

  const persist = () => {
    if (options.stateFile) writeFileSync(options.stateFile, JSON.stringify(state), { mode: 0o600 });
  };

  /** Sends the events not yet sent, in order, one batch at a time; resolves when they have been answered. */
  const flush = () => {
    chain = chain.then(async () => {
      if (holding) return;
      const fresh = state.events.slice(delivered);
      delivered = state.events.length;
      await webhooks.send(fresh, engine.now());
      await webhooks.retryDue((id) => state.events.find((e) => e.id === id), engine.now());
    });
    return chain;
  };

  const app = new Hono();

  app.onError((err, c) => {
    if (err instanceof StripeError) {
      const error = {
        type: err.type,
        message: err.message,
        ...(err.code ? { code: err.code, doc_url: `https://stripe.com/docs/error-codes/${err.code}` } : {}),
        ...(err.param ? { param: err.param } : {}),
        ...(err.declineCode ? { decline_code: err.declineCode } : {}),
      };
      return c.json({ error }, err.status as 400);
    }
    console.error('Stripe stand-in:', err);
    return c.json({ error: { type: 'api_error', message: 'An unknown error occurred' } }, 500);
  });

  // The API: a secret key, and for POSTs an Idempotency-Key that replays the first answer.
  app.use('/v1/*', async (c, next) => {
    if (down) return c.json({ error: { type: 'api_error', message: 'An unknown error occurred' } }, 500);
    const auth = c.req.header('authorization') ?? '';
    const key = auth.startsWith('Bearer ')
      ? auth.slice(7)
      : auth.startsWith('Basic ')
        ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0]
        : '';
    if (key !== secretKey) {
      const shown = key ? `${key.slice(0, 8)}${'*'.repeat(8)}${key.slice(-4)}` : '';
      return c.json(
        {
          error: {
            type: 'invalid_request_error',
            message: key ? `Invalid API Key provided: ${shown}` : 'You did not provide an API key.',
          },
        },
        401,
      );
    }
    const requestId = newId('req', 14);
    c.header('request-id', requestId);
    c.header('stripe-version', c.req.header('stripe-version') ?? '2026-10-28.endive');
    const idempotencyKey = c.req.method === 'POST' ? c.req.header('idempotency-key') : undefined;
    const fingerprint = `${c.req.method} ${c.req.path} ${await c.req.raw.clone().text()}`;
    if (idempotencyKey) {
      const seen = idempotent.get(idempotencyKey);
      if (seen) {
        if (seen.fingerprint !== fingerprint)
          throw new StripeError(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        c.header('idempotent-replayed', 'true');
        return c.json(seen.body as object, seen.status as 200);
      }
    }
    await answering.run({ id: requestId, idempotency_key: idempotencyKey ?? null }, next);
    if (c.req.method !== 'GET') {
      persist();
      await flush();
    }
    if (idempotencyKey && c.res.status < 500)
      idempotent.set(idempotencyKey, { fingerprint, status: c.res.status, body: await c.res.clone().json() });
  });

  const customerOf = (id: string): Customer => stored('customer', state.customers, id);

  // --- Customers, products, prices, tax rates, payment methods ------------------------------------------

  app.post('/v1/customers', async (c) => {
    const form = await body(c);
    const customer: Customer = {
      id: newId('cus', 14),
      object: 'customer',
      balance: 0,
      created: engine.now(),
      description: str(form.description) ?? null,
      email: str(form.email) ?? null,
      name: str(form.name) ?? null,
      livemode: false,
      metadata: record(form.metadata),
      invoice_prefix: invoicePrefix(),
      next_invoice_sequence: 1,
      preferred_locales: list(form.preferred_locales).flatMap((l) => (typeof l === 'string' ? [l] : [])),
      default_source: null,
      shipping: null,
      invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
    };
    state.customers[customer.id] = customer;
    return c.json(customer);
  });
  app.get('/v1/customers/:id', (c) => c.json(customerOf(c.req.param('id'))));
  app.post('/v1/customers/:id', async (c) => {
    const customer = customerOf(c.req.param('id'));
    const form = await body(c);
    if (str(form.email) !== undefined) customer.email = str(form.email)!;
    if (str(form.name) !== undefined) customer.name = str(form.name)!;
    Object.assign(customer.metadata, record(form.metadata));
    const settings = form.invoice_settings as Form | undefined;
    const pm = str(settings?.default_payment_method);
    if (pm) {
      const method = state.paymentMethods[pm];
      if (!method || method.customer !== customer.id) throw missing('payment_method', pm);
      customer.invoice_settings.default_payment_method = pm;
    }
    return c.json(customer);
  });

  app.post('/v1/products', async (c) => {
    const form = await body(c);
    const id = newId('prod', 14);
    state.products[id] = {
      id,
      object: 'product',
      active: true,
      created: engine.now(),
      updated: engine.now(),
      name: str(required(form, 'name'))!,
      description: str(form.description) ?? null,
      metadata: record(form.metadata),
      livemode: false,
      images: [],
    };
    return c.json(state.products[id]);
  });

  app.post('/v1/prices', async (c) => {
    const form = await body(c);
    const product = str(required(form, 'product'))!;
    if (!state.products[product]) throw missing('product', product, 'product');
    const unitAmount = int(required(form, 'unit_amount'));
    if (unitAmount === undefined || unitAmount < 0)
      throw new StripeError(400, 'invalid_request_error', 'Invalid integer: unit_amount', 'parameter_invalid_integer');
    const recurring = form.recurring as Form | undefined;
    const interval = str(recurring?.interval);
    if (recurring && !['day', 'week', 'month', 'year'].includes(interval ?? ''))
      throw new StripeError(400, 'invalid_request_error', 'Invalid recurring[interval]', 'parameter_invalid_string');
    const lookupKey = str(form.lookup_key) ?? null;
    const holder = Object.values(state.prices).find((p) => lookupKey && p.lookup_key === lookupKey);
    if (holder && bool(form.transfer_lookup_key) !== true)
      throw new StripeError(400, 'invalid_request_error', `A price (\`${holder.id}\`) already uses that lookup key.`);
    if (holder) holder.lookup_key = null;
    const price: Price = {
      id: newId('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: engine.now(),
      currency: str(required(form, 'currency'))!.toLowerCase(),
      livemode: false,
      lookup_key: lookupKey,
      metadata: record(form.metadata),
      nickname: str(form.nickname) ?? null,
      product,
      recurring: recurring
        ? {
            interval: interval as 'month',
            interval_count: int(recurring.interval_count) ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: (str(form.tax_behavior) as Price['tax_behavior']) ?? 'unspecified',
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
    };
    state.prices[price.id] = price;
    return c.json(price);
  });
  app.get('/v1/prices', (c) => {
    const form = query(c);
    const keys = list(form.lookup_keys).flatMap((k) => (typeof k === 'string' ? [k] : []));
    const active = bool(form.active);
    const data = Object.values(state.prices)
      .filter(
        (p) =>
          (keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key))) &&
          (active === undefined || p.active === active),
      )
      .sort((a, b) => b.created - a.created);
    return c.json(listOf(data.slice(0, limitOf(form)), '/v1/prices'));
  });

  app.post('/v1/tax_rates', async (c) => {
    const form = await body(c);
    const percentage = Number(str(required(form, 'percentage')));
    if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100)
      throw new StripeError(400, 'invalid_request_error', 'Invalid decimal: percentage', 'parameter_invalid_decimal');
    const rate: TaxRate = {
      id: newId('txr'),
      object: 'tax_rate',
      active: true,
      country: str(form.country) ?? null,
      created: engine.now(),
      description: str(form.description) ?? null,
      display_name: str(required(form, 'display_name'))!,
      inclusive: bool(required(form, 'inclusive'))!,
      jurisdiction: str(form.jurisdiction) ?? null,
      livemode: false,
      metadata: record(form.metadata),
      percentage,
    };
    state.taxRates[rate.id] = rate;
    return c.json(rate);
  });
  app.get('/v1/tax_rates', (c) => {
    const form = query(c);
    const active = bool(form.active);
    const data = Object.values(state.taxRates).filter((r) => active === undefined || r.active === active);
    return c.json(listOf(data.slice(0, limitOf(form)), '/v1/tax_rates'));
  });

  app.post('/v1/payment_methods/:id/attach', async (c) => {
    const form = await body(c);
    return c.json(engine.attachToken(c.req.param('id'), str(required(form, 'customer'))!));
  });

  // --- Checkout -----------------------------------------------------------------------------------------

  app.post('/v1/checkout/sessions', async (c) => {
    const form = await body(c);
    if (str(form.mode) !== 'subscription')
      throw new StripeError(
        400,
        'invalid_request_error',
        'The stand-in supports mode=subscription only.',
        undefined,
        'mode',
      );
    const customer = customerOf(str(required(form, 'customer'))!);
    const lines = list(required(form, 'line_items')).map((raw, i) => {
      const line = raw as Form;
      const priceId = str(line.price) ?? '';
      const price = state.prices[priceId];
      if (!price) throw missing('price', priceId, `line_items[${i}][price]`);
      if (!price.recurring)
        throw new StripeError(
          400,
          'invalid_request_error',
          'You must provide at least one recurring price in `subscription` mode.',
        );
      const taxRates = list(line.tax_rates).flatMap((r) => (typeof r === 'string' ? [r] : []));
      for (const r of taxRates) if (!state.taxRates[r]) throw missing('tax_rate', r, `line_items[${i}][tax_rates]`);
      return { price: priceId, quantity: int(line.quantity) ?? 1, tax_rates: taxRates };
    });
    const amounts = lines.map((l) => {
      const amount = (state.prices[l.price]!.unit_amount ?? 0) * l.quantity;
      const tax = l.tax_rates.reduce((sum, r) => sum + Math.round((amount * state.taxRates[r]!.percentage) / 100), 0);
      return { amount, tax };
    });
    const subtotal = amounts.reduce((s, a) => s + a.amount, 0);
    const id = newId('cs_test', 58);
    const now = engine.now();
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: subtotal,
      amount_total: subtotal + amounts.reduce((s, a) => s + a.tax, 0),
      cancel_url: str(form.cancel_url) ?? null,
      client_reference_id: str(form.client_reference_id) ?? null,
      created: now,
      currency: state.prices[lines[0]!.price]!.currency,
      customer: customer.id,
      expires_at: now + 24 * 60 * 60,
      invoice: null,
      livemode: false,
      locale: (str(form.locale) as CheckoutSession['locale']) ?? null,
      metadata: record(form.metadata),
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: str(required(form, 'success_url'))!,
      url: `${origin}/c/pay/${id}`,
      standin: { lines, subscriptionMetadata: record((form.subscription_data as Form | undefined)?.metadata) },
    };
    state.sessions[id] = session;
    return c.json(session);
  });

  const sessionOf = (id: string): CheckoutSession => {
    const session = stored('checkout.session', state.sessions, id);
    if (session.status === 'open' && engine.now() >= session.expires_at) session.status = 'expired';
    return session;
  };
  app.get('/v1/checkout/sessions/:id', (c) => c.json(sessionOf(c.req.param('id'))));

  // --- Subscriptions and invoices -----------------------------------------------------------------------

  const subscriptionOf = (id: string) => stored('subscription', state.subscriptions, id);
  app.get('/v1/subscriptions/:id', (c) => c.json(subscriptionOf(c.req.param('id'))));
  app.get('/v1/subscriptions', (c) => {
    const form = query(c);
    const customer = str(form.customer);
    const data = Object.values(state.subscriptions)
      .filter((s) => (!customer || s.customer === customer) && s.status !== 'canceled')
      .sort((a, b) => b.created - a.created);
    return c.json(listOf(data.slice(0, limitOf(form)), '/v1/subscriptions'));
  });
  app.post('/v1/subscriptions/:id', async (c) => {
    const sub = subscriptionOf(c.req.param('id'));
    const form = await body(c);
    const items = list(form.items).map((raw, i) => {
      const item = raw as Form;
      const quantity = int(item.quantity);
      if (item.quantity !== undefined && (quantity === undefined || quantity < 0))
        throw new StripeError(
          400,
          'invalid_request_error',
          'Invalid non-negative integer',
          'parameter_invalid_integer',
          `items[${i}][quantity]`,
        );
      return { id: str(item.id) ?? '', price: str(item.price), quantity };
    });
    // Stripe's default is create_prorations; always_invoice (bill the prorations at once) is not spoken here.
    const proration = str(form.proration_behavior) ?? 'create_prorations';
    if (proration !== 'create_prorations' && proration !== 'none')
      throw new StripeError(
        400,
        'invalid_request_error',
        'The stand-in prorates with create_prorations (the default) or none only.',
        undefined,
        'proration_behavior',
      );
    engine.updateSubscription(sub, {
      cancelAtPeriodEnd: bool(form.cancel_at_period_end),
      items,
      metadata: form.metadata === undefined ? undefined : record(form.metadata),
      prorationBehavior: proration,
    });
    return c.json(sub);
  });

  const invoiceOf = (id: string): Invoice => stored('invoice', state.invoices, id);
  app.get('/v1/invoices/:id', (c) => c.json(invoiceOf(c.req.param('id'))));
  app.get('/v1/invoices', (c) => {
    const form = query(c);
    const customer = str(form.customer);
    const subscription = str(form.subscription);
    const data: Invoice[] = Object.values(state.invoices)
      .filter(
        (i) =>
          (!customer || i.customer === customer) &&
          (!subscription || i.parent.subscription_details.subscription === subscription),
      )
      .sort((a, b) => b.created - a.created);
    return c.json(listOf(data.slice(0, limitOf(form)), '/v1/invoices') satisfies ListOf<Invoice>);
  });

  app.get('/v1/events/:id', (c) => {
    const event = state.events.find((e) => e.id === c.req.param('id'));
    if (!event) throw missing('event', c.req.param('id'));
    return c.json(event);
  });

  // --- Webhook endpoints --------------------------------------------------------------------------------

  app.post('/v1/webhook_endpoints', async (c) => {
    const form = await body(c);
    const url = str(required(form, 'url'))!;
    if (!/^https?:\/\//.test(url))
      throw new StripeError(400, 'invalid_request_error', 'Invalid URL', 'url_invalid', 'url');
    const endpoint: WebhookEndpoint = {
      id: newId('we'),
      object: 'webhook_endpoint',
      api_version: str(form.api_version) ?? null,
      application: null,
      created: engine.now(),
      description: str(form.description) ?? null,
      enabled_events: list(required(form, 'enabled_events')).flatMap((e) => (typeof e === 'string' ? [e] : [])),
      livemode: false,
      metadata: record(form.metadata),
      status: 'enabled',
      url,
      secret: `whsec_${randomBytes(24).toString('base64url')}`,
    };
    webhooks.endpoints.set(endpoint.id, endpoint);
    return c.json(endpoint);
  });
  // Stripe shows an endpoint's secret only when it is made.
  app.get('/v1/webhook_endpoints', (c) =>
    c.json(
      listOf(
        [...webhooks.endpoints.values()].map(({ secret: _, ...e }) => e),
        '/v1/webhook_endpoints',
      ),
    ),
  );
  app.delete('/v1/webhook_endpoints/:id', (c) => {
    const id = c.req.param('id');
    if (!webhooks.endpoints.delete(id)) throw missing('webhook_endpoint', id);
    return c.json({ id, object: 'webhook_endpoint', deleted: true });
  });

  // --- The test controls (not Stripe's API; its test clocks do the same job there) --------------------------

  app.post('/v1/_standin/advance', async (c) => {
    const seconds = int((await body(c)).seconds);
    if (seconds === undefined || seconds < 0)
      throw new StripeError(400, 'invalid_request_error', 'seconds must be a whole number ≥ 0', undefined, 'seconds');
    engine.advanceTo(engine.now() + seconds);
    return c.json({ now: engine.now() });
  });

  // --- Hosted pages: Checkout, the invoice page and its PDF -----------------------------------------------

  app.get('/standin.css', (c) => c.body(STYLESHEET, 200, { 'content-type': 'text/css; charset=utf-8' }));

  /** The card typed into a hosted form, checked as Checkout checks it; a StripeError says what is wrong. */
  async function cardFrom(c: Context, customerId: string) {
    const form = await c.req.parseBody();
    const number = String(form.cardNumber ?? '').replace(/\s+/g, '');
    const expiry = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(String(form.expiry ?? '').trim());
    const month = Number(expiry?.[1]);
    const year = 2000 + Number(expiry?.[2]);
    if (!expiry || month < 1 || month > 12)
      throw new StripeError(402, 'card_error', "Your card's expiration date is incomplete.", 'invalid_expiry_month');
    const nowDate = new Date(engine.now() * 1000);
    if (year < nowDate.getUTCFullYear() || (year === nowDate.getUTCFullYear() && month < nowDate.getUTCMonth() + 1))
      throw new StripeError(402, 'card_error', "Your card's expiration date is in the past.", 'invalid_expiry_year');
    if (!/^\d{3,4}$/.test(String(form.cvc ?? '')))
      throw new StripeError(402, 'card_error', "Your card's security code is incomplete.", 'incomplete_cvc');
    return engine.cardFor(customerId, number, month, year);
  }

  app.get('/c/pay/:id', (c) => {
    const session = state.sessions[c.req.param('id')];
    if (!session) return c.text('Not found', 404);
    sessionOf(session.id);
    if (session.status === 'complete') return c.redirect(session.success_url ?? '/', 303);
    return c.html(checkoutPage(state, session));
  });
  app.post('/c/pay/:id', async (c) => {
    const session = state.sessions[c.req.param('id')];
    if (!session) return c.text('Not found', 404);
    if (sessionOf(session.id).status !== 'open') return c.html(checkoutPage(state, session), 400);
    try {
      engine.completeCheckout(session, await cardFrom(c, session.customer));
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      persist();
      return c.html(checkoutPage(state, session, err.message), 402);
    }
    persist();
    await flush();
    return c.redirect((session.success_url ?? '/').replaceAll('{CHECKOUT_SESSION_ID}', session.id), 303);
  });

  app.get('/i/:id', (c) => {
    const invoice = state.invoices[c.req.param('id')];
    if (!invoice) return c.text('Not found', 404);
    return c.html(invoicePage(invoice, langOf(state.customers[invoice.customer]?.preferred_locales?.[0])));
  });
  app.post('/i/:id', async (c) => {
    const invoice = state.invoices[c.req.param('id')];
    if (!invoice) return c.text('Not found', 404);
    const lang = langOf(state.customers[invoice.customer]?.preferred_locales?.[0]);
    try {
      engine.payInvoice(invoice, await cardFrom(c, invoice.customer));
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      return c.html(invoicePage(invoice, lang, err.message), 402);
    }
    persist();
    await flush();
    return c.html(invoicePage(invoice, lang));
  });
  app.get('/invoice/:id/pdf', async (c) => {
    const invoice = state.invoices[c.req.param('id')];
    if (!invoice?.number) return c.text('Not found', 404);
    return c.body(new Uint8Array(await invoicePdf(invoice)), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="Invoice-${invoice.number}.pdf"`,
    });
  });

  app.all('*', (c) =>
    c.json(
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${c.req.method}: ${c.req.path}). The Stripe stand-in speaks only the part of the API Saldo uses.`,
        },
      },
      404,
    ),
  );

  // A port already taken rejects (EADDRINUSE) rather than crashing the process that started the stand-in.
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  engine = createEngine(state, { origin, clock: options.clock ?? Date.now, request: () => answering.getStore() });

  return {
    url: origin,
    secretKey,
    state,
    deliveries: webhooks.deliveries,
    now: () => engine.now(),
    async advance(seconds) {
      engine.advanceTo(engine.now() + seconds);
      persist();
      await flush();
    },
    holdWebhooks() {
      holding = true;
    },
    outage(on) {
      down = on;
    },
    async sendHeld(order = (events) => events) {
      await chain;
      holding = false;
      const held = state.events.slice(delivered);
      delivered = state.events.length;
      await webhooks.send(order(held), engine.now());
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
