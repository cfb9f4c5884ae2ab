import { randomUUID } from 'node:crypto';
import { reportPackApi } from '@saldo/contract/api/report-packs';
import { defaultPackSections, MAX_BOARD_PACKS } from '@saldo/contract/report-packs/sections';
import { packSections, type ReportPack } from '@saldo/contract/schemas/report-packs';
import { menu, on, write } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { parsePeriod } from '../../http/period.ts';
import { serve } from '../../http/serve.ts';
import { readableSources } from '../boards/held.ts';
import { userById } from '../profile/queries.ts';
import { packFigures } from './figures.ts';
import { previewPack } from './preview.ts';
import { boardWidgetLists, deletePack, insertPack, type PackRow, packOf, packsOf, updatePack } from './queries.ts';
import { boardKpis, checkSections, shownWidgets } from './sections.ts';

/** Reading a board's packs (and previewing one) needs the view right on it; changing one the edit right. */
const VIEW = menu('Dashboard', on('param:groupId', 'view'));
const EDIT = write('Dashboard', on('param:groupId', 'edit'));

/** A pack as answered; its sections checked again by the contract's schema as they are read. */
const toPack = (row: PackRow): ReportPack => ({
  _id: row.id,
  groupId: row.boardId,
  name: row.name,
  language: row.language,
  sections: packSections.parse(row.sections),
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const reportPackRoutes = [
  serve(reportPackApi.list, VIEW, async (c, { db }) => {
    const rows = await packsOf(db, c.req.param('groupId'));
    return c.json(rows.map(toPack));
  }),
  serve(reportPackApi.create, EDIT, async (c, { db }) => {
    const boardId = c.req.param('groupId');
    const input = c.req.valid('json');
    const widgets = shownWidgets(await boardWidgetLists(db, boardId));
    // The creator's portal language, unless the request names one.
    const language = input.language ?? (await userById(db, c.get('user').id))?.language ?? 'nor';
    // A name alone: the firm's default pack, with the board's KPIs.
    const sections = input.sections ?? defaultPackSections(boardKpis(widgets), language);
    checkSections(sections, widgets);
    const now = new Date();
    const row = await insertPack(
      db,
      {
        id: randomUUID(),
        boardId,
        name: input.name,
        language,
        sections,
        createdBy: c.get('user').id,
        createdAt: now,
        updatedAt: now,
      },
      MAX_BOARD_PACKS,
    );
    if (!row) throw new ApiError('PACK_LIMIT');
    return c.json(toPack(row), 201);
  }),
  serve(reportPackApi.get, VIEW, async (c, { db }) => {
    const row = await packOf(db, c.req.param('groupId'), c.req.param('packId'));
    if (!row) throw new ApiError('PACK_NOT_FOUND');
    return c.json(toPack(row));
  }),
  serve(reportPackApi.update, EDIT, async (c, { db }) => {
    const boardId = c.req.param('groupId');
    const input = c.req.valid('json');
    if (!(await packOf(db, boardId, c.req.param('packId')))) throw new ApiError('PACK_NOT_FOUND');
    if (input.sections) checkSections(input.sections, shownWidgets(await boardWidgetLists(db, boardId)));
    const row = await updatePack(db, boardId, c.req.param('packId'), {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.language === undefined ? {} : { language: input.language }),
      ...(input.sections === undefined ? {} : { sections: input.sections }),
      updatedAt: new Date(),
    });
    if (!row) throw new ApiError('PACK_NOT_FOUND');
    return c.json(toPack(row));
  }),
  serve(reportPackApi.delete, EDIT, async (c, { db }) => {
    if (!(await deletePack(db, c.req.param('groupId'), c.req.param('packId')))) throw new ApiError('PACK_NOT_FOUND');
    return c.json({ isDeleted: true as const });
  }),
  // A read, though a POST (its period is a body): a Viewer previews what they may view.
  serve(reportPackApi.preview, VIEW, async (c, { db }) => {
    const boardId = c.req.param('groupId');
    const row = await packOf(db, boardId, c.req.param('packId'));
    if (!row) throw new ApiError('PACK_NOT_FOUND');
    const { startDate, endDate } = c.req.valid('json');
    const period = parsePeriod(startDate, endDate);
    const [sources, lists] = await Promise.all([readableSources(c, db, boardId), boardWidgetLists(db, boardId)]);
    const pack = toPack(row);
    return c.json(
      previewPack({
        pack: { id: pack._id, name: pack.name, language: pack.language, sections: pack.sections },
        boardName: lists.name,
        widgets: shownWidgets(lists),
        figures: await packFigures(db, sources, period),
      }),
    );
  }),
];
