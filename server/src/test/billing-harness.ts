import { expect } from 'vitest';
import { WEBHOOK_EVENTS } from '../features/billing/local-stripe.ts';
import { loadPlans } from '../features/billing/plans.ts';
import { provisionCatalog } from '../features/billing/provision.ts';
import { createStripeClient } from '../features/billing/stripe.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './create-test-app.ts';
import { type StripeStandin, startStripeStandin } from './stripe-standin/standin.ts';

/** Where the stand-in sends the app's webhooks (the app answers them through `request`, no port). */
export const WEBHOOK_URL = 'http://localhost:3000/api/billing/webhook';

export interface BillingTestApp extends TestApp {
  standin: StripeStandin;
  /** The official client on the stand-in, for what a test does as Stripe's dashboard would. */
  stripe: ReturnType<typeof createStripeClient>;
  /** The shared clock (ms): the app's and the stand-in's time. */
  now(): number;
  /** Moves both clocks on; the stand-in renews, retries and ends on the way and sends its webhooks. */
  advance(seconds: number): Promise<void>;
  /** Pays a checkout URL the app gave, as a browser posts the stand-in's checkout form. */
  pay(url: string, card?: string): Promise<Response>;
  close(): Promise<void>;
}

export const DAY_SECONDS = 24 * 60 * 60;

/**
 * A test app with payments on the Stripe stand-in, set up the way `npm start` sets up its own: the
 * plans' prices and the VAT rate made through the real client, and a webhook endpoint to the app whose
 * secret the app verifies with. One clock for both: the stand-in's time, which `advance` moves on.
 */
export async function createBillingTestApp(options: TestAppOptions = {}): Promise<BillingTestApp> {
  const start = Date.now();
  let app: TestApp | undefined;
  const standin = await startStripeStandin({
    clock: () => start,
    fetch: async (input, init) => {
      if (!app) throw new Error('no app yet');
      return app.app.request(input instanceof Request ? input : String(input), init);
    },
  });
  const now = () => start + standin.state.clockOffset * 1000;
  const stripe = createStripeClient({ secretKey: standin.secretKey, apiUrl: standin.url });
  await provisionCatalog(stripe, loadPlans());
  const endpoint = await stripe.webhookEndpoints.create({ url: WEBHOOK_URL, enabled_events: WEBHOOK_EVENTS });
  app = await createTestApp({
    accessTokenTtlSeconds: 365 * DAY_SECONDS,
    ...options,
    now,
    stripe: { secretKey: standin.secretKey, webhookSecret: endpoint.secret!, apiUrl: standin.url },
  });
  return {
    ...app,
    standin,
    stripe,
    now,
    advance: (seconds) => standin.advance(seconds),
    async pay(url, card = '4242 4242 4242 4242') {
      expect(url.startsWith(`${standin.url}/c/pay/cs_test_`)).toBe(true);
      return fetch(url, {
        method: 'POST',
        body: new URLSearchParams({ cardNumber: card, expiry: '12 / 34', cvc: '123', name: 'Kari Nordmann' }),
        redirect: 'manual',
      });
    },
    async close() {
      // Board changes still being sent to Stripe finish first (features/billing/quantity.ts).
      await app!.deps.boardQuantity?.settled();
      await standin.close();
    },
  };
}

/** A billing test app and the demo user's access token on it (a test's usual start). */
export async function loggedInBillingApp(options: TestAppOptions = {}): Promise<{ t: BillingTestApp; token: string }> {
  const t = await createBillingTestApp(options);
  return { t, token: (await t.login()).jwtToken };
}
