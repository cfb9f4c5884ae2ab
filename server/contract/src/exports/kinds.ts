import { widgetTypes } from '../widgets/registry.ts';

/** The statements, exported like widgets but no widget types (their tables are the server's report-tables.ts). */
export const reportKinds = ['profit-loss', 'balance-sheet', 'cash-flow'] as const;

export type ReportKind = (typeof reportKinds)[number];

/** What an export can hold: the statements as widgets, and every widget type of the registry. */
export const exportKinds = [...reportKinds, ...widgetTypes] as const;

export type ExportKind = (typeof exportKinds)[number];

export function isReportKind(kind: string): kind is ReportKind {
  return (reportKinds as readonly string[]).includes(kind);
}
