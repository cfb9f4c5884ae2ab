import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import type { State } from '../../test/stripe-standin/objects.ts';
import { startLocalStripe } from './local-stripe.ts';
import { loadPlans } from './plans.ts';
import { createStripeClient } from './stripe.ts';

/**
 * `npm start` without Stripe keys: the Stripe stand-in is a process of its own, never part of the
 * server's bundle, kept in the data folder, and stopped with Saldo.
 */

const serverDir = resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'saldo-local-stripe-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The source files esbuild puts into a bundle of `entry`, as the build script bundles it. */
async function bundled(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [resolve(serverDir, entry)],
    absWorkingDir: serverDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    outdir: 'out',
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the local Stripe stand-in', () => {
  it("is built as an entry of its own, and none of its code is in the server's bundle", async () => {
    const script = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')).scripts.build as string;
    expect(script).toContain('stripe-standin=src/test/stripe-standin/main.ts');
    const main = await bundled('src/main.ts');
    expect(main).toContain('src/features/billing/local-stripe.ts');
    expect(main.filter((path) => path.startsWith('src/test/'))).toEqual([]);
    expect(await bundled('src/test/stripe-standin/main.ts')).toContain('src/test/stripe-standin/standin.ts');
  });

  it('runs in a process of its own, set up through the client, keeps its data, and stops with Saldo', async () => {
    const plans = loadPlans();
    const dataDir = tempDir();
    const options = { port: 0, serverPort: 3999, dataDir, plans };
    const first = await startLocalStripe(options);
    expect(first.pid).not.toBe(process.pid);
    expect(alive(first.pid)).toBe(true);
    const stripe = createStripeClient(first.settings);
    const keys = plans.plans.map((p) => p.stripeLookupKey);
    const prices = await stripe.prices.list({ lookup_keys: keys, active: true });
    expect(prices.data.map((p) => p.lookup_key).sort()).toEqual([...keys].sort());
    const endpoints = await stripe.webhookEndpoints.list();
    expect(endpoints.data.map((e) => e.url)).toEqual(['http://127.0.0.1:3999/api/billing/webhook']);
    expect(first.settings.webhookSecret).toMatch(/^whsec_/);

    // A port already taken: the stand-in takes a free one.
    const beside = await startLocalStripe({ ...options, port: Number(new URL(first.url).port), dataDir: tempDir() });
    expect(beside.url).not.toBe(first.url);
    expect((await createStripeClient(beside.settings).prices.list({ lookup_keys: keys })).data).toHaveLength(2);
    await beside.close();

    await first.close();
    expect(alive(first.pid)).toBe(false);

    // Started again on the same data folder: the same prices, none made twice.
    const state = (): State => JSON.parse(readFileSync(join(dataDir, 'stripe-standin.json'), 'utf8'));
    const before = Object.keys(state().prices).sort();
    expect(before).toHaveLength(keys.length);
    const again = await startLocalStripe(options);
    expect(Object.keys(state().prices).sort()).toEqual(before);
    await again.close();
  });
});
