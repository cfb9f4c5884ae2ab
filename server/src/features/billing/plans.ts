import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BillingPlan } from '@saldo/contract';
import { z } from 'zod';
import { repoRoot } from '../../config.ts';

/** The plans shipped with Saldo; SALDO_BILLING_PLANS names another file of the same shape. */
export const DEFAULT_PLANS_FILE = resolve(repoRoot, 'server/billing-plans.json');

const text = z.object({ en: z.string().min(1), no: z.string().min(1) });

const planSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  unit: z.enum(['company', 'board']),
  /** A month for one unit, without VAT, in øre. */
  priceExclVat: z.number().int().positive(),
  name: text,
  description: text,
  /** The Stripe price's lookup key: the price is found by it, so the same file serves test and live mode. */
  stripeLookupKey: z.string().min(1).max(200),
});

const fileSchema = z.object({
  currency: z.literal('NOK'),
  vatPercent: z.number().int().min(0).max(100),
  plans: z
    .array(planSchema)
    .min(1)
    .refine((plans) => new Set(plans.map((p) => p.id)).size === plans.length, 'plan ids must be unique')
    .refine(
      (plans) => new Set(plans.map((p) => p.stripeLookupKey)).size === plans.length,
      'lookup keys must be unique',
    ),
});

export type PlanConfig = z.infer<typeof planSchema>;
export type PlansFile = z.infer<typeof fileSchema>;

/** The billing configuration as the server uses it: the file's plans with their prices worked out. */
export interface PlanCatalog {
  vatPercent: number;
  plans: readonly PlanConfig[];
  byId(id: string): PlanConfig | undefined;
  byLookupKey(key: string): PlanConfig | undefined;
  /** A plan as the API shows it, VAT included. */
  toApi(plan: PlanConfig): BillingPlan;
}

/**
 * Rounds half away from zero: the one rounding rule for money (2.5 → 3, -2.5 → -3). `numerator` and
 * `denominator` are whole numbers, so no float ever holds a fraction of an øre.
 */
export function divideRounded(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d)) || 0;
}

/** The VAT on an amount in øre at a whole percentage. */
export function vatOf(amountExclVat: number, vatPercent: number): number {
  return divideRounded(amountExclVat * vatPercent, 100);
}

export function catalogOf(file: PlansFile): PlanCatalog {
  const plans = file.plans;
  return {
    vatPercent: file.vatPercent,
    plans,
    byId: (id) => plans.find((p) => p.id === id),
    byLookupKey: (key) => plans.find((p) => p.stripeLookupKey === key),
    toApi: (p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      unit: p.unit,
      currency: 'NOK',
      interval: 'month',
      vatPercent: file.vatPercent,
      priceExclVat: p.priceExclVat,
      priceInclVat: p.priceExclVat + vatOf(p.priceExclVat, file.vatPercent),
    }),
  };
}

/** Reads and checks a plans file; a bad one stops the start with the reason. */
export function loadPlans(path = DEFAULT_PLANS_FILE): PlanCatalog {
  const parsed = fileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`Billing plans in ${path} are invalid: ${parsed.error.message}`);
  return catalogOf(parsed.data);
}
