import { randomUUID } from 'node:crypto';
import { reportPackApi } from '@saldo/contract/api/report-packs';
import { defaultPackSections, MAX_BOARD_PACKS } from '@saldo/contract/report-packs/sections';
import { packSections, type ReportPack } from '@saldo/contract/schemas/report-packs';
import { accessTokenOf } from '../../access/authenticate.ts';
import { menu, on, PUBLIC, write } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { internalReader } from '../../http/internal-api.ts';
import { parsePeriod } from '../../http/period.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { refuseWhileOwnerDeactivated } from '../admin/deactivation.ts';
import { whoOf } from '../audit/record.ts';
import { readableSources } from '../boards/held.ts';
import { osloDate } from '../exports/file-names.ts';
import { firmBranding } from '../firm/branding.ts';
import { userById } from '../profile/queries.ts';
import { linkHash } from '../sharing/links.ts';
import { snapshotChanges } from './changes.ts';
import { packFigures } from './figures.ts';
import { previewPack } from './preview.ts';
import {
  boardWidgetLists,
  deletePack,
  insertPack,
  type PackRow,
  packOf,
  packsOf,
  type SnapshotRow,
  snapshotByLink,
  snapshotOf,
  snapshotsOf,
  updatePack,
} from './queries.ts';
import { resolvePack } from './render.ts';
import { boardKpis, checkSections, shownWidgets } from './sections.ts';
import { sendPack, toSnapshot } from './send.ts';

/** Reading a board's packs (and previewing one) needs the view right on it; changing one the edit right. */
const VIEW = menu('Dashboard', on('param:groupId', 'view'));
const EDIT = write('Dashboard', on('param:groupId', 'edit'));
/** Sending a pack mails the board's figures outside Saldo with a public link: the share right, as a public link needs. */
const SHARE = write('Dashboard', on('param:groupId', 'share'));

/** The snapshot a mailed link names: 404 unknown, 410 expired, nothing while the board's owner is deactivated. */
async function linkedSnapshot(secret: string, deps: RouteDeps): Promise<SnapshotRow> {
  const row = secret.length <= 200 ? await snapshotByLink(deps.db, linkHash(secret)) : undefined;
  if (!row) throw new ApiError('PACK_SNAPSHOT_LINK_NOT_FOUND');
  if (row.linkExpiresAt.getTime() <= (deps.now?.() ?? Date.now())) throw new ApiError('PACK_SNAPSHOT_LINK_EXPIRED');
  await refuseWhileOwnerDeactivated(deps.db, row.boardId);
  return row;
}

const readerOf = perApp((deps) => internalReader(deps.fetchApi));

/** The frozen PDF, byte for byte. */
const pdfAnswer = (row: SnapshotRow) =>
  new Response(new Uint8Array(row.pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${row.packId}-${row.startDate}-${row.endDate}.pdf"`,
      'cache-control': 'no-store',
      etag: `"${row.contentHash}"`,
    },
  });

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
  serve(reportPackApi.send, SHARE, async (c, deps) => {
    const boardId = c.req.param('groupId');
    const pack = await packOf(deps.db, boardId, c.req.param('packId'));
    if (!pack) throw new ApiError('PACK_NOT_FOUND');
    const sources = await readableSources(c, deps.db, boardId);
    const token = accessTokenOf((name) => c.req.header(name))!;
    const read = readerOf(deps);
    const user = c.get('user');
    const now = deps.now?.() ?? Date.now();
    const snapshot = await sendPack({
      deps,
      now,
      boardId,
      pack,
      sources,
      request: c.req.valid('json'),
      read: (path) => read(path, token),
      sender: { id: user.id, email: user.email },
      who: whoOf(c, now),
    });
    return c.json(snapshot, 201);
  }),
  serve(reportPackApi.snapshots, VIEW, async (c, { db }) => {
    const rows = await snapshotsOf(db, c.req.param('groupId'), c.req.param('packId'));
    return c.json(rows.map(toSnapshot));
  }),
  serve(reportPackApi.snapshot, VIEW, async (c, { db }) => {
    const row = await snapshotOf(db, c.req.param('groupId'), c.req.param('packId'), c.req.param('snapshotId'));
    if (!row) throw new ApiError('PACK_SNAPSHOT_NOT_FOUND');
    return pdfAnswer(row);
  }),
  // The snapshot's figures against the same pack (its sections as sent) read live for its period.
  serve(reportPackApi.changes, VIEW, async (c, deps) => {
    const boardId = c.req.param('groupId');
    const row = await snapshotOf(deps.db, boardId, c.req.param('packId'), c.req.param('snapshotId'));
    if (!row) throw new ApiError('PACK_SNAPSHOT_NOT_FOUND');
    const token = accessTokenOf((name) => c.req.header(name))!;
    const read = readerOf(deps);
    const live = await resolvePack({
      db: deps.db,
      boardId,
      sources: await readableSources(c, deps.db, boardId),
      pack: { id: row.packId, name: row.packName, sections: row.sections },
      startDate: row.startDate,
      endDate: row.endDate,
      lang: row.language,
      read: (path) => read(path, token),
      renderedAt: osloDate(row.createdAt),
    });
    return c.json(snapshotChanges(row, live));
  }),
  // The read-only link mailed with a pack: that snapshot's PDF and what its page shows, until it expires.
  serve(reportPackApi.publicSnapshot, PUBLIC, async (c, deps) =>
    pdfAnswer(await linkedSnapshot(c.req.param('secret'), deps)),
  ),
  serve(reportPackApi.publicSnapshotInfo, PUBLIC, async (c, deps) => {
    const row = await linkedSnapshot(c.req.param('secret'), deps);
    const [lists, firm] = await Promise.all([
      boardWidgetLists(deps.db, row.boardId),
      firmBranding(deps.db, row.boardId),
    ]);
    return c.json({
      name: row.packName,
      board: lists.name,
      startDate: row.startDate,
      endDate: row.endDate,
      language: row.language,
      sentAt: row.createdAt.toISOString(),
      contentHash: row.contentHash,
      linkExpiresAt: row.linkExpiresAt.toISOString(),
      firm: firm ? { name: firm.name, primaryColor: firm.primaryColor, secondaryColor: firm.secondaryColor } : null,
    });
  }),
];
