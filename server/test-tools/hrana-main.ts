import { resolve } from 'node:path';
import { startHranaServer } from './hrana-server.ts';

/**
 * Runs the local Hrana server on its own, for trying Saldo on a remote database by hand:
 *   HRANA_FILE=/tmp/remote.db HRANA_TOKEN=secret PORT=8080 npm run hrana-server -w @saldo/server
 * then start Saldo with DATABASE_URL=http://127.0.0.1:8080 and DATABASE_AUTH_TOKEN=secret.
 */
const env = process.env;
const server = await startHranaServer({
  file: resolve(env.HRANA_FILE ?? 'hrana.db'),
  authToken: env.HRANA_TOKEN || undefined,
  port: env.PORT ? Number(env.PORT) : 8080,
});
console.log(`Hrana server listening on ${server.url}`);
console.log(`  DATABASE_URL=${server.url}${env.HRANA_TOKEN ? `\n  DATABASE_AUTH_TOKEN=${env.HRANA_TOKEN}` : ''}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
