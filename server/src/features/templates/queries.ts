import type { BoardRole } from '@saldo/contract';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type BoardDashboardState,
  board,
  boardTemplateUndo,
  customWidget,
  firmTemplate,
  subBoard,
  user,
} from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { holdsRole, memberRoleSql } from '../boards/member-role.ts';

/** A write transaction, or the database: each apply and undo runs its board's writes in one. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbOrTx = Db | Tx;

export type TemplateRow = typeof firmTemplate.$inferSelect;

const RANK: Readonly<Record<BoardRole, number>> = { Viewer: 0, Editor: 1, Admin: 2, owner: 3 };

/**
 * The firms a user works in and their place in each: their own (as owner), and each owner of a board
 * they hold a role on (of the board or of a tag it carries), by their highest role on that owner's boards.
 */
export async function firmsOf(db: Db, userId: string): Promise<Map<string, BoardRole>> {
  const rows = await db
    .select({ firm: board.ownerId, role: memberRoleSql(userId) })
    .from(board)
    .where(holdsRole(userId));
  const firms = new Map<string, BoardRole>([[userId, 'owner']]);
  for (const { firm, role } of rows) {
    if (!role) continue;
    const had = firms.get(firm);
    if (!had || RANK[role] > RANK[had]) firms.set(firm, role);
  }
  return firms;
}

export async function firmNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, name: user.name, company: user.companyName })
    .from(user)
    .where(inArray(user.id, ids));
  return new Map(rows.map((r) => [r.id, r.company?.trim() || r.name]));
}

export async function templatesOfFirms(db: Db, firmIds: string[]): Promise<TemplateRow[]> {
  if (firmIds.length === 0) return [];
  return db
    .select()
    .from(firmTemplate)
    .where(inArray(firmTemplate.firmId, firmIds))
    .orderBy(desc(firmTemplate.createdAt));
}

export async function templateById(db: Db, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(firmTemplate).where(eq(firmTemplate.id, id));
  return row;
}

export async function insertTemplate(db: Db, values: typeof firmTemplate.$inferInsert): Promise<TemplateRow> {
  const [row] = await db.insert(firmTemplate).values(values).returning();
  return row!;
}

export async function deleteTemplate(db: Db, id: string): Promise<void> {
  await db.delete(firmTemplate).where(eq(firmTemplate.id, id));
}

/** The owner of a board (its firm), or undefined when there is no such board. */
export async function boardFirm(db: DbOrTx, boardId: string): Promise<string | undefined> {
  const [row] = await db.select({ owner: board.ownerId }).from(board).where(eq(board.id, boardId));
  return row?.owner;
}

/** A board's dashboard and KPIs exactly as stored (BOARD_NOT_FOUND when it is gone). */
export async function dashboardState(db: DbOrTx, boardId: string): Promise<BoardDashboardState> {
  const [row] = await db.select({ widgets: board.widgets }).from(board).where(eq(board.id, boardId));
  if (!row) throw new ApiError('BOARD_NOT_FOUND');
  const subs = await db.select().from(subBoard).where(eq(subBoard.boardId, boardId)).orderBy(subBoard.createdAt);
  const customs = await db.select().from(customWidget).where(eq(customWidget.boardId, boardId));
  return {
    widgets: row.widgets,
    subBoards: subs.map((s) => ({ id: s.id, name: s.name, widgets: s.widgets, createdAt: s.createdAt.getTime() })),
    customWidgets: customs.map((c) => ({ ...c, createdAt: c.createdAt.getTime() })),
  };
}

/**
 * Writes a board's dashboard and KPIs as `state` says: its widgets, and its sub-boards and custom
 * widgets replaced by the state's (with their ids, so an undo gives back the very rows).
 */
async function writeDashboardState(tx: Tx, boardId: string, state: BoardDashboardState, now: Date): Promise<void> {
  const updated = await tx
    .update(board)
    .set({ widgets: state.widgets, updatedAt: now })
    .where(eq(board.id, boardId))
    .returning({ id: board.id });
  if (updated.length === 0) throw new ApiError('BOARD_NOT_FOUND');
  await tx.delete(subBoard).where(eq(subBoard.boardId, boardId));
  await tx.delete(customWidget).where(eq(customWidget.boardId, boardId));
  if (state.subBoards.length)
    await tx.insert(subBoard).values(state.subBoards.map((s) => ({ ...s, boardId, createdAt: new Date(s.createdAt) })));
  if (state.customWidgets.length)
    await tx
      .insert(customWidget)
      .values(state.customWidgets.map((c) => ({ ...c, boardId, createdAt: new Date(c.createdAt) })));
}

/**
 * Applies a change to one board in one transaction: its state before is kept as its one undo
 * (`undo`), then `next(before)` is written, then `also` writes what else comes with it (a template's
 * report pack). Anything `next` or `also` throws leaves the board and its undo as they were.
 */
export async function applyToBoardState(
  db: Db,
  boardId: string,
  undo: Omit<typeof boardTemplateUndo.$inferInsert, 'boardId' | 'before'>,
  next: (before: BoardDashboardState) => BoardDashboardState,
  also?: (tx: Tx, after: BoardDashboardState) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await dashboardState(tx, boardId);
    await tx
      .insert(boardTemplateUndo)
      .values({ ...undo, boardId, before })
      .onConflictDoUpdate({ target: boardTemplateUndo.boardId, set: { ...undo, before } });
    const after = next(before);
    await writeDashboardState(tx, boardId, after, undo.appliedAt);
    await also?.(tx, after);
  });
}

/** Puts the board back as its undo record says, and drops the record (TEMPLATE_NOTHING_TO_UNDO without one). */
export async function undoBoard(db: Db, boardId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await undoOf(tx, boardId);
    if (!row) throw new ApiError('TEMPLATE_NOTHING_TO_UNDO');
    await writeDashboardState(tx, boardId, row.before, now);
    await tx.delete(boardTemplateUndo).where(eq(boardTemplateUndo.boardId, boardId));
  });
}

export async function undoOf(db: DbOrTx, boardId: string) {
  const [row] = await db.select().from(boardTemplateUndo).where(eq(boardTemplateUndo.boardId, boardId));
  return row;
}
