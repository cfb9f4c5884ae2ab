import type { BoardWidget } from '@saldo/contract';
import { BUDGET_WIDGET_LINES, type BudgetWidgetLine, budgetWidgetLineTitle } from '@saldo/contract/budgets/budgets';
import { isKpiId, kpiDefinition } from '@saldo/contract/kpis/kpis';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AI_TYPE, CUSTOM_TYPE, widgetVariant } from './layout';
import { buildCatalogue, widgetConfigurationsQuery } from './queries';

/** The widget catalogue the server configures, in the grid's language, and the title each widget shows. */
export function useCatalogue(lang: 'nor' | 'en') {
  const text = lang === 'en' ? 'en' : 'no';
  const configurations = useQuery(widgetConfigurationsQuery);
  const catalogue = useMemo(() => buildCatalogue(configurations.data ?? []), [configurations.data]);
  const entryOf = (type: string) => catalogue.find((entry) => entry.widget === type);
  const titleOf = (widget: BoardWidget) => {
    if (widget.widget === CUSTOM_TYPE || widget.widget === AI_TYPE) return widget.name;
    // A KPI by its own name, a budget widget by its line, in the grid's language whatever was saved.
    const variant = widgetVariant(widget);
    if (widget.widget === 'kpi' && variant && isKpiId(variant)) return kpiDefinition(variant).title[text];
    if (widget.widget === 'budget' && variant && (BUDGET_WIDGET_LINES as readonly string[]).includes(variant))
      return `${entryOf('budget')?.name[text] ?? widget.name}: ${budgetWidgetLineTitle(variant as BudgetWidgetLine)[text]}`;
    return entryOf(widget.widget)?.name[text] ?? widget.name;
  };
  return { catalogue, pending: configurations.isPending, text, entryOf, titleOf } as const;
}
