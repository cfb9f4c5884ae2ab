import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { threadedConnector } from './connectors/threaded.ts';
import { openDatabase } from './db/client.ts';
import { apiAccount, user } from './db/schema/index.ts';
import { ingestLedger } from './sync/ingest.ts';

const path = process.argv[2]!;
const file = '/tmp/mem-probe2.db';
for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true });
const { db, client } = await openDatabase(`file:${file}`);
if (process.argv[3] === 'noindex') await client.execute('drop index staging_record_job_idx');
const uid = randomUUID();
const now = new Date();
await db.insert(user).values({ id: uid, name: 'b', email: `${uid}@x.invalid`, createdAt: now, updatedAt: now });
const id = randomUUID();
await db.insert(apiAccount).values({ id, ownerId: uid, name: 'b', provider: 'saft', createdAt: now });
const t0 = Date.now();
const r = await ingestLedger(db, id, threadedConnector({ kind: 'saft', path }));
console.log(
  process.argv[3] ?? 'index',
  'postings',
  r.postings,
  'done in',
  (Date.now() - t0) / 1000,
  'maxRSS MB',
  Math.round(process.resourceUsage().maxRSS / 1024),
);
