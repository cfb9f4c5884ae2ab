import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { defaultLimits, type Limits } from './access/rate-limit.ts';
import type { AppDeps } from './app-deps.ts';
import { type Config, DEFAULT_SAFT_QUOTA, type SaftQuota } from './config.ts';
import { createSecretBox } from './crypto/secrets.ts';
import { type Db, openDatabase } from './db/client.ts';
import { user } from './db/schema/index.ts';
import { createLlmClient, type LlmSettings } from './features/assistant/llm-client.ts';
import { createAuth } from './features/auth/auth.ts';
import { createTokenService } from './features/auth/tokens.ts';
import { loadPlans, type PlanCatalog } from './features/billing/plans.ts';
import { createBoardQuantity } from './features/billing/quantity.ts';
import { createBilling, type StripeSettings } from './features/billing/stripe.ts';
import { createSyncRunner, type SyncRunnerOptions } from './features/sync/jobs.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { passwordResetMail } from './mail/templates.ts';
import { log } from './ops/log.ts';

/**
 * The auth secret: AUTH_SECRET when set, otherwise one generated on first start and kept in the
 * data folder (readable by the owner only), so tokens survive restarts of a local install.
 */
export function authSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): string {
  if (config.authSecret) return config.authSecret;
  const file = join(config.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface DepsOptions {
  db: Db;
  secret: string;
  baseUrl: string;
  mailer: Mailer;
  dataDir: string;
  databaseUrl: string;
  accessTokenTtlSeconds?: number;
  now?: () => number;
  limits?: Limits;
  integrationPartners?: readonly string[];
  trustedProxies?: readonly string[];
  metricsToken?: string;
  partnerTestEmail?: string;
  superAdminEmails?: readonly string[];
  encryptionKey?: string;
  tripletexBaseUrl?: string;
  /** The product's Tripletex consumer token (TRIPLETEX_CONSUMER_TOKEN); bulk onboarding is off without it. */
  tripletexConsumerToken?: string;
  syncOptions?: SyncRunnerOptions;
  trustedOrigins?: string[];
  /** The AI assistant's Chat Completions API; the assistant is off without it. */
  llm?: LlmSettings;
  /** Serve the outbox at /api/dev/outbox (development and tests only). */
  devOutbox?: boolean;
  /** Where feedback and bug reports are mailed; the form is off without it. */
  feedbackEmail?: string;
  /** The billing plans; the shipped plans file when unset. */
  plans?: PlanCatalog;
  /** Stripe's keys (or the local stand-in's); payments are off without them. */
  stripe?: StripeSettings;
  /** The SAF-T storage quota; DEFAULT_SAFT_QUOTA when unset. */
  saftQuota?: SaftQuota;
}

/** Wires the services every feature uses; shared by main.ts and the tests so both run the same code. */
export function buildDeps(o: DepsOptions): AppDeps {
  const auth = createAuth(o.db, {
    secret: o.secret,
    baseUrl: o.baseUrl,
    trustedOrigins: o.trustedOrigins ?? [o.baseUrl],
    async sendResetPassword(target, token) {
      const row = await o.db.query.user.findFirst({ where: eq(user.id, target.id) });
      const url = `${o.baseUrl}/password/reset?token=${encodeURIComponent(token)}`;
      await o.mailer.send(passwordResetMail(target.email, row?.firstName || target.name, url, row?.language ?? 'nor'));
    },
  });
  const secrets = createSecretBox({ encryptionKey: o.encryptionKey, authSecret: o.secret });
  const plans = o.plans ?? loadPlans();
  const tripletexBaseUrl = o.tripletexBaseUrl ?? 'https://tripletex.no/v2';
  const saftDir = join(o.dataDir, 'uploads', 'saft');
  const sync = createSyncRunner(
    o.db,
    {
      openSecret: (sealed) => secrets.open(sealed),
      tripletexBaseUrl,
      ...(o.tripletexConsumerToken ? { tripletexConsumerToken: o.tripletexConsumerToken } : {}),
      saftDir,
      now: o.now ? () => new Date(o.now!()) : undefined,
    },
    o.syncOptions,
  );
  const billing = o.stripe ? createBilling(o.stripe, plans) : undefined;
  const now = o.now ? () => new Date(o.now!()) : () => new Date();
  return {
    db: o.db,
    auth,
    secrets,
    sync,
    tripletexBaseUrl,
    tripletexConsumerToken: o.tripletexConsumerToken ?? null,
    saftDir,
    saftQuota: o.saftQuota ?? DEFAULT_SAFT_QUOTA,
    tokens: createTokenService(o.db, o.secret, { now: o.now, accessTtlSeconds: o.accessTokenTtlSeconds }),
    mailer: o.mailer,
    limits: o.limits ?? defaultLimits,
    baseUrl: o.baseUrl,
    uploadsDir: join(o.dataDir, 'uploads'),
    integrationPartners: o.integrationPartners ?? [],
    trustedProxies: o.trustedProxies ?? [],
    metricsToken: o.metricsToken,
    partnerTestEmail: o.partnerTestEmail ?? null,
    superAdminEmails: o.superAdminEmails ?? [],
    databaseUrl: o.databaseUrl,
    now: o.now,
    devOutbox: o.devOutbox ?? false,
    feedbackEmail: o.feedbackEmail ?? null,
    plans,
    ...(billing ? { billing, boardQuantity: createBoardQuantity(o.db, billing, now) } : {}),
    ...(o.llm ? { llm: createLlmClient(o.llm) } : {}),
  };
}

/**
 * Gives the SuperAdmin role to the configured e-mails whose accounts are verified; run after seeding.
 * An unverified account may belong to whoever signed up first with the address, not its owner.
 */
export async function promoteSuperAdmins(db: Db, emails: readonly string[]): Promise<void> {
  for (const email of emails)
    await db
      .update(user)
      .set({ role: 'SuperAdmin' })
      .where(and(eq(user.email, email), eq(user.emailVerified, true)));
}

/** The install's rate limits: the defaults, with the sign-ups per address an install may raise. */
export const limitsOf = (config: Pick<Config, 'signupsPerIpHour'>): Limits => ({
  ...defaultLimits,
  signupPerIp: { ...defaultLimits.signupPerIp, max: config.signupsPerIpHour },
});

/** `stripe` stands in for config.stripe when Saldo started its local Stripe stand-in (main.ts). */
export async function createDeps(config: Config, plans: PlanCatalog, stripe = config.stripe): Promise<AppDeps> {
  const { db } = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  const deps = buildDeps({
    db,
    secret: authSecret(config),
    baseUrl: config.baseUrl,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: join(config.dataDir, 'outbox'),
      from: config.mailFrom,
      // Without SMTP the person running Saldo reads their verification and reset links here.
      // Only the address, subject and links: never the body.
      onOutbox: (m) => log.info({ to: m.to, subject: m.subject, links: m.links }, 'Mail (no SMTP configured)'),
    }),
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    limits: limitsOf(config),
    integrationPartners: config.integrationPartners,
    trustedProxies: config.trustedProxies,
    metricsToken: config.metricsToken,
    partnerTestEmail: config.partnerTestEmail,
    superAdminEmails: config.superAdminEmails,
    encryptionKey: config.encryptionKey,
    tripletexBaseUrl: config.tripletexBaseUrl,
    ...(config.tripletexConsumerToken ? { tripletexConsumerToken: config.tripletexConsumerToken } : {}),
    llm: config.llm,
    devOutbox: config.devOutbox,
    ...(config.feedbackEmail ? { feedbackEmail: config.feedbackEmail } : {}),
    plans,
    stripe,
    saftQuota: config.saftQuota,
  });
  return {
    ...deps,
    portalDist: config.portalDist,
    sdkDist: config.sdkDist,
  };
}
