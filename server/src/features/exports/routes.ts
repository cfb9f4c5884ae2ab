import type { ExportDocument, ExportFormat, ExportTable, ReportComparison, SharedPage } from '@saldo/contract';
import { exportApi } from '@saldo/contract/api/exports';
import { accessTokenOf } from '../../access/authenticate.ts';
import { menu, on } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { internalReader } from '../../http/internal-api.ts';
import { perApp, serve } from '../../http/serve.ts';
import { recordAudit, whoOf } from '../audit/record.ts';
import { readableSources } from '../boards/held.ts';
import { firmBranding } from '../firm/branding.ts';
import { brandingOf } from './branding-of.ts';
import { writeCsv } from './csv.ts';
import { COMPARED, dataPath } from './data-path.ts';
import { osloDate, slug } from './file-names.ts';
import { chartOf } from './pdf/chart-data.ts';
import { writePdf } from './pdf/document.ts';
import { pngPages } from './png.ts';
import { exportBoard } from './queries.ts';
import { type ExportKind, toTable } from './tables.ts';
import { writeXlsx } from './xlsx.ts';

/** What a page of the board reads, as its widget type. */
const PAGE_KINDS: Record<SharedPage, ExportKind> = {
  profitloss: 'profit-loss',
  balancesheet: 'balance-sheet',
  cashflow: 'cash-flow',
};

/** One table of the export: what it is, its id, whether it is a report page, what it compares with. */
interface Item {
  kind: ExportKind;
  id: string;
  page: boolean;
  compare: ReportComparison | undefined;
}

const FILES: Record<Exclude<ExportFormat, 'json'>, { type: string; ending: string }> = {
  csv: { type: 'text/csv; charset=utf-8', ending: '.csv' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ending: '.xlsx' },
  pdf: { type: 'application/pdf', ending: '.pdf' },
  // A page per image, so a ZIP of them (png.ts).
  png: { type: 'application/zip', ending: '-png.zip' },
};

/**
 * POST /api/exports/{groupId}: the selected widgets and report pages of a board as CSV, Excel, PDF,
 * or the tables as JSON (the portal draws the PNG from them). Each widget's data is read through the
 * API itself with the caller's token, so the file shows exactly what the widgets show.
 */
const readerOf = perApp((deps) => internalReader(deps.fetchApi));

export const exportRoutes = [
  // Exports read what the caller may view.
  serve(exportApi.export, menu('Dashboard', on('param:groupId', 'view')), async (c, deps) => {
    const { db } = deps;
    const read = readerOf(deps);
    const groupId = c.req.param('groupId');
    await readableSources(c, db, groupId);
    const request = c.req.valid('json');
    if (request.widgets.length === 0 && request.pages.length === 0) throw new ApiError('EXPORT_NOTHING_SELECTED');
    const { startDate, endDate, lang } = request;
    // A widget in the comparison view compares as on screen: with the control's choice, else (no choice,
    // or the budget or last year's end, which only the statements compare with) its own default.
    const chosen = request.compare === 'previous' || request.compare === 'lastYear' ? request.compare : undefined;
    const widgets = request.widgets.map(
      (w): Item => ({
        kind: w.widget,
        id: w.id,
        page: false,
        compare: w.view === 'comparison' && COMPARED.has(w.widget) ? (chosen ?? COMPARED.get(w.widget)) : undefined,
      }),
    );
    const found = await exportBoard(
      db,
      groupId,
      widgets.map((w) => w.id),
    );
    if (!found) throw new ApiError('BOARD_NOT_FOUND');
    const token = accessTokenOf((name) => c.req.header(name))!;
    // A report page compares as the report page does, with the control's choice (the budget too). A
    // report chosen both as a widget and as a page is the same table, once enough, unless the page compares.
    const pages = request.pages
      .map((p): Item => ({ kind: PAGE_KINDS[p], id: p, page: true, compare: request.compare }))
      .filter((page) => page.compare !== undefined || !widgets.some((w) => w.kind === page.kind));
    const items = await Promise.all(
      [...widgets, ...pages].map(async ({ kind, id, page, compare }) => {
        const data = await read(dataPath(kind, id, groupId, startDate, endDate, compare), token);
        // The board's note on a widget; a report page has none.
        const note = page ? null : (found.notes.get(id) ?? null);
        return { kind, data, table: toTable(kind, data, lang, compare), note };
      }),
    );
    const tables: ExportTable[] = items.map((item) => item.table);
    const fileName = `${slug(found.name)}-${startDate}-${endDate}`;
    const doc: ExportDocument = { board: found.name, fileName, startDate, endDate, lang, tables };
    // An export is a read: it is recorded once the file is made and before it is sent; no record, no file.
    const recorded = () =>
      recordAudit(db, whoOf(c, deps.now?.() ?? Date.now()), {
        action: 'export.downloaded',
        groupId,
        target: {
          format: request.format,
          widgets: request.widgets.map((w) => w.widget),
          pages: request.pages,
          startDate,
          endDate,
        },
      });
    if (request.format === 'json') {
      await recorded();
      return c.json(doc);
    }
    const pdf = async () =>
      writePdf({
        // Under the firm's own name, logo and colours where the board's firm has a profile.
        branding: brandingOf(await firmBranding(deps.db, groupId)),
        board: found.name,
        sources: found.sources,
        startDate,
        endDate,
        exportedAt: osloDate(new Date()),
        lang,
        sections: items.map(({ kind, data, table, note }) => ({
          table,
          chart: chartOf(kind, table, lang, data),
          note,
          // KPIs as cards, several to a page.
          card: kind === 'kpi',
        })),
      });
    const file =
      request.format === 'csv'
        ? writeCsv(doc)
        : request.format === 'xlsx'
          ? await writeXlsx(doc)
          : request.format === 'png'
            ? await pngPages(await pdf(), fileName)
            : await pdf();
    await recorded();
    const { type, ending } = FILES[request.format];
    return c.body(new Uint8Array(file), 200, {
      'content-type': type,
      'content-disposition': `attachment; filename="${fileName}${ending}"`,
      'cache-control': 'no-store',
    });
  }),
];
