import type { ConsolidationWidgetData } from '@saldo/contract';
import { PROFIT_LOSS_SUBTOTALS, rangesParam } from '@saldo/contract/statements/chart';
import { h } from 'preact';
import { defineElement, widgetRequest } from '../../core/define-element';
import { type SaldoLang, t } from '../../core/i18n';
import { widgetWord } from '../../core/registry';
import type { SaldoElement } from '../../core/widget-element';
import { type ConsolidationColumn, type ConsolidationRow, ConsolidationView } from './consolidation-view';

/**
 * `<saldo-consolidation>`: revenue and result of each company of the board's consolidation, the
 * eliminations and the consolidated figures.
 *
 * @attr board - board id; nothing is fetched until it is set
 * @attr from - first day, yyyy-mm-dd (default: 1 January this year)
 * @attr to - last day, yyyy-mm-dd (default: 31 December this year)
 * @attr lang - 'nor' (default) or 'en'
 * @attr theme - 'light' (default) or 'dark'
 *
 * @fires saldo-ready - `detail`: the `ConsolidationWidgetData` received
 * @fires saldo-error - `detail`: `{ code, message, status }`
 * @fires saldo-drill - a figure was clicked (a company's row as a whole: its result); `detail`: `{ kind, id, name,
 *   title, origin: 'consolidation', key: 'revenue' | 'result', from, to, accounts, sign, amount }` and for a company
 *   (`kind: 'company'`) its `apiAccountId`: its own postings, before eliminations; for the eliminations and the
 *   consolidated sum (`kind: 'subtotal'`, `id` 'deducted' or 'consolidated') `consolidated`: 'eliminations' (the
 *   deducted accounts' postings, `sign: 1`) or 'true' (the group's postings without them)
 *
 * @csspart container - the whole widget
 * @csspart title - the heading
 * @csspart table - the table
 * @csspart row - every row (also `total-row` for the eliminations and the consolidated sum)
 * @csspart name - the company name cell
 * @csspart amount - every amount cell (also `revenue` or `result`)
 * @csspart status - loading, empty and error messages
 */
export const SaldoConsolidation = defineElement<ConsolidationWidgetData>('saldo-consolidation', {
  request: (_, range) => widgetRequest('consolidation', range),
  isEmpty: (data) => !data?.apis?.length,
  render: (el, lang) =>
    h(ConsolidationView, { state: el.state, lang, onDrill: (row, column) => drillFigure(el, lang, row, column) }),
});
export type SaldoConsolidation = InstanceType<typeof SaldoConsolidation>;

function drillFigure(
  el: SaldoElement<ConsolidationWidgetData>,
  lang: SaldoLang,
  row: ConsolidationRow,
  column: ConsolidationColumn,
): void {
  if (el.state.status !== 'data') return;
  const data = el.state.data;
  const common = {
    origin: 'consolidation',
    key: column,
    ...el.period(),
    // A company's own figures are before the consolidation's eliminations.
    accounts: column === 'revenue' ? '3000-3999' : rangesParam(PROFIT_LOSS_SUBTOTALS.result),
  };
  if (typeof row === 'object') {
    el.drill({
      kind: 'company',
      ...common,
      id: row._id,
      name: row.name,
      title: `${row.name} – ${t(lang, column)}`,
      apiAccountId: row._id,
      sign: -1,
      amount: row[column],
    });
    return;
  }
  const grouped = data.deductAccounts != null;
  el.drill({
    kind: 'subtotal',
    ...common,
    id: row,
    name: widgetWord('consolidation', row, lang),
    title: `${widgetWord('consolidation', row, lang)} – ${t(lang, column)}`,
    // Without a group the consolidated sum is the board's sources, nothing deducted.
    ...(grouped ? { consolidated: row === 'deducted' ? 'eliminations' : 'true' } : {}),
    // The eliminations are shown subtracted: the deducted postings' net as it is, debit positive.
    sign: row === 'deducted' ? 1 : -1,
    amount: row === 'deducted' ? -data.deducted[column] : data.consolidated[column],
  });
}
