/**
 * The portfolio export's words in nor and en. The column names are the portal table's own
 * (portal/src/locales/*.json, `portfolio.*`); export-table.test.ts holds them to those.
 */
import type { PortfolioFigureId } from '@saldo/contract';

const nor = {
  title: 'Portefølje',
  company: 'Selskap',
  orgNumber: 'Organisasjonsnummer',
  tags: 'Merkelapper',
  lastBooked: 'Sist bokført',
  synced: 'Synkronisert',
  syncFailed: 'Synkronisering feilet',
  neverSynced: 'Aldri',
  today: 'I dag',
  daysAgoOne: 'for {n} dag siden',
  daysAgoOther: 'for {n} dager siden',
  health: 'Datakvalitet',
  responsible: 'Ansvarlig',
  alerts: 'Varsler',
  change: 'endring',
  changePoints: 'endring (pp)',
  changePercent: 'endring %',
  period: 'Periode',
  comparedWith: 'Sammenlignet med',
  likeForLike: 'like for like med hver tavles bokførte måneder',
  noComparison: 'ingen sammenligning',
  budgetBalances: 'saldoene ved periodens slutt har ikke budsjett: budsjettet gjelder periodens bevegelser',
  filters: 'Filter',
  search: 'søk',
  tag: 'merkelapp',
  needsAttention: 'trenger oppfølging',
  sortedBy: 'Sortert etter',
  ascending: 'stigende',
  descending: 'synkende',
  rows: 'Rader',
};

type Word = keyof typeof nor;

const en: Record<Word, string> = {
  title: 'Portfolio',
  company: 'Company',
  orgNumber: 'Organisation number',
  tags: 'Tags',
  lastBooked: 'Last booked',
  synced: 'Synced',
  syncFailed: 'Sync failed',
  neverSynced: 'Never',
  today: 'Today',
  daysAgoOne: '{n} day ago',
  daysAgoOther: '{n} days ago',
  health: 'Data health',
  responsible: 'Responsible',
  alerts: 'Alerts',
  change: 'change',
  changePoints: 'change (pp)',
  changePercent: 'change %',
  period: 'Period',
  comparedWith: 'Compared with',
  likeForLike: "like for like with each board's booked months",
  noComparison: 'no comparison',
  budgetBalances: "the balances at the period's end have no budget: the budget is of the period's movements",
  filters: 'Filters',
  search: 'search',
  tag: 'tag',
  needsAttention: 'needs attention',
  sortedBy: 'Sorted by',
  ascending: 'ascending',
  descending: 'descending',
  rows: 'Rows',
};

export type Lang = 'nor' | 'en';

export const word = (lang: Lang, key: Word): string => (lang === 'en' ? en : nor)[key];

export const FIGURE_NAMES: Record<Lang, Record<PortfolioFigureId, string>> = {
  nor: {
    revenue: 'Driftsinntekter',
    grossProfit: 'Bruttofortjeneste',
    grossMargin: 'Bruttomargin',
    operatingResult: 'Driftsresultat',
    resultBeforeTax: 'Resultat før skatt',
    result: 'Årsresultat',
    cashAndBank: 'Bank og kontanter',
    equityRatio: 'Egenkapitalandel',
    liquidityRatio1: 'Likviditetsgrad 1',
  },
  en: {
    revenue: 'Revenue',
    grossProfit: 'Gross profit',
    grossMargin: 'Gross margin',
    operatingResult: 'Operating result',
    resultBeforeTax: 'Result before tax',
    result: 'Result',
    cashAndBank: 'Cash',
    equityRatio: 'Equity ratio',
    liquidityRatio1: 'Current ratio',
  },
};

export const COMPARISON_NAMES: Record<Lang, Record<'previous' | 'lastYear' | 'budget', string>> = {
  nor: { previous: 'forrige periode', lastYear: 'i fjor', budget: 'budsjett' },
  en: { previous: 'previous period', lastYear: 'last year', budget: 'budget' },
};

export const SEVERITY_NAMES: Record<Lang, Record<'error' | 'warning' | 'info' | 'ok', string>> = {
  nor: { error: 'Feil', warning: 'Advarsler', info: 'I orden', ok: 'I orden' },
  en: { error: 'Errors', warning: 'Warnings', info: 'OK', ok: 'OK' },
};
