import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3123);
// Per port, so browser runs started side by side (E2E_PORT) do not share a database.
const dataDir = `test-results/e2e-data-${port}`;
const standinPort = port + 1;
const llmPort = port + 2;
// The Stripe stand-in is a process the server starts and stops itself (no Stripe keys, a loopback
// address: server/dist/stripe-standin.js), as `npm start` does; its port is set here so the billing
// journey knows the checkout page's origin. Saldo's own default would be the same.
const stripePort = port + 9111;

/** Names the browser journeys share with the server's start-up settings below. */
export const E2E = {
  superAdmin: 'admin@saldo.no',
  partner: 'partner-e2e',
  /** Where the feedback form's mail goes (SALDO_FEEDBACK_EMAIL). */
  feedback: 'feedback@saldo.test',
  /** The server's data folder: a journey that needs a state no API makes (a link already expired) sets it here. */
  dataDir,
  /** Saldo's origin, and a partner's page on another origin (another host name and port). */
  saldoUrl: `http://127.0.0.1:${port}`,
  partnerPort: port + 3,
  /** The local Stripe stand-in's hosted pages (checkout, invoices), on their own origin. */
  stripeUrl: `http://127.0.0.1:${stripePort}`,
} as const;

/** Browser journeys on the real built app, in Debian's Chromium (never a downloaded browser). */
export default defineConfig({
  testDir: 'portal/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    locale: 'nb-NO',
    timezoneId: 'Europe/Oslo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // The Tripletex stand-in (a local server speaking Tripletex's API), for the partner-integration journey
      // and the bulk onboarding of an accounting office's three client companies.
      command: 'npx tsx server/src/test/tripletex-standin/main.ts',
      port: standinPort,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(standinPort) },
      stdout: 'ignore',
    },
    {
      // The LLM stand-in (a local server speaking the OpenAI chat completions API), for the assistant.
      command: 'npx tsx server/src/test/llm-standin/main.ts',
      port: llmPort,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(llmPort), LLM_STANDIN_KEY: 'sk-e2e-standin' },
      stdout: 'ignore',
    },
    {
      // A fresh data folder each run: the first start seeds the demo company, as on a new machine.
      command: `rm -rf ${dataDir} && node server/dist/main.js`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Access tokens live four seconds here, so the journeys go through transparent refreshes.
      env: {
        PORT: String(port),
        SALDO_DATA_DIR: dataDir,
        // The journeys follow verification and reset links through the development outbox.
        SALDO_DEV_OUTBOX: '1',
        SALDO_BASE_URL: `http://127.0.0.1:${port}`,
        ACCESS_TOKEN_TTL_SECONDS: '4',
        // Every journey's sign-up comes from 127.0.0.1; the limit itself is tested in the unit tests.
        SALDO_SIGNUPS_PER_IP_HOUR: '200',
        // routes.spec.ts: a SuperAdmin signs up, a partner signs users in, and the demo user is the one
        // who sees the partner-integration test link.
        SALDO_SUPERADMIN_EMAILS: E2E.superAdmin,
        SALDO_INTEGRATION_PARTNERS: E2E.partner,
        SALDO_PARTNER_TEST_EMAIL: 'demo@saldo.no',
        TRIPLETEX_BASE_URL: `http://127.0.0.1:${standinPort}/v2`,
        // Saldo's own consumer token (the stand-in's): connecting all of an accountant's Tripletex clients.
        TRIPLETEX_CONSUMER_TOKEN: 'standin-consumer-token',
        LLM_BASE_URL: `http://127.0.0.1:${llmPort}/v1`,
        LLM_API_KEY: 'sk-e2e-standin',
        STRIPE_STANDIN_PORT: String(stripePort),
        // The help menu's feedback form mails here; the journeys read it in the outbox.
        SALDO_FEEDBACK_EMAIL: E2E.feedback,
        // Warnings and errors only: one access line per request would bury a failing journey's output.
        SALDO_LOG_LEVEL: 'warn',
      },
      stdout: 'pipe',
    },
  ],
});
