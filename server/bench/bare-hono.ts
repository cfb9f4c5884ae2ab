/**
 * The ceiling of the load bench: a bare Hono endpoint (`c.json`) served by the same number of
 * processes as Saldo's HTTP processes (node:cluster, one port), with nothing behind it.
 * Usage: node --import tsx bare-hono.ts <port> <processes>
 */
import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const [port, processes] = process.argv.slice(2).map(Number) as [number, number];
if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const app = new Hono().get('/', (c) => c.json({ ok: true }));
  serve({ fetch: app.fetch, port });
}
