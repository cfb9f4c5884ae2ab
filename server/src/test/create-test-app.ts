import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiAccountProvider, CustomWidget } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import type { Limits } from '../access/rate-limit.ts';
import { createApp } from '../app.ts';
import type { AppDeps } from '../app-deps.ts';
import type { SaftQuota } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { apiAccount, boardMember, user } from '../db/schema/index.ts';
import { buildDeps } from '../deps.ts';
import type { LlmSettings } from '../features/assistant/llm-client.ts';
import type { StripeSettings } from '../features/billing/stripe.ts';
import type { SyncRunnerOptions } from '../features/sync/jobs.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { DEMO_USER, seedDemo } from '../seed.ts';
import { checkResponses } from './response-check.ts';

export const TEST_TODAY = new Date('2026-11-21T12:00:00Z');

/** Test responses read JSON loosely: assertions, not types, check the shape. */
// biome-ignore lint/suspicious/noExplicitAny: test-only convenience, every use is asserted
export type TestResponse = Omit<Response, 'json'> & { json(): Promise<any> };

/** A response's status and the error `code` its body names, where the body is JSON with one. */
export async function statusAndCode(res: TestResponse): Promise<{ status: number; code: string | undefined }> {
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code };
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  dataDir: string;
  boardId: string;
  apiAccountId: string;
  userId: string;
  /** Logs in as the demo user and returns the login response. */
  login(): Promise<{ jwtToken: string; refreshToken: string }>;
  request(path: string, init?: RequestInit & { token?: string }): Promise<TestResponse>;
  /** A new API account of the demo user (no board), for feeding a connector's records into. */
  addApiAccount(provider: ApiAccountProvider, name?: string): Promise<string>;
  /**
   * Another user, signed up, verified and logged in: its id and access token. `role` is its site role
   * (User unless SuperAdmin), `member` makes it a member of the demo board in that role.
   */
  signUp(email: string, options?: SignUpOptions): Promise<{ id: string; token: string }>;
  /** A custom widget of the demo board, made through its route as `token`'s user (`body` as the route takes it). */
  addCustomWidget(token: string, body: object): Promise<CustomWidget>;
}

export interface SignUpOptions {
  role?: 'User' | 'SuperAdmin';
  member?: (typeof boardMember.$inferInsert)['role'];
  /** Its first name (and name); its last name is Nordmann. */
  name?: string;
}

/** The auth secret of every test app: a process of a test's own (pack-runner-process.ts) signs and derives as its app does. */
export const TEST_SECRET = 'test-secret-0123456789abcdef0123456789';

/** The password every user signUp makes has. */
export const TEST_PASSWORD = 'Testing1234';

export interface TestAppOptions {
  now?: () => number;
  accessTokenTtlSeconds?: number;
  limits?: Limits;
  /** Defaults to an outbox in a fresh temporary folder. */
  mailer?: Mailer;
  integrationPartners?: string[];
  partnerTestEmail?: string;
  superAdminEmails?: string[];
  tripletexBaseUrl?: string;
  /** The product's Tripletex consumer token (TRIPLETEX_CONSUMER_TOKEN), e.g. the stand-in's. */
  tripletexConsumerToken?: string;
  syncOptions?: SyncRunnerOptions;
  /** The AI assistant's API, e.g. the LLM stand-in (`${standin.url}/v1`); the assistant is off without it. */
  llm?: LlmSettings;
  /** The test harness turns the development outbox on, as `npm run dev` does; false shows `npm start`. */
  devOutbox?: boolean;
  /** The feedback form's address (SALDO_FEEDBACK_EMAIL); the form is off without it. */
  feedbackEmail?: string;
  /** Stripe's settings, e.g. the Stripe stand-in's (`apiUrl`, its key, a webhook endpoint's secret); payments are off without. */
  stripe?: StripeSettings;
  /**
   * 'file': a libSQL file in the data folder, as a server has (other connections, WAL), instead of :memory:;
   * a URL and token: a remote database, e.g. the local Hrana server's (test-tools/hrana-server.ts).
   */
  database?: 'memory' | 'file' | { url: string; authToken?: string };
  /** The SAF-T storage quota (small ones to test it); the defaults when unset. */
  saftQuota?: SaftQuota;
  /** SALDO_METRICS_TOKEN: lets a caller from elsewhere read /metrics. */
  metricsToken?: string;
  /** SALDO_TRUSTED_PROXIES; 'local' trusts `app.request()` itself, so a test's X-Forwarded-For is its client's address. */
  trustedProxies?: string[];
}

/**
 * A fresh :memory: database (or a file: options.database) with migrations and the demo company (2024-01 to 2026-10), wired by
 * the same buildDeps as main.ts; files (outbox, uploads) go to a fresh temporary folder.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // In the run's folder (test-tools/temp-folder.ts), which the run removes when it ends.
  const dataDir = mkdtempSync(join(process.env.SALDO_TEST_TMP ?? tmpdir(), 'saldo-test-'));
  const remote = typeof options.database === 'object' ? options.database : null;
  const databaseUrl = remote?.url ?? (options.database === 'file' ? `file:${join(dataDir, 'saldo.db')}` : ':memory:');
  const { db } = await openDatabase(databaseUrl, remote?.authToken);
  const deps = buildDeps({
    db,
    secret: TEST_SECRET,
    baseUrl: 'http://localhost:3000',
    mailer: options.mailer ?? createMailer({ outboxDir: join(dataDir, 'outbox'), from: 'Saldo <test@saldo.no>' }),
    dataDir,
    databaseUrl,
    now: options.now,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    limits: options.limits,
    integrationPartners: options.integrationPartners,
    partnerTestEmail: options.partnerTestEmail,
    superAdminEmails: options.superAdminEmails,
    tripletexBaseUrl: options.tripletexBaseUrl,
    ...(options.tripletexConsumerToken ? { tripletexConsumerToken: options.tripletexConsumerToken } : {}),
    syncOptions: options.syncOptions,
    llm: options.llm,
    devOutbox: options.devOutbox ?? true,
    stripe: options.stripe,
    feedbackEmail: options.feedbackEmail,
    ...(options.saftQuota ? { saftQuota: options.saftQuota } : {}),
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
  });
  const seeded = await seedDemo(db, deps.auth, TEST_TODAY);
  if (!seeded) throw new Error('seeding failed');
  // Every JSON answer of every HTTP test is checked against its route's schema.
  const app = checkResponses(createApp(deps));
  const request = (path: string, init: RequestInit & { token?: string } = {}) => {
    const { token, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (typeof rest.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return Promise.resolve(app.request(path, { ...rest, headers })) as Promise<TestResponse>;
  };
  return {
    app,
    deps,
    dataDir,
    boardId: seeded.boardId,
    apiAccountId: seeded.apiAccountId,
    userId: seeded.userId,
    request,
    async addApiAccount(provider, name = `${provider} account`) {
      const id = randomUUID();
      await db.insert(apiAccount).values({ id, ownerId: seeded.userId, name, provider, createdAt: new Date() });
      return id;
    },
    async signUp(email, { role = 'User', member, name = 'Test' } = {}) {
      const { user: created } = await deps.auth.api.signUpEmail({
        body: { email, password: TEST_PASSWORD, name, firstName: name, lastName: 'Nordmann' },
      });
      await db.update(user).set({ emailVerified: true, role }).where(eq(user.id, created.id));
      if (member) {
        await db
          .insert(boardMember)
          .values({ boardId: seeded.boardId, userId: created.id, role: member, addedAt: new Date() });
      }
      const res = await request('/api/auth/login', {
        method: 'POST',
        body: JSON.stringify({ email, password: TEST_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
      return { id: created.id, token: (await res.json()).jwtToken as string };
    },
    async addCustomWidget(token, body) {
      const res = await request(`/api/widgets/${seeded.boardId}/custom/create`, {
        method: 'POST',
        token,
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`custom widget not made: ${res.status} ${await res.text()}`);
      return (await res.json()) as CustomWidget;
    },
    async login() {
      const res = await request('/api/auth/login', {
        method: 'POST',
        body: JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password }),
      });
      if (res.status !== 200) throw new Error(`demo login failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as { jwtToken: string; refreshToken: string };
    },
  };
}

/** A new app with the demo owner logged in and a custom widget `name` of the accounts 5xxx (salaries) on the demo board. */
export async function appWithSalaryWidget(name: string): Promise<{ t: TestApp; token: string; custom: CustomWidget }> {
  const t = await createTestApp();
  const token = (await t.login()).jwtToken;
  const custom = await t.addCustomWidget(token, { name, type: 'accountRange', range: { from: '5xxx', to: '5xxx' } });
  return { t, token, custom };
}
