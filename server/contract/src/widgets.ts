import type { WidgetConfiguration } from './types.ts';

/** Every widget type, as GET /api/widgets/configurations lists it; the SDK has an element for each. */
export const widgetCatalogue: readonly WidgetConfiguration[] = [
  {
    widget: 'top-customers',
    name: { no: 'Topp 10 kunder', en: 'Top 10 customers' },
    description: {
      no: 'Kundene med mest omsetning i perioden',
      en: 'The customers with the most revenue in the period',
    },
    endpoint: '/widgets/top-ten/customers',
    views: ['single', 'comparison'],
  },
  {
    widget: 'top-suppliers',
    name: { no: 'Topp 10 leverandører', en: 'Top 10 suppliers' },
    description: { no: 'Leverandørene med mest kostnader', en: 'The suppliers with the most costs' },
    endpoint: '/widgets/top-ten/suppliers',
    views: ['single', 'comparison'],
  },
  {
    widget: 'top-expenses',
    name: { no: 'Topp 10 kostnader', en: 'Top 10 costs' },
    description: { no: 'Kostnadskontoene med mest i perioden', en: 'The cost accounts with the most in the period' },
    endpoint: '/widgets/top-ten/expenses',
    views: ['single', 'comparison'],
  },
  {
    widget: 'top-products',
    name: { no: 'Topp 10 produkter', en: 'Top 10 products' },
    description: { no: 'Produktene med mest omsetning', en: 'The products with the most revenue' },
    endpoint: '/widgets/top-ten/products',
    views: ['single', 'comparison'],
  },
  {
    widget: 'largest-transactions',
    name: { no: 'Største transaksjoner', en: 'Largest transactions' },
    description: { no: 'De ti største bilagene i perioden', en: 'The ten largest vouchers in the period' },
    endpoint: '/widgets/top-ten/largest-transactions',
    views: ['single'],
  },
  {
    widget: 'top-five-expenses',
    name: { no: 'Topp 5 kostnader', en: 'Top 5 costs' },
    description: { no: 'De fem største kostnadskontoene', en: 'The five largest cost accounts' },
    endpoint: '/widgets/top-five/expenses',
    views: ['single'],
  },
  {
    widget: 'turnover',
    name: { no: 'Omsetning', en: 'Turnover' },
    description: {
      no: 'Omsetning per måned mot samme periode i fjor',
      en: 'Revenue by month against the same period last year',
    },
    endpoint: '/widgets/turnover',
    views: ['single', 'comparison'],
  },
  {
    widget: 'mrr',
    name: { no: 'MRR', en: 'MRR' },
    description: {
      no: 'Månedlig gjentakende inntekt: ny, økt, redusert og tapt, og snitt per kunde',
      en: 'Monthly recurring revenue: new, expansion, contraction, churn, and average per customer',
    },
    endpoint: '/widgets/mrr',
    views: ['single', 'comparison'],
  },
  {
    widget: 'employees',
    name: { no: 'Ansatte', en: 'Employees' },
    description: { no: 'Antall ansatte per måned', en: 'Number of employees by month' },
    endpoint: '/widgets/employees',
    views: ['single'],
  },
  {
    widget: 'consolidation',
    name: { no: 'Konsolidering', en: 'Consolidation' },
    description: {
      no: 'Selskapene i konsernet og konsolidert resultat',
      en: 'The group companies and the consolidated result',
    },
    endpoint: '/widgets/consolidation',
    views: ['single'],
  },
  {
    widget: 'custom',
    name: { no: 'Egendefinert', en: 'Custom' },
    description: { no: 'Et kontointervall eller et forholdstall', en: 'An account range or a ratio' },
    endpoint: '/widgets/{groupId}/custom/{id}',
    views: ['single', 'comparison'],
  },
  {
    widget: 'ai',
    name: { no: 'AI-widget', en: 'AI widget' },
    description: { no: 'Svaret på et lagret spørsmål til assistenten', en: 'The answer to a saved assistant question' },
    endpoint: '/widgets/ai',
    views: ['single'],
  },
];

/** The spec's account rule: four characters, digits or x, not starting with 0 or x (3000, 3xxx, 30xx). */
export const ACCOUNT_PATTERN = /^[1-9][0-9x]{3}$/;

/** An account pattern's lowest and highest account: 3xxx → 3000..3999. */
export function patternBounds(pattern: string): { from: number; to: number } {
  return { from: Number(pattern.replace(/x/g, '0')), to: Number(pattern.replace(/x/g, '9')) };
}
