import type { Comparison, ReportComparison } from '@saldo/contract';
import { reportApi } from '@saldo/contract/api/reports';
import { type WidgetDefinition, widgetRegistry, widgetTypes, widgetVariant } from '@saldo/contract/widgets/registry';
import type { ExportKind } from './tables.ts';

const REPORT_WIDGETS = ['profit-loss', 'balance-sheet', 'cash-flow'] as const;

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
export const COMPARED: ReadonlyMap<ExportKind, Comparison> = new Map(
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
