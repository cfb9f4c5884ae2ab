import { startLlmStandin } from './standin.ts';

/**
 * Runs the LLM stand-in on its own, for trying the assistant by hand:
 *   PORT=8090 LLM_STANDIN_KEY=sk-local npm run llm-standin -w @saldo/server
 * then start the server with LLM_BASE_URL=http://127.0.0.1:8090/v1 and LLM_API_KEY=sk-local.
 * Optional: LLM_STANDIN_DELAY_MS (latency of every answer).
 */
const env = process.env;

const standin = await startLlmStandin({
  port: env.PORT ? Number(env.PORT) : 8090,
  apiKey: env.LLM_STANDIN_KEY || undefined,
  delayMs: env.LLM_STANDIN_DELAY_MS ? Number(env.LLM_STANDIN_DELAY_MS) : undefined,
});

console.log(`LLM stand-in listening on ${standin.url}`);
console.log(`  LLM_BASE_URL=${standin.url}/v1`);
console.log(`  LLM_API_KEY=${standin.apiKey}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void standin.close().then(() => process.exit(0));
  });
}
