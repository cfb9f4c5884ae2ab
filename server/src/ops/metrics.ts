/**
 * What an operator watches Saldo by, in Prometheus' text format at `GET /metrics` (prom-client). Each
 * process counts its own; under the
 * cluster primary (main.ts) a scrape is answered with every process's figures summed (prom-client's
 * AggregatorRegistry), the database's figures (job queues, file size) read once.
 */
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { Context } from 'hono';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { clientIp, isLoopback } from '../http/client-ip.ts';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/**
 * Requests by method, route (the declared path, never the raw URL), status and ok, with their
 * duration: the names, labels and buckets @hono/prometheus gives them. Counted by the request's log
 * middleware (ops/log.ts), which times the request anyway: a middleware of its own cost every request
 * another async layer (issue 28's bench).
 */
const requestLabels = ['method', 'status', 'ok', 'route'] as const;
const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Duration of HTTP requests in seconds',
  labelNames: requestLabels,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
  registers: [registry],
});
const requestsTotal = new Counter({
  name: 'http_requests_total',
  help: 'Total number of HTTP requests',
  labelNames: requestLabels,
  registers: [registry],
});

const syncJobs = new Counter({
  name: 'saldo_sync_jobs_total',
  help: 'Sync jobs ended, by how they ended (done or failed)',
  labelNames: ['state'] as const,
  registers: [registry],
});
const syncDuration = new Histogram({
  name: 'saldo_sync_duration_seconds',
  help: 'How long a sync job ran, by how it ended',
  labelNames: ['state'] as const,
  buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900, 1800],
  registers: [registry],
});
const importLines = new Counter({
  name: 'saldo_import_lines_total',
  help: 'Posting lines imported by syncs (rate() of it is lines per second)',
  registers: [registry],
});
const mail = new Counter({
  name: 'saldo_mail_total',
  help: 'E-mails handed to SMTP (or the outbox), by result (sent or failed)',
  labelNames: ['result'] as const,
  registers: [registry],
});
const scheduled = new Counter({
  name: 'saldo_scheduled_runs_total',
  help: 'Runs of scheduled jobs (backups, deliveries), by kind and result (done, retried, failed)',
  labelNames: ['kind', 'result'] as const,
  registers: [registry],
});

/** Where the product's code reports what it did. */
export const metrics = {
  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status), ok: String(status >= 200 && status < 300) };
    requestDuration.observe(labels, seconds);
    requestsTotal.inc(labels);
  },
  syncEnded(state: 'done' | 'failed', ms: number, lines: number): void {
    syncJobs.inc({ state });
    syncDuration.observe({ state }, ms / 1000);
    if (lines > 0) importLines.inc(lines);
  },
  mail(result: 'sent' | 'failed'): void {
    mail.inc({ result });
  },
  scheduledRun(kind: string, result: 'done' | 'retried' | 'failed'): void {
    scheduled.inc({ kind, result });
  },
};

export interface DatabaseFigures {
  /** Sync jobs by state: queued and running now, done and failed ever. */
  syncJobs(): Promise<Record<string, number>>;
  /** Scheduled runs by kind and state; `due` is queued with its moment passed. */
  scheduledJobs(): Promise<Array<{ kind: string; state: string; n: number }>>;
  /** The database file and its write-ahead log, in bytes (null for a remote database). */
  databaseFile: string | null;
}

/**
 * The figures the database holds, read at scrape time. Every process reads the same rows, so the
 * primary takes one process's value ('max'), not their sum.
 */
export function watchDatabase(figures: DatabaseFigures): void {
  // The app made last is the one watched (tests make several, each on a database of its own).
  for (const name of ['saldo_sync_jobs', 'saldo_scheduled_jobs', 'saldo_database_bytes'])
    registry.removeSingleMetric(name);
  new Gauge({
    name: 'saldo_sync_jobs',
    help: 'Sync jobs in the database by state',
    labelNames: ['state'] as const,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.reset();
      for (const [state, n] of Object.entries(await figures.syncJobs())) this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'saldo_scheduled_jobs',
    help: 'Scheduled runs in the database by kind and state (due: queued and its moment passed)',
    labelNames: ['kind', 'state'] as const,
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.reset();
      for (const { kind, state, n } of await figures.scheduledJobs()) this.set({ kind, state }, n);
    },
  });
  const file = figures.databaseFile;
  if (file)
    new Gauge({
      name: 'saldo_database_bytes',
      help: 'Size of the database file and its write-ahead log',
      aggregator: 'max',
      registers: [registry],
      async collect() {
        const size = async (path: string) => (await stat(path).catch(() => ({ size: 0 }))).size;
        this.set((await size(file)) + (await size(`${file}-wal`)));
      },
    });
}

const ASK = 'saldo:metrics';
const ANSWER = 'saldo:metrics:answer';
let asked = 0;
const waiting = new Map<number, (text: string) => void>();

/** In a cluster worker: this process answers the primary's requests for its figures, and asks it for everyone's. */
if (cluster.isWorker) {
  // prom-client answers the primary's requests once an AggregatorRegistry exists in the process.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  process.on('message', (message: { type?: string; id?: number; text?: string }) => {
    if (message?.type !== ANSWER || message.id === undefined) return;
    waiting.get(message.id)?.(message.text ?? '');
    waiting.delete(message.id);
  });
}

/** In the cluster primary: answers a worker's scrape with every worker's figures summed. */
export function aggregateForWorkers(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    void aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text }),
      (e: unknown) => worker.send({ type: ANSWER, id: message.id, text: `# aggregation failed: ${String(e)}\n` }),
    );
  });
}

async function scrape(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = ++asked;
  return new Promise((answer) => {
    waiting.set(id, answer);
    process.send!({ type: ASK, id });
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * `GET /metrics`: for a caller on this machine, or one that brings SALDO_METRICS_TOKEN as its bearer
 * token; anyone else gets 404, as for a page that is not there.
 */
export function serveMetrics(token: string | undefined) {
  return async (c: Context) => {
    const bearer = c.req.header('authorization')?.replace(/^Bearer\s+/i, '');
    const allowed = token !== undefined && bearer !== undefined && timingSafeEqual(digest(bearer), digest(token));
    if (!allowed && !isLoopback(clientIp(c))) return c.text('Not found', 404);
    return c.text(await scrape(), 200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
  };
}
