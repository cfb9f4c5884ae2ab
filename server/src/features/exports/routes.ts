import type {
  Comparison,
  ExportDocument,
  ExportFormat,
  ExportTable,
  ReportComparison,
  SharedPage,
} from '@saldo/contract';
import { exportApi } from '@saldo/contract/api/exports';
import { reportApi } from '@saldo/contract/api/reports';
import { type WidgetDefinition, widgetRegistry, widgetTypes, widgetVariant } from '@saldo/contract/widgets/registry';
import { accessTokenOf } from '../../access/authenticate.ts';
import { menu, on } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { internalReader } from '../../http/internal-api.ts';
import { perApp, serve } from '../../http/serve.ts';
import { recordAudit, whoOf } from '../audit/record.ts';
import { readableSources } from '../boards/held.ts';
import { type FirmBranding, firmBranding } from '../firm/branding.ts';
import { writeCsv } from './csv.ts';
import { chartOf } from './pdf/chart-data.ts';
import { type Branding, writePdf } from './pdf/document.ts';
import { pngPages } from './png.ts';
import { exportBoard } from './queries.ts';
import { type ExportKind, toTable } from './tables.ts';
import { writeXlsx } from './xlsx.ts';

const REPORT_WIDGETS = ['profit-loss', 'balance-sheet', 'cash-flow'] as const;

/** What a page of the board reads, as its widget type. */
const PAGE_KINDS: Record<SharedPage, ExportKind> = {
  profitloss: 'profit-loss',
  balancesheet: 'balance-sheet',
  cashflow: 'cash-flow',
};

/** The statements' data routes; the widgets' come from the contract's registry. */
const REPORT_PATHS: Record<(typeof REPORT_WIDGETS)[number], string> = {
  'profit-loss': `/api${reportApi.profitLoss.path}`,
  'balance-sheet': `/api${reportApi.balanceSheet.path}`,
  'cash-flow': `/api${reportApi.cashflow.path}`,
};

/**
 * The widgets whose comparison view the API answers with `compare` (each row's or month's comparison,
 * a KPI's comparison figure), and what each compares with when the period control names nothing, as
 * its element does: the registry's `comparison`.
 */
const COMPARED: ReadonlyMap<ExportKind, Comparison> = new Map(
  widgetTypes.flatMap((type) => {
    const { comparison }: WidgetDefinition = widgetRegistry[type];
    return comparison ? [[type, comparison] as const] : [];
  }),
);

/**
 * The GET the SDK's element for a widget makes: the board, the period, for a custom widget its id in
 * the path, for an AI widget the saved question's id, and in the comparison view what it compares with.
 */
export function dataPath(
  kind: ExportKind,
  id: string,
  groupId: string,
  startDate: string,
  endDate: string,
  compare?: ReportComparison,
): string {
  const query = new URLSearchParams({ startDate, endDate });
  if (kind === 'profit-loss' || kind === 'balance-sheet' || kind === 'cash-flow') {
    // A statement compares with another period or the budget, as its report page does.
    if (compare) query.set('compare', compare);
    query.set('groupId', groupId);
    return `${REPORT_PATHS[kind]}?${query}`;
  }
  if ((compare === 'previous' || compare === 'lastYear') && COMPARED.has(kind)) query.set('compare', compare);
  const w: WidgetDefinition = widgetRegistry[kind];
  if (w.params.includes('groupId')) query.set('groupId', groupId);
  if (w.params.includes('aiQueryId')) query.set('aiQueryId', id);
  // A KPI or a budget line is chosen in the board widget's id ('kpi:ebitda-margin'); the bare type is the default.
  const variant = widgetVariant({ id, widget: kind });
  if (w.variant && variant !== undefined) query.set(w.variant, variant);
  const path = w.path.replace(':groupId', encodeURIComponent(groupId)).replace(':id', encodeURIComponent(id));
  return `/api${path}?${query}`;
}

/** One table of the export: what it is, its id, whether it is a report page, what it compares with. */
interface Item {
  kind: ExportKind;
  id: string;
  page: boolean;
  compare: ReportComparison | undefined;
}

/** The day in Norway, yyyy-mm-dd. */
export const osloDate = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

const FILES: Record<Exclude<ExportFormat, 'json'>, { type: string; ending: string }> = {
  csv: { type: 'text/csv; charset=utf-8', ending: '.csv' },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ending: '.xlsx' },
  pdf: { type: 'application/pdf', ending: '.pdf' },
  // A page per image, so a ZIP of them (png.ts).
  png: { type: 'application/zip', ending: '-png.zip' },
};

/** 'Nordlys Energiteknikk AS' → 'nordlys-energiteknikk-as'; æøå spelled out, anything else dropped. */
export function slug(name: string): string {
  const value = name
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return value || 'board';
}

/**
 * POST /api/exports/{groupId}: the selected widgets and report pages of a board as CSV, Excel, PDF,
 * or the tables as JSON (the portal draws the PNG from them). Each widget's data is read through the
 * API itself with the caller's token, so the file shows exactly what the widgets show.
 */
const readerOf = perApp((deps) => internalReader(deps.fetchApi));

/** The firm profile as the PDF draws it; none (Saldo's own look) without one. */
export const brandingOf = (firm: FirmBranding | null): Branding | undefined =>
  firm
    ? {
        name: firm.name,
        organisationNumber: firm.orgNumber,
        colours: { primary: firm.primaryColor, secondary: firm.secondaryColor },
        logo: firm.logo ? { bytes: firm.logo.bytes, type: firm.logo.type } : null,
      }
    : undefined;

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
