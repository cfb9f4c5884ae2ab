import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consolidation } from '../../db/schema/index.ts';

export type ConsolidationRow = typeof consolidation.$inferSelect;

/** A board's consolidation group, if it has one (a board has at most one). */
export async function consolidationOf(db: Db, boardId: string): Promise<ConsolidationRow | undefined> {
  return (await db.select().from(consolidation).where(eq(consolidation.boardId, boardId)))[0];
}

export async function insertConsolidation(
  db: Db,
  values: typeof consolidation.$inferInsert,
): Promise<ConsolidationRow> {
  const [row] = await db.insert(consolidation).values(values).returning();
  return row!;
}

export async function updateConsolidation(
  db: Db,
  boardId: string,
  set: Pick<ConsolidationRow, 'name' | 'apis' | 'deductAccounts'>,
): Promise<ConsolidationRow> {
  const [row] = await db.update(consolidation).set(set).where(eq(consolidation.boardId, boardId)).returning();
  return row!;
}

export async function deleteConsolidation(db: Db, boardId: string): Promise<void> {
  await db.delete(consolidation).where(eq(consolidation.boardId, boardId));
}
