import { and, desc, eq } from 'drizzle-orm';
import type { Writer } from '../../db/client.ts';
import { publicShare } from '../../db/schema/index.ts';
import type { PublicShareRow } from './links.ts';

export async function insertPublicShare(db: Writer, values: typeof publicShare.$inferInsert): Promise<void> {
  await db.insert(publicShare).values(values);
}

/** A board's public links, newest first. */
export async function publicSharesOf(db: Writer, boardId: string): Promise<PublicShareRow[]> {
  return db.select().from(publicShare).where(eq(publicShare.boardId, boardId)).orderBy(desc(publicShare.createdAt));
}

/** The board a public link (by its stored id) was made for, if the link exists. */
export async function boardOfShare(db: Writer, id: string): Promise<string | undefined> {
  const [row] = await db.select({ boardId: publicShare.boardId }).from(publicShare).where(eq(publicShare.id, id));
  return row?.boardId;
}

export async function deletePublicShare(db: Writer, id: string, boardId: string): Promise<void> {
  await db.delete(publicShare).where(and(eq(publicShare.id, id), eq(publicShare.boardId, boardId)));
}
