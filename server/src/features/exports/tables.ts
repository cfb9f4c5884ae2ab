/**
 * The table of any data answer an export or the assistant reads: a widget's by its registry entry's
 * `rows` (@saldo/contract/widgets/registry), a statement's by report-tables.ts.
 */
import type {
  BalanceSheetReport,
  CashFlowReport,
  ExportTable,
  ProfitLossReport,
  ReportComparison,
} from '@saldo/contract';
import type { ExportKind } from '@saldo/contract/exports/kinds';
import { type WidgetDefinition, widgetRegistry, widgetWords } from '@saldo/contract/widgets/registry';
import { balanceSheetTable, cashFlowTable, profitLossTable } from './report-tables.ts';
import { type ExportLang, localized } from './texts.ts';

export type { ExportKind } from '@saldo/contract/exports/kinds';
export { answerText } from '@saldo/contract/widgets/answer-text';
export { balanceSheetTable, cashFlowTable, profitLossTable } from './report-tables.ts';
export type { ExportLang } from './texts.ts';
export { text, widgetTitle } from './texts.ts';

/** The table of one data answer; `asked`: what a comparison view compares with (a statement's answer says it). */
export function toTable(kind: ExportKind, data: unknown, lang: ExportLang, asked?: ReportComparison): ExportTable {
  switch (kind) {
    case 'profit-loss':
      return profitLossTable(data as ProfitLossReport, lang);
    case 'balance-sheet':
      return balanceSheetTable(data as BalanceSheetReport, lang);
    case 'cash-flow':
      return cashFlowTable(data as CashFlowReport, lang);
  }
  const w: WidgetDefinition = widgetRegistry[kind];
  // A widget compares with another period only; the budget and last year's end are the statements'.
  const compare = asked === 'previous' || asked === 'lastYear' ? asked : undefined;
  // The answer is the API's own, read back from its route, whose tests hold it to `response`.
  const context = { lang, title: localized(w.titles, lang), words: widgetWords(w, lang) };
  return w.rows(data, { ...context, ...(compare ? { compare } : {}) });
}
