import type { LocalizedText, WidgetConfiguration } from './types.ts';
import { type WidgetDefinition, type WidgetType, widgetRegistry, widgetTypes } from './widgets.ts';

/**
 * What the portal's widget drawer says of each type, beside the registry rather than in it: only the
 * catalogue shows these texts, and the SDK's bundle, which imports the registry, need not carry them.
 */
export const widgetDescriptions: Record<WidgetType, LocalizedText> = {
  'top-customers': {
    no: 'Kundene med mest omsetning i perioden',
    en: 'The customers with the most revenue in the period',
  },
  'top-suppliers': { no: 'Leverandørene med mest kostnader', en: 'The suppliers with the most costs' },
  'top-expenses': { no: 'Kostnadskontoene med mest i perioden', en: 'The cost accounts with the most in the period' },
  'top-products': { no: 'Produktene med mest omsetning', en: 'The products with the most revenue' },
  'largest-transactions': { no: 'De ti største bilagene i perioden', en: 'The ten largest vouchers in the period' },
  'top-five-expenses': { no: 'De fem største kostnadskontoene', en: 'The five largest cost accounts' },
  turnover: {
    no: 'Omsetning per måned mot samme periode i fjor',
    en: 'Revenue by month against the same period last year',
  },
  mrr: {
    no: 'Månedlig gjentakende inntekt: ny, økt, redusert og tapt, og snitt per kunde',
    en: 'Monthly recurring revenue: new, expansion, contraction, churn, and average per customer',
  },
  employees: { no: 'Antall ansatte per måned', en: 'Number of employees by month' },
  consolidation: {
    no: 'Selskapene i konsernet og konsolidert resultat',
    en: 'The group companies and the consolidated result',
  },
  custom: { no: 'Et kontointervall eller et forholdstall', en: 'An account range or a ratio' },
  kpi: {
    no: 'Et nøkkeltall fra biblioteket, med formel, utvikling per måned og sammenligning',
    en: 'A KPI from the library, with its formula, its trend by month and a comparison',
  },
  budget: {
    no: 'En linje i resultatregnskapet mot budsjettet, per måned',
    en: 'A line of the profit and loss against the budget, by month',
  },
  ai: {
    no: 'Svaret på et lagret spørsmål til assistenten',
    en: 'The answer to a saved assistant question',
  },
};

/** Every widget type, as GET /api/widgets/configurations lists it; the SDK has an element for each. */
export const widgetCatalogue: readonly WidgetConfiguration[] = widgetTypes.map((type) => {
  const w: WidgetDefinition = widgetRegistry[type];
  return {
    widget: type,
    name: w.titles,
    description: widgetDescriptions[type],
    endpoint: w.path.replace(/:(\w+)/g, '{$1}'),
    views: [...w.views],
  };
});
