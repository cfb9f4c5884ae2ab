import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { customWidget } from '../../db/schema/index.ts';

/** A board's custom widgets as stored: read by their data calls, written by their form. */

export type CustomWidgetRow = typeof customWidget.$inferSelect;

const customWidgetById = preparedOn((db) =>
  db
    .select()
    .from(customWidget)
    .where(and(eq(customWidget.id, sql.placeholder('id')), eq(customWidget.boardId, sql.placeholder('boardId'))))
    .prepare(),
);
/** A board's custom widget, if the board has one by this id: a prepared read, as each of its data calls asks. */
export const customWidgetOf = (db: Db, boardId: string, id: string): Promise<CustomWidgetRow | undefined> =>
  customWidgetById(db).get({ id, boardId });

export async function customWidgetsOf(db: Db, boardId: string): Promise<CustomWidgetRow[]> {
  return db.select().from(customWidget).where(eq(customWidget.boardId, boardId));
}

export async function insertCustomWidget(db: Db, values: typeof customWidget.$inferInsert): Promise<CustomWidgetRow> {
  const [row] = await db.insert(customWidget).values(values).returning();
  return row!;
}

export async function updateCustomWidget(
  db: Db,
  id: string,
  set: Partial<typeof customWidget.$inferInsert>,
): Promise<CustomWidgetRow> {
  const [row] = await db.update(customWidget).set(set).where(eq(customWidget.id, id)).returning();
  return row!;
}

export async function deleteCustomWidget(db: Db, id: string): Promise<void> {
  await db.delete(customWidget).where(eq(customWidget.id, id));
}
