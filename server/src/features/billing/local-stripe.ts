import { type ChildProcess, fork } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Stripe from 'stripe';
import { repoRoot } from '../../config.ts';
import { log } from '../../ops/log.ts';
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
  /** The stand-in's process id: never this process's. */
  pid: number;
  close(): Promise<void>;
}

/** What the stand-in's process says once over IPC (server/src/test/stripe-standin/main.ts). */
type StandinMessage =
  | { type: 'listening'; url: string; secretKey: string }
  | { type: 'failed'; code: string | null; message: string };

/**
 * The stand-in's program: in a build, dist/stripe-standin.js beside dist/main.js (esbuild builds it
 * as an entry of its own, so none of it is in main.js); from source (`npm run dev`, tests), its
 * TypeScript main through tsx.
 */
function standinProgram(): { script: string; execArgv: string[] } {
  if (!import.meta.url.endsWith('.ts'))
    return {
      script: fileURLToPath(new URL('./stripe-standin.js', import.meta.url)),
      execArgv: ['--enable-source-maps'],
    };
  return { script: resolve(repoRoot, 'server/src/test/stripe-standin/main.ts'), execArgv: ['--import', 'tsx'] };
}

class StandinFailed extends Error {
  constructor(
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** Starts the stand-in's process on `port` and waits until it listens; it ends with this process. */
function spawnStandin(
  port: number,
  stateFile: string,
): Promise<{ child: ChildProcess; url: string; secretKey: string }> {
  const { script, execArgv } = standinProgram();
  // Only what it needs: Saldo's own secrets stay out of its environment.
  const env = { PATH: process.env.PATH ?? '', PORT: String(port), STRIPE_STANDIN_STATE: stateFile };
  const child = fork(script, [], { execArgv, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolveStart, reject) => {
    const onExit = (code: number | null) =>
      reject(new StandinFailed(null, `the Stripe stand-in exited (code ${code}) before it listened`));
    child.once('exit', onExit);
    child.once('error', reject);
    child.once('message', (message: StandinMessage) => {
      child.off('exit', onExit);
      if (message.type === 'listening') resolveStart({ child, url: message.url, secretKey: message.secretKey });
      else reject(new StandinFailed(message.code, message.message));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/**
 * `npm start` without Stripe keys: the Stripe stand-in runs as a process of its own on
 * 127.0.0.1:`port`, keeping its customers, subscriptions and invoices in the data folder
 * (stripe-standin.json). Saldo sets it up through the real client as it would a Stripe account: the
 * plans' prices and the VAT rate (provisionCatalog), and a webhook endpoint to this server, whose
 * signing secret it takes from the answer. Nothing here is a secret worth keeping: the key is new at
 * every start. The stand-in stops when Saldo does (close, or this process's exit).
 */
export async function startLocalStripe(options: {
  port: number;
  serverPort: number;
  dataDir: string;
  plans: PlanCatalog;
}): Promise<LocalStripe> {
  const stateFile = join(options.dataDir, 'stripe-standin.json');
  const standin = await spawnStandin(options.port, stateFile).catch((err: unknown) => {
    if (!(err instanceof StandinFailed) || err.code !== 'EADDRINUSE') throw err;
    // Another program has the port: any free one does, though links to earlier invoices then point at the old one.
    log.warn({ port: options.port }, 'Billing: the port is taken, the Stripe stand-in takes a free port instead');
    return spawnStandin(0, stateFile);
  });
  const { child } = standin;
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  let closing = false;
  child.once('exit', (code, signal) => {
    if (!closing)
      log.error({ code, signal }, 'Billing: the Stripe stand-in stopped; payments fail until Saldo restarts');
  });
  try {
    const stripe = createStripeClient({ secretKey: standin.secretKey, apiUrl: standin.url });
    await provisionCatalog(stripe, options.plans);
    const url = `http://127.0.0.1:${options.serverPort}/api/billing/webhook`;
    for (const old of (await stripe.webhookEndpoints.list({ limit: 100 })).data)
      if (old.url === url) await stripe.webhookEndpoints.del(old.id);
    const endpoint = await stripe.webhookEndpoints.create({ url, enabled_events: WEBHOOK_EVENTS });
    return {
      settings: { secretKey: standin.secretKey, webhookSecret: endpoint.secret!, apiUrl: standin.url },
      url: standin.url,
      pid: child.pid!,
      close: async () => {
        closing = true;
        process.off('exit', kill);
        await stop(child);
      },
    };
  } catch (err) {
    closing = true;
    process.off('exit', kill);
    await stop(child);
    throw err;
  }
}
