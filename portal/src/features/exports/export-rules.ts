import type { BoardWidget, ExportRequest, ReportComparison, SharedPage } from '@saldo/contract';
import type { ExportKind } from '@saldo/contract/exports/kinds';
import { isListedType } from '../dashboard/layout';

/** Spec §9: the export formats, in the order the dialog offers them. */
export const EXPORT_FORMATS = ['pdf', 'csv', 'xlsx', 'png'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The report pages an export can add, as the share dialog names them. */
export const EXPORT_PAGES: readonly SharedPage[] = ['profitloss', 'balancesheet', 'cashflow'];

/** The statements, which a board holds as widgets too. */
const STATEMENTS: ReadonlySet<string> = new Set(['profit-loss', 'balance-sheet', 'cash-flow'] satisfies ExportKind[]);

/** What the export can take: a statement or a widget type of the registry (checked by the SDK's listing, without the registry's schemas). */
const isExportKind = (kind: string): kind is ExportKind => STATEMENTS.has(kind) || isListedType(kind);

/** Spec §5: at least one widget (or page) must be selected for an export. */
export function validateExport(selection: { widgets: readonly unknown[]; pages: readonly unknown[] }): string | null {
  return selection.widgets.length === 0 && selection.pages.length === 0 ? 'exports.nothingSelected' : null;
}

/** The request for the chosen widgets (in the grid's order, with their titles on screen) and pages. */
export function toExportRequest(options: {
  widgets: readonly BoardWidget[];
  chosen: ReadonlySet<string>;
  pages: ReadonlySet<SharedPage>;
  titleOf: (widget: BoardWidget) => string;
  format: ExportFormat;
  from: string;
  to: string;
  compare?: ReportComparison | null;
  lang: 'nor' | 'en';
}): ExportRequest {
  return {
    format: options.format,
    widgets: options.widgets
      .filter((widget) => options.chosen.has(widget.id))
      // A type the export does not know (none today) could only be refused, so it is not asked for.
      .flatMap(({ widget, ...rest }) =>
        isExportKind(widget)
          ? [{ id: rest.id, widget, name: options.titleOf({ widget, ...rest }), view: rest.view }]
          : [],
      ),
    pages: EXPORT_PAGES.filter((page) => options.pages.has(page)),
    startDate: options.from,
    endDate: options.to,
    lang: options.lang,
    ...(options.compare ? { compare: options.compare } : {}),
  };
}
