import { resolve } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { repoRoot } from '../config.ts';
import * as schema from './schema/index.ts';

export type Db = ReturnType<typeof drizzle<typeof schema>>;
export { schema };

export const migrationsFolder = resolve(repoRoot, 'server/drizzle');

export interface Database {
  db: Db;
  client: Client;
}

const files = new WeakMap<Db, string>();

/** The file behind a `file:` database, for code that opens a second connection (the ingest's writer). */
export function databaseFileOf(db: Db): string | null {
  return files.get(db) ?? null;
}

/** Opens libSQL: an embedded `file:` database, `:memory:` for tests, or a remote `libsql://` URL. */
export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  const client = createClient(authToken ? { url, authToken } : { url });
  if (url.startsWith('file:') || url === ':memory:') {
    // WAL lets readers go on while a sync writes; foreign keys are off by default in SQLite.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA busy_timeout = 5000');
  }
  await client.execute('PRAGMA foreign_keys = ON');
  const db = drizzle(client, { schema });
  if (url.startsWith('file:')) files.set(db, url.slice('file:'.length).split('?')[0]!);
  await migrate(db, { migrationsFolder });
  return { db, client };
}
