import type Stripe from 'stripe';
import type { PlanCatalog } from './plans.ts';

/**
 * Makes what the plans file names exist in a Stripe account: a product and a monthly NOK price per
 * plan (by its lookup key, with the configured amount) and the VAT tax rate (metadata saldo=vat).
 * What exists already is left as it is. Run at every start against the local stand-in, and once by
 * hand against a real account (`npm run billing:provision -w @saldo/server`).
 */
export async function provisionCatalog(stripe: Stripe, plans: PlanCatalog): Promise<{ created: string[] }> {
  const created: string[] = [];
  for (const plan of plans.plans) {
    const { data } = await stripe.prices.list({ lookup_keys: [plan.stripeLookupKey], active: true, limit: 1 });
    if (data.length > 0) continue;
    const product = await stripe.products.create({
      name: `Saldo ${plan.name.en}`,
      metadata: { saldoPlan: plan.id },
    });
    await stripe.prices.create({
      product: product.id,
      currency: 'nok',
      unit_amount: plan.priceExclVat,
      recurring: { interval: 'month' },
      lookup_key: plan.stripeLookupKey,
      tax_behavior: 'exclusive',
    });
    created.push(`price ${plan.stripeLookupKey}`);
  }
  const { data: rates } = await stripe.taxRates.list({ active: true, limit: 100 });
  if (!rates.some((r) => r.metadata?.saldo === 'vat' && r.percentage === plans.vatPercent && !r.inclusive)) {
    await stripe.taxRates.create({
      display_name: 'MVA',
      description: `Merverdiavgift ${plans.vatPercent} %`,
      percentage: plans.vatPercent,
      inclusive: false,
      country: 'NO',
      jurisdiction: 'NO',
      metadata: { saldo: 'vat' },
    });
    created.push(`tax rate ${plans.vatPercent} %`);
  }
  return { created };
}
