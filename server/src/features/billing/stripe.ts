import Stripe from 'stripe';
import { ApiError } from '../../http/errors.ts';
import { log } from '../../ops/log.ts';
import type { PlanCatalog, PlanConfig } from './plans.ts';

/** How Saldo reaches Stripe. Secrets: never logged, never stored (they live in the environment). */
export interface StripeSettings {
  secretKey: string;
  /** Signs the webhooks Stripe sends to /api/billing/webhook (`whsec_…`). */
  webhookSecret: string;
  /** The API's origin when it is not api.stripe.com, e.g. the local stand-in's http://127.0.0.1:12111. */
  apiUrl?: string;
}

/** Billing as the routes use it: the Stripe client, the webhook secret, the plans and their Stripe prices. */
export interface Billing {
  stripe: Stripe;
  webhookSecret: string;
  plans: PlanCatalog;
  /** The Stripe price of a plan, found by its lookup key and checked against the configured amount. */
  priceId(plan: PlanConfig): Promise<string>;
  /** The Stripe tax rate for VAT: exclusive, at the configured percentage, with metadata saldo=vat. */
  taxRateId(): Promise<string>;
}

/** The official client, pointed at `apiUrl` through its host, port and protocol settings when one is given. */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          protocol: url.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Saldo' },
  });
}

/**
 * Runs a Stripe call; a failure is logged (Stripe's own type, code and message, which never hold the
 * key) and answered as BILLING_UNAVAILABLE. Our own ApiErrors pass through.
 */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const e = err as { type?: string; code?: string; message?: string };
    // Stripe's type, code and message only: its error also holds the request it answered.
    log.error({ what, type: e.type, code: e.code, message: e.message }, 'Billing: a Stripe call failed');
    throw new ApiError('BILLING_UNAVAILABLE');
  }
}

/** How long a looked-up price or tax rate is trusted before it is looked up again (prices can change). */
const LOOKUP_TTL_MS = 5 * 60 * 1000;

function cached(load: () => Promise<string>): () => Promise<string> {
  let value: { id: Promise<string>; at: number } | null = null;
  return () => {
    if (!value || Date.now() - value.at > LOOKUP_TTL_MS) {
      const id = load();
      value = { id, at: Date.now() };
      id.catch(() => {
        value = null;
      });
    }
    return value.id;
  };
}

function notConfigured(reason: string): never {
  log.error({ reason }, 'Billing: not configured');
  throw new ApiError('BILLING_NOT_CONFIGURED');
}

export function createBilling(settings: StripeSettings, plans: PlanCatalog): Billing {
  const stripe = createStripeClient(settings);
  const prices = new Map<string, () => Promise<string>>();
  for (const plan of plans.plans) {
    prices.set(
      plan.id,
      cached(async () => {
        const key = plan.stripeLookupKey;
        const { data } = await callStripe('price lookup', () =>
          stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }),
        );
        const price = data[0];
        if (!price) return notConfigured(`no active Stripe price has the lookup key "${key}" (plan ${plan.id})`);
        // The customer must pay what the page shows: a price changed in Stripe alone is refused.
        if (
          price.unit_amount !== plan.priceExclVat ||
          price.currency !== 'nok' ||
          price.recurring?.interval !== 'month' ||
          price.recurring.interval_count !== 1
        )
          return notConfigured(
            `the Stripe price "${key}" is ${price.unit_amount} ${price.currency} per ${price.recurring?.interval_count ?? ''} ${price.recurring?.interval ?? 'once'}, the plans file says ${plan.priceExclVat} nok per month`,
          );
        return price.id;
      }),
    );
  }
  const taxRate = cached(async () => {
    const { data } = await callStripe('tax rate lookup', () => stripe.taxRates.list({ active: true, limit: 100 }));
    const rate = data.find((r) => r.metadata?.saldo === 'vat' && r.percentage === plans.vatPercent && !r.inclusive);
    return (
      rate?.id ?? notConfigured(`no active exclusive Stripe tax rate of ${plans.vatPercent} % with metadata saldo=vat`)
    );
  });
  return {
    stripe,
    webhookSecret: settings.webhookSecret,
    plans,
    priceId: (plan) => prices.get(plan.id)?.() ?? Promise.reject(new ApiError('PLAN_NOT_FOUND')),
    taxRateId: taxRate,
  };
}
