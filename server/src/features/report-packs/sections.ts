// What a pack's sections may name on its board, checked when the pack is saved: the commentary's
// placeholders (contract's grammar), the widgets; and the board's KPI set the default pack shows.

import type { BoardWidget } from '@saldo/contract';
import { isKpiId, type KpiId } from '@saldo/contract/kpis/kpis';
import { parsePlaceholders, placeholderProblemText } from '@saldo/contract/report-packs/placeholders';
import type { PackSection } from '@saldo/contract/report-packs/sections';
import { DEFAULT_BOARD_WIDGETS } from '@saldo/contract/widgets/board-layout';
import { ApiError } from '../../http/errors.ts';

/** Every widget a board shows: its own (the default pair while none are stored) and its sub-boards'. */
export function shownWidgets(lists: { widgets: BoardWidget[]; subBoards: BoardWidget[][] }): BoardWidget[] {
  const own = lists.widgets.length ? lists.widgets : DEFAULT_BOARD_WIDGETS.map((w) => ({ ...w, name: '' }));
  return [...own, ...lists.subBoards.flat()];
}

/**
 * The board's KPI set: the library's KPIs its KPI widgets show (`kpi:<id>`, the product keeps a board's
 * KPIs as widgets), main board first, once each.
 */
export function boardKpis(widgets: readonly BoardWidget[]): KpiId[] {
  const ids = widgets.filter((w) => w.widget === 'kpi' && w.id.startsWith('kpi:')).map((w) => w.id.slice(4));
  return [...new Set(ids)].filter(isKpiId);
}

/**
 * Refuses sections that name what does not exist: a placeholder of a commentary (PACK_PLACEHOLDER_UNKNOWN,
 * every problem in the details with its section, line, column, bad name and a sentence in nor and en),
 * or a widget the board does not show (PACK_WIDGET_NOT_FOUND).
 */
export function checkSections(sections: readonly PackSection[], widgets: readonly BoardWidget[]): void {
  const problems = sections.flatMap((section, index) =>
    section.kind === 'commentary'
      ? parsePlaceholders(section.text).problems.map((p) => ({
          section: index,
          line: p.line,
          column: p.column,
          placeholder: p.raw,
          name: p.name,
          problem: p.problem,
          no: placeholderProblemText(p, 'nor'),
          en: placeholderProblemText(p, 'en'),
        }))
      : [],
  );
  if (problems.length) throw new ApiError('PACK_PLACEHOLDER_UNKNOWN', problems);
  const ids = new Set(widgets.map((w) => w.id));
  const missing = sections.flatMap((s, index) =>
    s.kind === 'widget' && !ids.has(s.widgetId) ? [{ section: index, widgetId: s.widgetId }] : [],
  );
  if (missing.length) throw new ApiError('PACK_WIDGET_NOT_FOUND', missing);
}
