// A firm template's report pack (issue 30): saved from one board's pack, and copied to each board the
// template is applied to, inside that board's own apply transaction (templates/queries.ts).

import { randomUUID } from 'node:crypto';
import type { BoardWidget, TemplatePack } from '@saldo/contract';
import { MAX_BOARD_PACKS } from '@saldo/contract/report-packs/sections';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { insertPackIn, packOf } from './queries.ts';
import { checkSections, shownWidgets } from './sections.ts';

/** A board's pack as a template holds it (PACK_NOT_FOUND when the board has no such pack). */
export async function packForTemplate(db: Db, boardId: string, packId: string): Promise<TemplatePack> {
  const row = await packOf(db, boardId, packId);
  if (!row) throw new ApiError('PACK_NOT_FOUND');
  return { name: row.name, language: row.language, sections: row.sections };
}

/**
 * Writes the template's pack as a new pack of the board, as the board is once the template is applied
 * (`board`: its widgets then). A widget section naming a widget the board does not show then is left
 * out (a custom widget gets a new id on each board); anything else the pack names is checked as when a
 * pack is saved. Throws (PACK_LIMIT, PACK_PLACEHOLDER_UNKNOWN), so the board's whole apply is undone.
 */
export async function addTemplatePack(
  tx: Tx,
  boardId: string,
  pack: TemplatePack,
  board: { widgets: BoardWidget[]; subBoards: BoardWidget[][] },
  by: { userId: string; now: Date },
): Promise<void> {
  const widgets = shownWidgets(board);
  const shown = new Set(widgets.map((w) => w.id));
  const sections = pack.sections.filter((s) => s.kind !== 'widget' || shown.has(s.widgetId));
  checkSections(sections, widgets);
  const row = await insertPackIn(
    tx,
    {
      id: randomUUID(),
      boardId,
      name: pack.name,
      language: pack.language,
      sections,
      createdBy: by.userId,
      createdAt: by.now,
      updatedAt: by.now,
    },
    MAX_BOARD_PACKS,
  );
  if (!row) throw new ApiError('PACK_LIMIT');
}
