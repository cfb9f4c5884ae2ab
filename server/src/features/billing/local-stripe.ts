import { join } from 'node:path';
import type Stripe from 'stripe';
import type { PlanCatalog } from './plans.ts';
import { provisionCatalog } from './provision.ts';
import { createStripeClient, type StripeSettings } from './stripe.ts';

/** Every event type Saldo acts on (features/billing/webhook.ts); a real endpoint needs the same list. */
export const WEBHOOK_EVENTS: Stripe.WebhookEndpointCreateParams.EnabledEvent[] = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.created',
  'invoice.finalized',
  'invoice.updated',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'invoice.voided',
  'invoice.marked_uncollectible',
];

export interface LocalStripe {
  settings: StripeSettings;
  url: string;
  close(): Promise<void>;
}

/**
 * `npm start` without Stripe keys: the Stripe stand-in (server/src/test/stripe-standin/) runs inside
 * this process on 127.0.0.1:`port`, keeping its customers, subscriptions and invoices in the data
 * folder. Saldo sets it up through the real client as it would a Stripe account: the plans' prices
 * and the VAT rate (provisionCatalog), and a webhook endpoint to this server, whose signing secret
 * it takes from the answer. Nothing here is a secret worth keeping: the key is new at every start.
 */
export async function startLocalStripe(options: {
  port: number;
  serverPort: number;
  dataDir: string;
  plans: PlanCatalog;
}): Promise<LocalStripe> {
  // Loaded only here, so a server with real keys never loads the stand-in.
  const { startStripeStandin } = await import('../../test/stripe-standin/standin.ts');
  const stateFile = join(options.dataDir, 'stripe-standin.json');
  const standin = await startStripeStandin({ port: options.port, stateFile }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EADDRINUSE') throw err;
    // Another program has the port: any free one does, though links to earlier invoices then point at the old one.
    console.warn(`Billing: port ${options.port} is taken, the Stripe stand-in takes a free port instead`);
    return startStripeStandin({ port: 0, stateFile });
  });
  const stripe = createStripeClient({ secretKey: standin.secretKey, apiUrl: standin.url });
  await provisionCatalog(stripe, options.plans);
  const url = `http://127.0.0.1:${options.serverPort}/api/billing/webhook`;
  for (const old of (await stripe.webhookEndpoints.list({ limit: 100 })).data)
    if (old.url === url) await stripe.webhookEndpoints.del(old.id);
  const endpoint = await stripe.webhookEndpoints.create({ url, enabled_events: WEBHOOK_EVENTS });
  return {
    settings: { secretKey: standin.secretKey, webhookSecret: endpoint.secret!, apiUrl: standin.url },
    url: standin.url,
    close: () => standin.close(),
  };
}
