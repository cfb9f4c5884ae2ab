import { startStripeStandin } from './standin.ts';

/**
 * The Stripe stand-in as a process of its own. Two ways to run it:
 *
 * - `npm start` without Stripe keys forks it (server/src/features/billing/local-stripe.ts; built as
 *   dist/stripe-standin.js): it says over IPC where it listens and with which key, and Saldo sets it up
 *   through the real client. It ends when Saldo does (SIGTERM, or Saldo's end closing the IPC channel).
 * - By hand, to point a Saldo at it:
 *     PORT=12111 STRIPE_STANDIN_KEY=sk_test_local npm run stripe-standin -w @saldo/server
 *   then start Saldo with STRIPE_API_URL=http://127.0.0.1:12111, STRIPE_SECRET_KEY=sk_test_local and the
 *   webhook secret printed here (WEBHOOK_URL names the endpoint; default Saldo's on port 3000).
 */
const env = process.env;
const forked = typeof process.send === 'function';
const send = (message: unknown) => new Promise<void>((done) => process.send!(message, () => done()));

let standin: Awaited<ReturnType<typeof startStripeStandin>>;
try {
  standin = await startStripeStandin({
    port: env.PORT ? Number(env.PORT) : 12111,
    secretKey: env.STRIPE_STANDIN_KEY || undefined,
    stateFile: env.STRIPE_STANDIN_STATE || undefined,
  });
} catch (err) {
  if (!forked) throw err;
  const e = err as NodeJS.ErrnoException;
  await send({ type: 'failed', code: e.code ?? null, message: e.message });
  process.exit(1);
}

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void standin.close().finally(() => process.exit(0));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);

if (forked) {
  await send({ type: 'listening', url: standin.url, secretKey: standin.secretKey });
  // Saldo ended without a word (killed, say): the channel closes, and the stand-in goes with it.
  process.on('disconnect', stop);
} else {
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
}
