/** What an export reads from the database besides the widgets' data: the board, its companies, its notes. */

import type { BoardWidget } from '@saldo/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiAccount, board, boardApiAccount, subBoard } from '../../db/schema/index.ts';
import { withoutOrgNumber } from './pdf/branding.ts';

/** A company behind the board and its organisation number, where the source knows one. */
export interface ExportCompany {
  name: string;
  organisationNumber: string | null;
}

export interface ExportBoard {
  name: string;
  /** The companies behind the board, each with its organisation number once. */
  sources: ExportCompany[];
  /** The note on each exported widget, by its id, where the board keeps one. */
  notes: Map<string, string>;
}

/**
 * A source's name and number as two things. A SAF-T source is named after its file's company with the
 * number in brackets ('Accountflow AS (918874224)', api-accounts/routes.ts) and keeps the number too:
 * writing both made 'Accountflow AS (918874224) (918874224)'. The bracket is left out where it is the
 * source's own number, which is then shown once, beside the name.
 */
export function companyOf(name: string, number: string | null): ExportCompany {
  const organisationNumber = number?.trim() || null;
  return { name: withoutOrgNumber(name, [organisationNumber]), organisationNumber };
}

/**
 * The board's name, its companies, and its notes on the widgets `ids`. Notes live on the grid a widget
 * sits in (the board's or a sub-board's): the first grid holding every exported widget is the one
 * exported, the board's own first.
 */
export async function exportBoard(db: Db, boardId: string, ids: string[]): Promise<ExportBoard | null> {
  const [row] = await db.select({ name: board.name, widgets: board.widgets }).from(board).where(eq(board.id, boardId));
  if (!row) return null;
  const accounts = await db
    .select({ name: apiAccount.name, number: apiAccount.number })
    .from(boardApiAccount)
    .innerJoin(apiAccount, eq(apiAccount.id, boardApiAccount.apiAccountId))
    .where(eq(boardApiAccount.boardId, boardId))
    .orderBy(asc(apiAccount.name));
  const grids: BoardWidget[][] = [row.widgets];
  if (ids.length && !ids.every((id) => row.widgets.some((w) => w.id === id))) {
    const subs = await db
      .select({ widgets: subBoard.widgets })
      .from(subBoard)
      .where(eq(subBoard.boardId, boardId))
      .orderBy(asc(subBoard.createdAt));
    grids.push(...subs.map((s) => s.widgets));
  }
  const grid = grids.find((g) => ids.every((id) => g.some((w) => w.id === id))) ?? row.widgets;
  const notes = new Map<string, string>();
  for (const widget of grid)
    if (ids.includes(widget.id) && widget.note?.trim()) notes.set(widget.id, widget.note.trim());
  return {
    name: row.name,
    sources: accounts.map((a) => companyOf(a.name, a.number)),
    notes,
  };
}
