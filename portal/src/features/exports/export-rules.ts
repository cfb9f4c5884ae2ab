import type { BoardWidget, ReportComparison, SharedPage } from '@saldo/contract';

/** Spec §9: the export formats, in the order the dialog offers them. */
export const EXPORT_FORMATS = ['pdf', 'csv', 'xlsx', 'png'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The report pages an export can add, as the share dialog names them. */
export const EXPORT_PAGES: readonly SharedPage[] = ['profitloss', 'balancesheet', 'cashflow'];

/** The body of POST /api/exports/{groupId}. PNG is drawn here from the server's tables (`json`). */
export interface ExportRequest {
  format: 'pdf' | 'csv' | 'xlsx' | 'json';
  widgets: Array<{ id: string; widget: string; name: string; view: 'single' | 'comparison' }>;
  pages: SharedPage[];
  startDate: string;
  endDate: string;
  lang: 'nor' | 'en';
  /**
   * The period control's comparison: the report pages get its columns (the budget's too); the widgets
   * in the comparison view compare with it, or with their own default for the budget or left out.
   */
  compare?: ReportComparison;
}

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
    format: options.format === 'png' ? 'json' : options.format,
    widgets: options.widgets
      .filter((widget) => options.chosen.has(widget.id))
      .map((widget) => ({ id: widget.id, widget: widget.widget, name: options.titleOf(widget), view: widget.view })),
    pages: EXPORT_PAGES.filter((page) => options.pages.has(page)),
    startDate: options.from,
    endDate: options.to,
    lang: options.lang,
    ...(options.compare ? { compare: options.compare } : {}),
  };
}
