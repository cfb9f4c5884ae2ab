import { mkdirSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultLimits } from './access/rate-limit.ts';
import { DEFAULT_LLM_MODEL, type LlmSettings } from './features/assistant/llm-client.ts';
import type { StripeSettings } from './features/billing/stripe.ts';

const MB = 1024 * 1024;

/** How many bytes of SAF-T files a user may keep on the server, and one board read (features/api-accounts/saft-quota.ts). */
export interface SaftQuota {
  /** All SAF-T files of one user together (SALDO_SAFT_QUOTA_USER_MB). */
  userBytes: number;
  /** The SAF-T files one board reads together (SALDO_SAFT_QUOTA_BOARD_MB). */
  boardBytes: number;
}

export const DEFAULT_SAFT_QUOTA: SaftQuota = { userBytes: 10_240 * MB, boardBytes: 4_096 * MB };

/** The repository root, so defaults work from any working directory. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Config {
  port: number;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  dataDir: string;
  /** Public origin of the product, used for links in mail and trusted by better-auth. */
  baseUrl: string;
  /** Signs access tokens and seeds better-auth's secret. */
  authSecret: string | undefined;
  portalDist: string;
  sdkDist: string;
  seedDemo: boolean;
  /** smtp://user:pass@host:port — when unset, mail goes to the outbox folder under the data dir. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the portal's feedback and bug reports are mailed (SALDO_FEEDBACK_EMAIL); unset, the form is off. */
  feedbackEmail: string | undefined;
  /**
   * Development only (SALDO_DEV_OUTBOX=1, set by `npm run dev` and the browser tests): serve the local
   * outbox at /api/dev/outbox to loopback callers. Off by default: mail holds reset links.
   */
  devOutbox: boolean;
  /** Lifetime of access tokens; short in browser tests so refresh is exercised. */
  accessTokenTtlSeconds: number;
  /**
   * Sign-ups one client address may make in an hour (SALDO_SIGNUPS_PER_IP_HOUR, default 10): an office
   * behind one address signing its staff up raises it; the browser tests, all from 127.0.0.1, do too.
   */
  signupsPerIpHour: number;
  /** Users with these e-mails get the SuperAdmin role at start. */
  superAdminEmails: string[];
  /** A bearer token that lets a caller from elsewhere than this machine read /metrics (SALDO_METRICS_TOKEN). */
  metricsToken: string | undefined;
  /** Addresses of the reverse proxies in front (SALDO_TRUSTED_PROXIES), whose X-Forwarded-For is believed. */
  trustedProxies: string[];
  /** Integration partners known to this install (ids accepted as integrationPartnerId). */
  integrationPartners: string[];
  /** The one user who sees the partner-integration test link (SPEC §2); nobody when unset. */
  partnerTestEmail: string | undefined;
  tripletexBaseUrl: string;
  /**
   * The product's own Tripletex consumer token (TRIPLETEX_CONSUMER_TOKEN), issued to Saldo by Tripletex: with
   * it an accountant connects every client company from one employee token. A secret: never logged. Unset,
   * only the per-account consumer token (partners who bring their own) works.
   */
  tripletexConsumerToken: string | undefined;
  /**
   * Backups on a schedule (SALDO_BACKUP_DIR, SALDO_BACKUP_EVERY such as 24h or 30m, default 24h;
   * SALDO_BACKUP_KEEP, default 7): run as a scheduled job by the sync processes. Off when no folder is set.
   */
  backup: { dir: string; everyMs: number; keep: number } | undefined;
  /**
   * How many days the audit trail keeps a record (SALDO_AUDIT_KEEP_DAYS, default 400, at least 366:
   * a year at least, issue 31); a daily scheduled job removes the older ones.
   */
  auditKeepDays: number;
  /** 32 bytes, base64: seals API keys at rest. Unset, a key is derived from the auth secret. */
  encryptionKey: string | undefined;
  /** Run sync workers on this host (default on): in a process of their own when there are several. */
  syncWorker: boolean;
  /**
   * HTTP server processes (SALDO_PROCESSES, default one per core). Above 1 `npm start` runs a small
   * primary that forks them (node:cluster, one port) and the sync processes beside them.
   */
  processes: number;
  /**
   * Sync processes beside them (SALDO_SYNC_PROCESSES, default 2): when one dies mid-sync, another is
   * already running and takes its job at its next poll, instead of after a restart.
   */
  syncProcesses: number;
  /** The AI assistant's Chat Completions API; unset (no LLM_BASE_URL or LLM_API_KEY), the assistant is off. */
  llm?: LlmSettings;
  /** The billing plans file (SALDO_BILLING_PLANS); the shipped server/billing-plans.json by default. */
  billingPlansFile: string | undefined;
  /** Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, optionally STRIPE_API_URL). */
  stripe?: StripeSettings;
  /**
   * Without Stripe keys, the port of the local Stripe stand-in, a process the server starts: on a
   * loopback base URL (a local install), or anywhere with STRIPE_STANDIN=1; STRIPE_STANDIN=0 turns
   * it off. Unset: payments are off.
   */
  stripeStandinPort?: number;
  /** SAF-T storage: all of a user's files (SALDO_SAFT_QUOTA_USER_MB) and one board's (SALDO_SAFT_QUOTA_BOARD_MB). */
  saftQuota: SaftQuota;
}

/** True for a base URL on this machine only: where a stand-in for payments can do no harm. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}

/**
 * The stand-in's port unless STRIPE_STANDIN_PORT says otherwise: Saldo's port + 9111 (3000 → 12111), so
 * two Saldos side by side (other ports) never want the same one, and a restart finds its links again.
 */
const standinPortFor = (port: number) => (port + 9111 <= 65535 ? port + 9111 : 12111);

function stripeOf(env: NodeJS.ProcessEnv, baseUrl: string, port: number): Pick<Config, 'stripe' | 'stripeStandinPort'> {
  if (env.STRIPE_SECRET_KEY) {
    if (!env.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET');
    return {
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}),
      },
    };
  }
  const standin = env.STRIPE_STANDIN === '1' || (env.STRIPE_STANDIN !== '0' && isLoopbackUrl(baseUrl));
  return standin
    ? { stripeStandinPort: positiveInt(env.STRIPE_STANDIN_PORT, standinPortFor(port), 'STRIPE_STANDIN_PORT') }
    : {};
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}

/** Reads the environment with safe local defaults: an embedded libSQL file under `.data/`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const dataDir = absolute(env.SALDO_DATA_DIR ?? resolve(repoRoot, '.data'));
  mkdirSync(dataDir, { recursive: true });
  const baseUrl = env.SALDO_BASE_URL ?? `http://localhost:${port}`;
  return {
    port,
    databaseUrl: env.DATABASE_URL ?? `file:${resolve(dataDir, 'saldo.db')}`,
    databaseAuthToken: env.DATABASE_AUTH_TOKEN,
    dataDir,
    baseUrl,
    authSecret: env.AUTH_SECRET,
    portalDist: absolute(env.SALDO_PORTAL_DIST ?? resolve(repoRoot, 'portal/dist')),
    sdkDist: resolve(repoRoot, 'sdk/dist'),
    seedDemo: env.SALDO_SEED_DEMO !== '0',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Saldo <no-reply@saldo.no>',
    feedbackEmail: emailOf(env.SALDO_FEEDBACK_EMAIL, 'SALDO_FEEDBACK_EMAIL'),
    devOutbox: env.SALDO_DEV_OUTBOX === '1',
    accessTokenTtlSeconds: positiveInt(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60, 'ACCESS_TOKEN_TTL_SECONDS'),
    signupsPerIpHour: positiveInt(
      env.SALDO_SIGNUPS_PER_IP_HOUR,
      defaultLimits.signupPerIp.max,
      'SALDO_SIGNUPS_PER_IP_HOUR',
    ),
    superAdminEmails: list(env.SALDO_SUPERADMIN_EMAILS).map((e) => e.toLowerCase()),
    integrationPartners: list(env.SALDO_INTEGRATION_PARTNERS),
    metricsToken: env.SALDO_METRICS_TOKEN || undefined,
    trustedProxies: list(env.SALDO_TRUSTED_PROXIES).map((ip) => {
      if (!isIP(ip)) throw new Error(`SALDO_TRUSTED_PROXIES must list IP addresses, got ${ip}`);
      return ip;
    }),
    partnerTestEmail: env.SALDO_PARTNER_TEST_EMAIL?.trim().toLowerCase() || undefined,
    tripletexBaseUrl: env.TRIPLETEX_BASE_URL ?? 'https://tripletex.no/v2',
    tripletexConsumerToken: env.TRIPLETEX_CONSUMER_TOKEN?.trim() || undefined,
    backup: env.SALDO_BACKUP_DIR
      ? {
          dir: absolute(env.SALDO_BACKUP_DIR),
          everyMs: duration(env.SALDO_BACKUP_EVERY, 24 * HOUR, 'SALDO_BACKUP_EVERY'),
          keep: positiveInt(env.SALDO_BACKUP_KEEP, 7, 'SALDO_BACKUP_KEEP'),
        }
      : undefined,
    auditKeepDays: atLeastAYear(positiveInt(env.SALDO_AUDIT_KEEP_DAYS, 400, 'SALDO_AUDIT_KEEP_DAYS')),
    encryptionKey: env.SALDO_ENCRYPTION_KEY || undefined,
    syncWorker: env.SALDO_SYNC_WORKER !== '0',
    processes: positiveInt(env.SALDO_PROCESSES, availableParallelism(), 'SALDO_PROCESSES'),
    syncProcesses: env.SALDO_SYNC_WORKER === '0' ? 0 : positiveInt(env.SALDO_SYNC_PROCESSES, 2, 'SALDO_SYNC_PROCESSES'),
    llm:
      env.LLM_BASE_URL && env.LLM_API_KEY
        ? { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL || DEFAULT_LLM_MODEL }
        : undefined,
    billingPlansFile: env.SALDO_BILLING_PLANS ? absolute(env.SALDO_BILLING_PLANS) : undefined,
    saftQuota: {
      userBytes:
        positiveInt(env.SALDO_SAFT_QUOTA_USER_MB, DEFAULT_SAFT_QUOTA.userBytes / MB, 'SALDO_SAFT_QUOTA_USER_MB') * MB,
      boardBytes:
        positiveInt(env.SALDO_SAFT_QUOTA_BOARD_MB, DEFAULT_SAFT_QUOTA.boardBytes / MB, 'SALDO_SAFT_QUOTA_BOARD_MB') *
        MB,
    },
    ...stripeOf(env, baseUrl, port),
  };
}

function atLeastAYear(days: number): number {
  if (days < 366) throw new Error(`SALDO_AUDIT_KEEP_DAYS must be at least 366 (a year), got ${days}`);
  return days;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got ${value}`);
  return n;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A whole number of minutes (30m), hours (6h) or days (1d), at least a minute. */
function duration(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const m = /^(\d+)\s*(m|h|d)$/.exec(value.trim());
  const n = m ? Number(m[1]) * { m: MINUTE, h: HOUR, d: 24 * HOUR }[m[2] as 'm' | 'h' | 'd'] : 0;
  if (n < MINUTE) throw new Error(`${name} must be a duration such as 30m, 6h or 1d, got ${value}`);
  return n;
}

/** One plain address (no display name, no list), or undefined when unset. */
function emailOf(value: string | undefined, name: string): string | undefined {
  const email = value?.trim();
  if (!email) return undefined;
  if (!/^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(email))
    throw new Error(`${name} must be one e-mail address, got ${value}`);
  return email;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A database URL safe to show: credentials and tokens dropped. */
export function redactDatabaseUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@').replace(/([?&](authToken|token)=)[^&]*/gi, '$1***');
}
