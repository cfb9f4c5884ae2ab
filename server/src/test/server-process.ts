/**
 * A Saldo server in a process of its own, for tests of several processes on one database: the same
 * deps and app as main.ts (buildDeps, createApp) with its sync worker running, answering requests
 * sent over IPC through `app.request()` (no ports), a response body streamed back chunk by chunk.
 * Usage: node --import tsx server-process.ts <database url> <data dir> <lease ms>
 */
import { createApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { buildDeps } from '../deps.ts';
import { createMailer } from '../mail/mailer.ts';

export interface ProcessRequest {
  id: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export type ProcessReply =
  | { id: number; type: 'head'; status: number }
  | { id: number; type: 'chunk'; text: string }
  | { id: number; type: 'end' };

const [url, dataDir, leaseMs] = process.argv.slice(2);
if (!url || !dataDir || !leaseMs) throw new Error('usage: <database url> <data dir> <lease ms>');
const { db } = await openDatabase(url);
const deps = buildDeps({
  db,
  secret: 'process-test-secret-0123456789abcdef',
  baseUrl: 'http://localhost:3000',
  mailer: createMailer({ outboxDir: `${dataDir}/outbox`, from: 'test@saldo.no' }),
  dataDir,
  databaseUrl: url,
  syncOptions: { leaseMs: Number(leaseMs), pollMs: 50, progressEveryMs: 50 },
});
const app = createApp(deps);
deps.sync.start();

process.on('message', async (request: ProcessRequest) => {
  const send = (reply: ProcessReply) => process.send?.(reply);
  const res = await app.request(request.path, {
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
  send({ id: request.id, type: 'head', status: res.status });
  if (res.body) {
    const decoder = new TextDecoder();
    for await (const chunk of res.body) send({ id: request.id, type: 'chunk', text: decoder.decode(chunk) });
  }
  send({ id: request.id, type: 'end' });
});
process.on('SIGTERM', () => void deps.sync.stop().finally(() => process.exit(0)));
process.send?.({ type: 'ready', workerId: deps.sync.workerId });
