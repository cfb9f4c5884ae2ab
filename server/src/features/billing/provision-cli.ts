import { loadConfig } from '../../config.ts';
import { WEBHOOK_EVENTS } from './local-stripe.ts';
import { loadPlans } from './plans.ts';
import { provisionCatalog } from './provision.ts';
import { createStripeClient } from './stripe.ts';

/**
 * `npm run billing:provision -w @saldo/server`: makes the plans file's prices and the VAT rate exist in
 * the Stripe account of STRIPE_SECRET_KEY (test or live mode), once, before payments are taken there.
 * What exists is left alone. The webhook endpoint is made in Stripe's dashboard (its secret is shown
 * only there); this prints the events it must send.
 */
const config = loadConfig();
if (!config.stripe) {
  console.error('Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (the keys of the Stripe account to set up)');
  process.exit(1);
}
const plans = loadPlans(config.billingPlansFile);
const { created } = await provisionCatalog(createStripeClient(config.stripe), plans);
console.log(created.length > 0 ? `Made in Stripe: ${created.join(', ')}` : 'Stripe has every price and the VAT rate');
console.log(`Webhook endpoint: ${config.baseUrl}/api/billing/webhook, with the events ${WEBHOOK_EVENTS.join(', ')}`);
