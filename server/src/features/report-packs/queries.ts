import type { BoardWidget } from '@saldo/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { board, reportPack, subBoard } from '../../db/schema/index.ts';

export type PackRow = typeof reportPack.$inferSelect;

/** A board's packs, oldest first. */
export async function packsOf(db: Db, boardId: string): Promise<PackRow[]> {
  return db
    .select()
    .from(reportPack)
    .where(eq(reportPack.boardId, boardId))
    .orderBy(asc(reportPack.createdAt), asc(reportPack.id));
}

/** A pack of this board; undefined for none (or another board's). */
export async function packOf(db: Db, boardId: string, id: string): Promise<PackRow | undefined> {
  const [row] = await db
    .select()
    .from(reportPack)
    .where(and(eq(reportPack.id, id), eq(reportPack.boardId, boardId)));
  return row;
}

/**
 * Inserts a pack unless the board already holds `max`: counted and written in one transaction, so
 * two calls at once cannot both pass the bound. Undefined when the board is full.
 */
export async function insertPack(
  db: Db,
  values: typeof reportPack.$inferInsert,
  max: number,
): Promise<PackRow | undefined> {
  return db.transaction((tx) => insertPackIn(tx, values, max));
}

/** insertPack inside a transaction of the caller's (a template applied to a board writes its pack with its dashboard). */
export async function insertPackIn(
  tx: Tx,
  values: typeof reportPack.$inferInsert,
  max: number,
): Promise<PackRow | undefined> {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(reportPack)
    .where(eq(reportPack.boardId, values.boardId));
  if (n >= max) return undefined;
  const [row] = await tx.insert(reportPack).values(values).returning();
  return row;
}

export async function updatePack(
  db: Db,
  boardId: string,
  id: string,
  set: Partial<Pick<PackRow, 'name' | 'language' | 'sections'>> & { updatedAt: Date },
): Promise<PackRow | undefined> {
  const [row] = await db
    .update(reportPack)
    .set(set)
    .where(and(eq(reportPack.id, id), eq(reportPack.boardId, boardId)))
    .returning();
  return row;
}

export async function deletePack(db: Db, boardId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(reportPack)
    .where(and(eq(reportPack.id, id), eq(reportPack.boardId, boardId)))
    .returning({ id: reportPack.id });
  return gone.length > 0;
}

/** A board's name and the widgets it stores: its own (none stored: none yet arranged) and each sub-board's. */
export async function boardWidgetLists(
  db: Db,
  boardId: string,
): Promise<{ name: string; widgets: BoardWidget[]; subBoards: BoardWidget[][] }> {
  const [[row], subs] = await Promise.all([
    db.select({ name: board.name, widgets: board.widgets }).from(board).where(eq(board.id, boardId)),
    db.select({ widgets: subBoard.widgets }).from(subBoard).where(eq(subBoard.boardId, boardId)),
  ]);
  return { name: row?.name ?? '', widgets: row?.widgets ?? [], subBoards: subs.map((s) => s.widgets) };
}
