import { resolve } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { repoRoot } from '../config.ts';
import { withCachedReads } from './cached-reads.ts';
import * as schema from './schema/index.ts';

export type Db = ReturnType<typeof drizzle<typeof schema>>;
export { schema };

export const migrationsFolder = resolve(repoRoot, 'server/drizzle');

export interface Database {
  db: Db;
  client: Client;
}

/** How long a statement waits for a lock held elsewhere; every write transaction is short (see sync/ingest.ts). */
export const BUSY_TIMEOUT_MS = 5000;

const files = new WeakMap<Db, string>();

/** The file behind a `file:` database, for code that opens a second connection (the ingest's writer). */
export function databaseFileOf(db: Db): string | null {
  return files.get(db) ?? null;
}

/** Opens libSQL: an embedded `file:` database, `:memory:` for tests, or a remote `libsql://` URL. */
export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  const local = url.startsWith('file:') || url === ':memory:';
  // The client opens several connections to a file: every one of them waits for a lock another
  // process (or connection) holds, instead of failing at once with SQLITE_BUSY. A PRAGMA would
  // reach only the connection that ran it.
  const opened = createClient({
    url,
    ...(authToken ? { authToken } : {}),
    ...(local ? { timeout: BUSY_TIMEOUT_MS } : {}),
  });
  // WAL lets readers go on while a sync writes (a property of the file, so one connection sets it).
  const file = url.startsWith('file:') ? url.slice('file:'.length).split('?')[0]! : null;
  if (local) await opened.execute('PRAGMA journal_mode = WAL');
  await opened.execute('PRAGMA foreign_keys = ON');
  // Remotely every request may be a stream of its own, a connection of its own on the server, so the
  // PRAGMA above held for its stream alone (libsql/sqld#764). libSQL's build turns foreign keys on for
  // every connection; on a server whose build does not, references would go unchecked: refuse it.
  if (!local) await requireForeignKeys(opened, url);
  const client = file ? withCachedReads(opened, file, BUSY_TIMEOUT_MS) : opened;
  const db = drizzle(client, { schema });
  if (file) files.set(db, file);
  await migrate(db, { migrationsFolder });
  return { db, client };
}

async function requireForeignKeys(client: Client, url: string): Promise<void> {
  const { rows } = await client.execute('PRAGMA foreign_keys');
  if (Number(rows[0]?.[0]) !== 1) {
    const host = url.replace(/^[a-z]+:\/\/([^/?#]*).*$/i, '$1');
    throw new Error(
      `The database at ${host} leaves foreign keys off for a new connection (PRAGMA foreign_keys = 0): ` +
        'Saldo needs them enforced on every connection, as libSQL servers (sqld, Turso) do.',
    );
  }
}

/** A transaction's handle, as `db.transaction(async (tx) => …)` gives it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The database or a transaction: what a query that may run inside another's transaction takes. */
export type Writer = Db | Tx;
