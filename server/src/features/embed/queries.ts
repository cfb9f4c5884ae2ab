import { and, asc, eq } from 'drizzle-orm';
import type { Writer } from '../../db/client.ts';
import { embedKey } from '../../db/schema/index.ts';

export type EmbedKeyRow = typeof embedKey.$inferSelect;

export async function insertEmbedKey(db: Writer, values: typeof embedKey.$inferInsert): Promise<EmbedKeyRow> {
  const [row] = await db.insert(embedKey).values(values).returning();
  return row!;
}

/** A board's embed keys, oldest first. */
export async function embedKeysOf(db: Writer, boardId: string): Promise<EmbedKeyRow[]> {
  return db.select().from(embedKey).where(eq(embedKey.boardId, boardId)).orderBy(asc(embedKey.createdAt));
}

/** Revokes a board's key; false when the board has no key by this id. */
export async function deleteEmbedKey(db: Writer, boardId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(embedKey)
    .where(and(eq(embedKey.id, id), eq(embedKey.boardId, boardId)))
    .returning({ id: embedKey.id });
  return gone.length > 0;
}
