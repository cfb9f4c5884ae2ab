import { BUDGET_WIDGET_LINES, type BudgetWidgetLine, budgetWidgetLineTitle } from '@saldo/contract/budgets/budgets';
import { kpiLibrary } from '@saldo/contract/kpis/kpis';

/** The name of a type's choice ('ebitda-margin' of 'kpi'), in the language asked; undefined when unknown. */
function choiceTitle(type: string, choice: string, lang: 'no' | 'en'): string | undefined {
  if (type === 'kpi') return kpiLibrary.find((k) => k.id === choice)?.title[lang];
  if (type === 'budget' && (BUDGET_WIDGET_LINES as readonly string[]).includes(choice))
    return budgetWidgetLineTitle(choice as BudgetWidgetLine)[lang];
  return undefined;
}

/**
 * What a public link's list calls one of its widgets (issue 27): the type's title, and for a type a
 * board holds once per choice its choice too ("Nøkkeltall: Driftsmargin"), so two KPIs are not both
 * "Nøkkeltall". `entry` is the listing's `type` or `type:choice`; `typeTitle` names a type.
 */
export function linkWidgetTitle(entry: string, lang: 'no' | 'en', typeTitle: (type: string) => string): string {
  const at = entry.indexOf(':');
  if (at < 0) return typeTitle(entry);
  const type = entry.slice(0, at);
  const choice = entry.slice(at + 1);
  return `${typeTitle(type)}: ${choiceTitle(type, choice, lang) ?? choice}`;
}
