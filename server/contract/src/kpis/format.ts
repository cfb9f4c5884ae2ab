// How a KPI's value reads: its own module, so an SDK element that shows KPIs carries this and not the
// library's texts (@saldo/contract/kpis/kpis).
import { oreToKroner, roundHalfAway } from '../numbers/footing.ts';
import { formatNumber, formatPercent, type Lang } from '../numbers/format.ts';

/**
 * How a KPI's figure reads. `amount`: integer øre. Every other unit is an integer in ten-thousandths
 * (KPI_SCALE): a percentage as its fraction (4123 = 41,23 %, i.e. basis points), a ratio, days,
 * times a year or months as the number × 10 000 (15312 = 1,5312). Exact integers in the API, and one
 * rounding rule (half away from zero) when they are made; the screen shows one decimal.
 */
export type KpiUnit = 'amount' | 'percent' | 'ratio' | 'days' | 'times' | 'months';

export const KPI_SCALE = 10_000;

/** The number a KPI's value stands for in its unit: kroner for amounts, percent for percentages, else the number. */
export function kpiNumber(value: number, unit: KpiUnit): number {
  if (unit === 'amount') return value / 100;
  if (unit === 'percent') return (value * 100) / KPI_SCALE;
  return value / KPI_SCALE;
}

const UNIT_WORDS: Record<Exclude<KpiUnit, 'amount' | 'percent' | 'ratio'>, Record<Lang, string>> = {
  days: { nor: 'dager', en: 'days' },
  times: { nor: 'ganger', en: 'times' },
  months: { nor: 'mnd.', en: 'months' },
};

/**
 * A KPI's value as the screen shows it, with @saldo/contract/numbers/format's rules: whole kroner for an
 * amount ('1 234 568'), one decimal otherwise ('41,2 %', '1,5', '45,3 dager'); '–' for none.
 */
export function formatKpi(value: number | null, unit: KpiUnit, lang: Lang = 'nor', signed = false): string {
  if (value === null) return '–';
  const sign = signed && value > 0 ? '+' : '';
  if (unit === 'amount') return `${sign}${formatNumber(oreToKroner(value))}`;
  if (unit === 'percent') return formatPercent(kpiNumber(value, unit), signed);
  // Always one decimal, so a ratio of 2 reads '2,0' beside '1,9'.
  const rounded = roundHalfAway(kpiNumber(value, unit), 1);
  const number = `${sign}${formatNumber(rounded)}${Number.isInteger(rounded) ? ',0' : ''}`;
  return unit === 'ratio' ? number : `${number}\u00a0${UNIT_WORDS[unit][lang === 'en' ? 'en' : 'nor']}`;
}
