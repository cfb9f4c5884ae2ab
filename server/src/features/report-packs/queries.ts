import type { BoardWidget } from '@saldo/contract';
import { and, asc, between, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx, Writer } from '../../db/client.ts';
import {
  board,
  packSnapshot,
  reportPack,
  type SnapshotVoucher,
  subBoard,
  voucherTotal,
} from '../../db/schema/index.ts';
import { liveRows } from '../../ledger/snapshot.ts';

export type PackRow = typeof reportPack.$inferSelect;
export type SnapshotRow = typeof packSnapshot.$inferSelect;

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

/** A sent pack's frozen copy, written once (with its audit record, in the caller's transaction). */
export async function insertSnapshot(db: Writer, values: typeof packSnapshot.$inferInsert): Promise<SnapshotRow> {
  const [row] = await db.insert(packSnapshot).values(values).returning();
  return row!;
}

/** Withdraws a snapshot whose mail did not leave. */
export async function deleteSnapshot(db: Writer, id: string): Promise<void> {
  await db.delete(packSnapshot).where(eq(packSnapshot.id, id));
}

/** What a snapshot is listed and compared by: everything but its bytes, its sections, its vouchers and its link. */
const SNAPSHOT_COLUMNS = {
  id: packSnapshot.id,
  boardId: packSnapshot.boardId,
  packId: packSnapshot.packId,
  packName: packSnapshot.packName,
  startDate: packSnapshot.startDate,
  endDate: packSnapshot.endDate,
  language: packSnapshot.language,
  recipients: packSnapshot.recipients,
  sentBy: packSnapshot.sentBy,
  createdAt: packSnapshot.createdAt,
  contentHash: packSnapshot.contentHash,
  dataVersion: packSnapshot.dataVersion,
  figures: packSnapshot.figures,
  linkExpiresAt: packSnapshot.linkExpiresAt,
};

/** A pack's snapshots, newest first, without their bytes (their size instead). */
export async function snapshotsOf(db: Db, boardId: string, packId: string) {
  return db
    .select({ ...SNAPSHOT_COLUMNS, bytes: sql<number>`length(${packSnapshot.pdf})` })
    .from(packSnapshot)
    .where(and(eq(packSnapshot.boardId, boardId), eq(packSnapshot.packId, packId)))
    .orderBy(desc(packSnapshot.createdAt), desc(packSnapshot.id));
}

/** One snapshot of this board's pack; undefined for none (or another board's or pack's). */
export async function snapshotOf(
  db: Db,
  boardId: string,
  packId: string,
  id: string,
): Promise<SnapshotRow | undefined> {
  const [row] = await db
    .select()
    .from(packSnapshot)
    .where(and(eq(packSnapshot.id, id), eq(packSnapshot.boardId, boardId), eq(packSnapshot.packId, packId)));
  return row;
}

/** The snapshot a public link's secret hashes to. */
export async function snapshotByLink(db: Db, hash: string): Promise<SnapshotRow | undefined> {
  const [row] = await db.select().from(packSnapshot).where(eq(packSnapshot.linkHash, hash));
  return row;
}

/**
 * The live ledger's vouchers in the months `first`–`last` (each voucher's debit total per day, as the
 * sync keeps them in voucher_total), at most `max` + 1 rows: more than `max` means too many to keep.
 */
export async function periodVouchers(
  db: Db,
  sources: readonly string[],
  first: string,
  last: string,
  max: number,
): Promise<SnapshotVoucher[]> {
  if (sources.length === 0) return [];
  return db
    .select({
      source: voucherTotal.apiAccountId,
      period: voucherTotal.period,
      date: voucherTotal.date,
      voucher: voucherTotal.voucher,
      debit: voucherTotal.debit,
      description: voucherTotal.description,
    })
    .from(voucherTotal)
    .where(and(await liveRows(db, voucherTotal, sources), between(voucherTotal.period, first, last)))
    .orderBy(asc(voucherTotal.period), asc(voucherTotal.date), asc(voucherTotal.voucher))
    .limit(max + 1);
}

/** The latest snapshot of each pack of the boards (without its bytes): what the boards last sent. */
export async function latestSnapshots(db: Db, boardIds: readonly string[]) {
  if (boardIds.length === 0) return [];
  const rows = await db
    .select({
      ...SNAPSHOT_COLUMNS,
      sections: packSnapshot.sections,
      vouchers: packSnapshot.vouchers,
      checkedVersion: packSnapshot.checkedVersion,
    })
    .from(packSnapshot)
    .where(inArray(packSnapshot.boardId, [...boardIds]))
    .orderBy(desc(packSnapshot.createdAt), desc(packSnapshot.id));
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.boardId}|${r.packId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
