import type { Limits } from './access/rate-limit.ts';
import type { SaftQuota } from './config.ts';
import type { SecretBox } from './crypto/secrets.ts';
import type { Db } from './db/client.ts';
import type { LlmClient } from './features/assistant/llm-client.ts';
import type { Auth } from './features/auth/auth.ts';
import type { TokenService } from './features/auth/tokens.ts';
import type { PlanCatalog } from './features/billing/plans.ts';
import type { BoardQuantity } from './features/billing/quantity.ts';
import type { Billing } from './features/billing/stripe.ts';
import type { SyncRunner } from './features/sync/jobs.ts';
import type { Mailer } from './mail/mailer.ts';

/** What every feature's routes get: the database and the auth services, no globals. */
export interface AppDeps {
  db: Db;
  auth: Auth;
  tokens: TokenService;
  mailer: Mailer;
  secrets: SecretBox;
  sync: SyncRunner;
  tripletexBaseUrl: string;
  /** The product's Tripletex consumer token (a secret), or null: connecting all of an accountant's clients is off. */
  tripletexConsumerToken: string | null;
  /** Where uploaded SAF-T files are kept. */
  saftDir: string;
  /** How many bytes of SAF-T files a user may keep, and a board read. */
  saftQuota: SaftQuota;
  limits: Limits;
  /** Public origin of the portal, for links in e-mails. */
  baseUrl: string;
  /** Where uploaded files (avatars) are kept. */
  uploadsDir: string;
  integrationPartners: readonly string[];
  /** Proxies whose X-Forwarded-For is believed (SALDO_TRUSTED_PROXIES): their addresses. */
  trustedProxies: readonly string[];
  /** Lets a caller from elsewhere read /metrics (a secret); loopback callers need none. */
  metricsToken?: string;
  /** The user who gets the partner-integration test entry in their menu, or null. */
  partnerTestEmail: string | null;
  /** Signups with these e-mails get the SuperAdmin role. */
  superAdminEmails: readonly string[];
  databaseUrl: string;
  /** The clock (ms), injected so tests control "now" (e.g. when a trial ends); Date.now when unset. */
  now?: () => number;
  /** Computed statements kept in memory (0 turns the cache off, e.g. to measure the uncached path). */
  reportCacheEntries?: number;
  /** Serve the local mail outbox at /api/dev/outbox to loopback callers (development and tests only). */
  devOutbox?: boolean;
  /** Where the portal's feedback and bug reports are mailed (SALDO_FEEDBACK_EMAIL), or null: the form is off. */
  feedbackEmail: string | null;
  /** The billing plans (the plans file): listed and priced whether or not payments are set up. */
  plans: PlanCatalog;
  /** Stripe (or its local stand-in); absent when payments are not set up: nothing can be bought. */
  billing?: Billing;
  /** With billing: keeps a per-board subscription's quantity at the owner's board count. */
  boardQuantity?: BoardQuantity;
  /** The AI assistant's model; absent when no LLM is set up (the assistant is off). */
  llm?: LlmClient;
  portalDist?: string;
  sdkDist?: string;
}
