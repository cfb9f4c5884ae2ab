import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** How many migrations the database has applied; throws when the database does not answer. */
export async function appliedMigrations(db: Db): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`select count(*) as n from __drizzle_migrations`);
  return Number(row?.n ?? 0);
}
