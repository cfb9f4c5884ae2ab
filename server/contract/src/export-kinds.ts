import { widgetTypes } from './widgets.ts';

/** What an export can hold: the statements as widgets, and every widget type of the registry. */
export const exportKinds = ['profit-loss', 'balance-sheet', 'cash-flow', ...widgetTypes] as const;

export type ExportKind = (typeof exportKinds)[number];
