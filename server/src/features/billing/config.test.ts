import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

/** Which payments a start gets from its environment: Stripe's keys, the local stand-in, or none. */

const dataDir = mkdtempSync(join(tmpdir(), 'saldo-billing-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const config = (env: NodeJS.ProcessEnv) => loadConfig({ SALDO_DATA_DIR: dataDir, ...env });

describe('billing configuration', () => {
  it('uses Stripe when its keys are set, and refuses a key without its webhook secret', () => {
    const c = config({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(c.stripe).toEqual({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x' });
    expect(c.stripeStandinPort).toBeUndefined();
    expect(() => config({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('runs the stand-in without keys on a local install, on a port of its own beside Saldo', () => {
    expect(config({}).stripeStandinPort).toBe(12111);
    expect(config({ PORT: '3123', SALDO_BASE_URL: 'http://127.0.0.1:3123' }).stripeStandinPort).toBe(12234);
    expect(config({ STRIPE_STANDIN_PORT: '4000' }).stripeStandinPort).toBe(4000);
    expect(config({ STRIPE_STANDIN: '0' }).stripeStandinPort).toBeUndefined();
  });

  it('leaves payments off on a public address without keys, unless the stand-in is asked for', () => {
    const pub = { SALDO_BASE_URL: 'https://saldo.example.no' };
    const c = config(pub);
    expect([c.stripe, c.stripeStandinPort]).toEqual([undefined, undefined]);
    expect(config({ ...pub, STRIPE_STANDIN: '1' }).stripeStandinPort).toBe(12111);
  });

  it('reads another plans file when SALDO_BILLING_PLANS names one', () => {
    expect(config({}).billingPlansFile).toBeUndefined();
    expect(config({ SALDO_BILLING_PLANS: '/etc/saldo/plans.json' }).billingPlansFile).toBe('/etc/saldo/plans.json');
  });
});
