import { standinClients } from './clients.ts';
import { startTripletexStandin } from './standin.ts';

/**
 * Runs the Tripletex stand-in on its own, for trying the connector by hand:
 *   PORT=8089 npm run tripletex-standin -w @saldo/server
 * Optional: TRIPLETEX_FROM_MONTH / TRIPLETEX_TO_MONTH (yyyy-mm), TRIPLETEX_SCALE, TRIPLETEX_LATENCY_MS,
 * TRIPLETEX_RATE_LIMIT_EVERY, TRIPLETEX_FAIL_EVERY, TRIPLETEX_CLIENTS (how many client companies of
 * clients.ts the employee token reaches as an accountant, default 3).
 */
const env = process.env;
const num = (name: string) => (env[name] ? Number(env[name]) : undefined);

const standin = await startTripletexStandin({
  clients: standinClients(num('TRIPLETEX_CLIENTS') ?? 3, {
    fromMonth: '2025-01',
    toMonth: env.TRIPLETEX_TO_MONTH ?? '2026-10',
  }),
  port: num('PORT') ?? 8089,
  company: {
    seed: num('TRIPLETEX_SEED') ?? 4102,
    fromMonth: env.TRIPLETEX_FROM_MONTH ?? '2024-01',
    toMonth: env.TRIPLETEX_TO_MONTH ?? '2026-10',
    scale: num('TRIPLETEX_SCALE') ?? 1,
  },
  latencyMs: num('TRIPLETEX_LATENCY_MS'),
  rateLimitEvery: num('TRIPLETEX_RATE_LIMIT_EVERY'),
  failEvery: num('TRIPLETEX_FAIL_EVERY'),
});

console.log(`Tripletex stand-in listening on ${standin.url}`);
console.log(`  consumerToken: ${standin.consumerToken}`);
console.log(`  employeeToken: ${standin.employeeToken} (an accountant's: ${standin.clients.length} clients)`);
console.log(`  ${standin.company.postings.length} postings, ${standin.company.accounts.length} accounts`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void standin.close().then(() => process.exit(0));
  });
}
