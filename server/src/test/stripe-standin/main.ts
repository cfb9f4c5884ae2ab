import { startStripeStandin } from './standin.ts';

/**
 * Runs the Stripe stand-in on its own, e.g. to point a Saldo at it by hand:
 *   PORT=12111 STRIPE_STANDIN_KEY=sk_test_local npm run stripe-standin -w @saldo/server
 * then start Saldo with STRIPE_API_URL=http://127.0.0.1:12111, STRIPE_SECRET_KEY=sk_test_local and the
 * webhook secret printed here (WEBHOOK_URL names the endpoint; default Saldo's on port 3000).
 * `npm start` does all this itself when no Stripe keys are set (server/src/features/billing/local-stripe.ts).
 */
const env = process.env;
const standin = await startStripeStandin({
  port: env.PORT ? Number(env.PORT) : 12111,
  secretKey: env.STRIPE_STANDIN_KEY || undefined,
  stateFile: env.STRIPE_STANDIN_STATE || undefined,
});
const res = await fetch(`${standin.url}/v1/webhook_endpoints`, {
  method: 'POST',
  headers: { authorization: `Bearer ${standin.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({
    url: env.WEBHOOK_URL ?? 'http://127.0.0.1:3000/api/billing/webhook',
    'enabled_events[0]': '*',
  }),
});
const endpoint = (await res.json()) as { url: string; secret: string };

console.log(`Stripe stand-in listening on ${standin.url}`);
console.log(`  STRIPE_API_URL=${standin.url}`);
console.log(`  STRIPE_SECRET_KEY=${standin.secretKey}`);
console.log(`  STRIPE_WEBHOOK_SECRET=${endpoint.secret}  (webhooks go to ${endpoint.url})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void standin.close().then(() => process.exit(0));
  });
}
