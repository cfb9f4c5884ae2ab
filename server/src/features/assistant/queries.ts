import type { BoardWidget } from '@saldo/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aiQuery, board, subBoard } from '../../db/schema/index.ts';

export type AiQueryRow = typeof aiQuery.$inferSelect;

export async function insertAiQuery(db: Db, values: typeof aiQuery.$inferInsert): Promise<AiQueryRow> {
  const [row] = await db.insert(aiQuery).values(values).returning();
  return row!;
}

/** A board's saved question, if it has one by this id (an AI widget's). */
export async function savedAiQuery(db: Db, boardId: string, id: string): Promise<AiQueryRow | undefined> {
  const [row] = await db
    .select()
    .from(aiQuery)
    .where(and(eq(aiQuery.id, id), eq(aiQuery.boardId, boardId)));
  return row;
}

/** A board's saved questions, newest first (rowid orders those saved in the same millisecond). */
export async function aiQueriesOf(db: Db, boardId: string): Promise<AiQueryRow[]> {
  return db
    .select()
    .from(aiQuery)
    .where(eq(aiQuery.boardId, boardId))
    .orderBy(desc(aiQuery.createdAt), desc(sql`rowid`));
}

/**
 * Deletes a board's saved question and, in the same transaction, its AI widgets from the board's and
 * sub-boards' layouts (they would only say "not found"). False when the board has no such question.
 */
export async function deleteAiQuery(db: Db, boardId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(aiQuery)
      .where(and(eq(aiQuery.id, id), eq(aiQuery.boardId, boardId)))
      .returning({ id: aiQuery.id });
    if (deleted.length === 0) return false;
    const without = (widgets: BoardWidget[]) => widgets.filter((w) => !(w.widget === 'ai' && w.id === id));
    const [owner] = await tx.select({ widgets: board.widgets }).from(board).where(eq(board.id, boardId));
    if (owner && without(owner.widgets).length !== owner.widgets.length)
      await tx
        .update(board)
        .set({ widgets: without(owner.widgets) })
        .where(eq(board.id, boardId));
    for (const sub of await tx.select().from(subBoard).where(eq(subBoard.boardId, boardId))) {
      if (without(sub.widgets).length !== sub.widgets.length)
        await tx
          .update(subBoard)
          .set({ widgets: without(sub.widgets) })
          .where(eq(subBoard.id, sub.id));
    }
    return true;
  });
}
