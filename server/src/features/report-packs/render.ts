// A report pack rendered as a PDF for a period (issue 30): laid out by the board export's own building
// blocks (exports/pdf/document.ts) under the firm's branding, so a pack looks as the board's PDF does. The
// statements, KPIs and widgets are read through the API's own routes as the caller (as the export reads
// them, so the pack shows what the board shows); the commentary is filled by the contract's rules
// (preview.ts, fill.ts). Beside the bytes: every figure the pack shows, by a stable id, so a snapshot can
// be compared with the live ledger later (changes.ts), and the ledger's data version the render read.

import type { ExportTable, ReportComparison } from '@saldo/contract';
import { exportKinds } from '@saldo/contract/exports/kinds';
import type { Lang } from '@saldo/contract/numbers/format';
import { MAX_PACK_PAGES, type PackSection } from '@saldo/contract/report-packs/sections';
import type { PreviewSection } from '@saldo/contract/schemas/report-packs';
import type { Db } from '../../db/client.ts';
import type { SnapshotVoucher } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { parsePeriod } from '../../http/period.ts';
import { dataVersionKey } from '../../ledger/data-version.ts';
import { dataPath } from '../exports/data-path.ts';
import { chartOf } from '../exports/pdf/chart-data.ts';
import { type Branding, type PdfReport, PdfTooLongError, writePdf } from '../exports/pdf/document.ts';
import { exportBoard } from '../exports/queries.ts';
import { type ExportKind, toTable } from '../exports/tables.ts';
import { packFigures } from './figures.ts';
import { previewPack } from './preview.ts';
import { boardWidgetLists, periodVouchers } from './queries.ts';
import { shownWidgets } from './sections.ts';

/** One figure the pack shows: a table's cell (whole kroner, a KPI's number) or a filled-in placeholder's text. */
export interface ShownFigure {
  /** Stable across renders of the same pack and period: the section, the table, the row and the column. */
  id: string;
  label: string;
  value: number | string | null;
}

export interface PackRenderInput {
  db: Db;
  boardId: string;
  /** The board's sources the caller may read. */
  sources: readonly string[];
  pack: { id: string; name: string; sections: readonly PackSection[] };
  startDate: string;
  endDate: string;
  lang: Lang;
  /** Reads one of the API's own GET answers as the caller (http/internal-api.ts). */
  read: (path: string) => Promise<unknown>;
  /** The firm's look; none: Saldo's own. */
  branding?: Branding | undefined;
  /** The observations the accountant kept, as sentences (a pack stores none of its own). */
  observations?: readonly string[];
  /** yyyy-mm-dd, the day printed on the cover. */
  renderedAt: string;
}

/** The most vouchers a snapshot keeps to tell what was booked since; a period with more keeps none. */
export const MAX_SNAPSHOT_VOUCHERS = 20_000;

export interface ResolvedPack {
  report: PdfReport;
  figures: ShownFigure[];
  /** The period's vouchers as read (null: more than MAX_SNAPSHOT_VOUCHERS). */
  vouchers: SnapshotVoucher[] | null;
  /** The sources' data version the figures were read at (ledger/data-version.ts). */
  dataVersion: string;
}

export interface RenderedPack extends ResolvedPack {
  pdf: Buffer;
}

const STATEMENTS: Record<'profitLoss' | 'balanceSheet' | 'cashFlow', ExportKind> = {
  profitLoss: 'profit-loss',
  balanceSheet: 'balance-sheet',
  cashFlow: 'cash-flow',
};

const OBSERVATIONS: Record<Lang, string> = { nor: 'Observasjoner', en: 'Observations' };

const NUMERIC = new Set(['amount', 'number', 'percent', 'ratio']);

/** Each numeric cell of a table as a figure: `<section>/<table>/<row>/<column>` (a repeated row name numbered). */
function tableFigures(table: ExportTable, section: number): ShownFigure[] {
  const seen = new Map<string, number>();
  return table.rows.flatMap((row) => {
    const name = String(row[0] ?? '');
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    const rowKey = n > 1 ? `${name}#${n}` : name;
    return table.columns.flatMap((column, c) =>
      c > 0 && NUMERIC.has(table.kinds[c] ?? '')
        ? [
            {
              id: `${section}/${table.title}/${rowKey}/${column}`,
              label: `${table.title}: ${name} (${column})`,
              value: row[c] ?? null,
            },
          ]
        : [],
    );
  });
}

type Part = PdfReport['sections'][number];

/** The pack resolved for the period: what the PDF lays out, the figures it shows and the version read. */
export async function resolvePack(input: PackRenderInput): Promise<ResolvedPack> {
  const { db, boardId, startDate, endDate, lang } = input;
  const period = parsePeriod(startDate, endDate);
  const months = [period.months[0]!, period.months[period.months.length - 1]!] as const;
  const [lists, found, figures, dataVersion, vouchers] = await Promise.all([
    boardWidgetLists(db, boardId),
    exportBoard(db, boardId, []),
    packFigures(db, input.sources, period),
    dataVersionKey(db, input.sources),
    periodVouchers(db, input.sources, ...months, MAX_SNAPSHOT_VOUCHERS),
  ]);
  const widgets = shownWidgets(lists);
  const preview = previewPack({
    pack: { ...input.pack, language: lang },
    boardName: lists.name,
    widgets,
    figures,
  });
  /** A data answer as a table (with its chart) of the PDF. */
  const tableSection = async (kind: ExportKind, id: string, compare: ReportComparison | undefined, card = false) => {
    const data = await input.read(dataPath(kind, id, boardId, startDate, endDate, compare));
    const table = toTable(kind, data, lang, compare);
    const note = widgets.find((w) => w.id === id)?.note?.trim() || null;
    return { table, chart: chartOf(kind, table, lang, data), note, card };
  };
  const shown: ShownFigure[] = [];
  const parts = await Promise.all(
    preview.sections.map(async (section: PreviewSection, i): Promise<Part[]> => {
      switch (section.kind) {
        case 'cover':
        case 'contents':
          // The export's cover holds both: the firm, the companies, the period and the contents.
          return [];
        case 'profitLoss':
        case 'balanceSheet':
        case 'cashFlow': {
          const compare = section.compare === 'none' ? undefined : section.compare;
          return [await tableSection(STATEMENTS[section.kind], section.kind, compare)];
        }
        case 'kpis':
          // Cards, several to a page, as the board export draws KPIs.
          return Promise.all(section.kpis.map((k) => tableSection('kpi', `kpi:${k.id}`, section.compare, true)));
        case 'widget': {
          // A widget removed from the board since the pack was saved is left out.
          const widget = widgets.find((w) => w.id === section.widgetId);
          const kind = exportKinds.find((k) => k === widget?.widget);
          return widget && kind ? [await tableSection(kind, widget.id, undefined)] : [];
        }
        case 'notes':
          return [{ text: { heading: section.title, paragraphs: section.text.split(/\n\s*\n/) } }];
        case 'commentary':
          shown.push(
            ...section.figures.map((f) => ({
              id: `${i}/${section.title}/${f.source}:${f.id}:${f.part}@${f.line}:${f.column}`,
              label: `${section.title}: ${f.source}:${f.id}:${f.part}`,
              value: f.text,
            })),
          );
          return [{ text: { heading: section.title, paragraphs: section.text.split(/\n\s*\n/) } }];
      }
    }),
  );
  const sections = parts.flat();
  sections.forEach((part, i) => {
    if ('table' in part) shown.push(...tableFigures(part.table, i));
  });
  const kept = (input.observations ?? []).map((o) => o.trim()).filter(Boolean);
  if (kept.length) sections.push({ text: { heading: OBSERVATIONS[lang], paragraphs: kept } });
  return {
    report: {
      board: found?.name ?? lists.name,
      sources: found?.sources ?? [],
      startDate: preview.period.startDate,
      endDate: preview.period.endDate,
      exportedAt: input.renderedAt,
      heading: input.pack.name,
      lang,
      sections,
      ...(input.branding ? { branding: input.branding } : {}),
    },
    figures: shown,
    dataVersion,
    vouchers: vouchers.length > MAX_SNAPSHOT_VOUCHERS ? null : vouchers,
  };
}

/** The pack as PDF bytes, with the figures it shows and the data version it read. */
export async function renderPack(input: PackRenderInput): Promise<RenderedPack> {
  const resolved = await resolvePack(input);
  try {
    return { ...resolved, pdf: await writePdf(resolved.report, { maxPages: MAX_PACK_PAGES }) };
  } catch (err) {
    if (err instanceof PdfTooLongError) throw new ApiError('PACK_TOO_MANY_PAGES', { pages: err.pages });
    throw err;
  }
}
