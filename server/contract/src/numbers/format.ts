/**
 * The one way Saldo writes numbers and dates for people, on screen (SDK, portal), in exports and in
 * messages. Deterministic (no dependence on the runtime's locale), so every surface shows the same
 * strings: thousands grouped with U+00A0 NO-BREAK SPACE (an amount never wraps inside a cell), ASCII
 * '-' for negatives (the text copies and parses as a number), a decimal comma, dates yyyy/mm/dd.
 * Rounding is the one rule, half away from zero (footing.ts).
 */
import { oreToKroner, roundHalfAway } from './footing.ts';

export type Lang = 'nor' | 'en';

/** A text in both languages (`no` for Norwegian, as the API's answers spell it). */
export interface LocalizedText {
  en: string;
  no: string;
}

export const THOUSANDS_SEPARATOR = '\u00a0';

const group = (digits: string, separator = THOUSANDS_SEPARATOR) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** 1234567 → '1 234 567'; a fraction keeps one decimal with a comma: 12.34 → '12,3'. Never '-0'. */
export function formatNumber(value: number): string {
  const rounded = roundHalfAway(value, 1);
  const [whole = '0', fraction] = Math.abs(rounded)
    .toFixed(Number.isInteger(rounded) ? 0 : 1)
    .split('.');
  return `${rounded < 0 ? '-' : ''}${group(whole)}${fraction ? `,${fraction}` : ''}`;
}

/** Øre to the whole kroner shown (half away from zero): 123456789 → 1234568. */
export const oreToUnits = oreToKroner;

/** An amount in øre as whole kroner: 123456789 → '1 234 568'. */
export function formatAmount(ore: number): string {
  return formatNumber(oreToKroner(ore));
}

/** Øre to the øre, for messages: nor `3 245 410,00 kr`, en `NOK 3,245,410.00`. */
export function formatMoney(ore: number, lang: Lang): string {
  const abs = Math.abs(ore);
  const kroner = Math.floor(abs / 100).toString();
  const cents = (abs % 100).toString().padStart(2, '0');
  const sign = ore < 0 ? '-' : '';
  if (lang === 'en') return `${sign}NOK ${group(kroner, ',')}.${cents}`;
  return `${sign}${group(kroner)},${cents}${THOUSANDS_SEPARATOR}kr`;
}

/** 41.23 → '41,2': one decimal with a decimal comma, what Norwegian spreadsheets read as a number. */
export function percentText(percent: number): string {
  return roundHalfAway(percent, 1).toFixed(1).replace('.', ',');
}

/** 41.23 → '41,2 %' (U+00A0 before '%'); `signed` adds '+' to a rise. */
export function formatPercent(percent: number, signed = false): string {
  return `${signed && percent > 0 ? '+' : ''}${percentText(percent)}\u00a0%`;
}

/** '2026-03-05' (or an ISO timestamp) → '2026/03/05'; anything else unchanged. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[1]}/${match[2]}/${match[3]}` : iso;
}

// Written out rather than taken from Intl: nb-NO's short months carry a trailing period ('mar.')
// and differ between ICU versions.
const MONTHS = {
  nor: ['jan', 'feb', 'mar', 'apr', 'mai', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'des'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
} as const;

/** '2026-03' → 'mar 2026' (nor) or 'Mar 2026' (en); anything else unchanged. */
export function formatMonth(month: string, lang: Lang = 'nor'): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  const name = match ? MONTHS[lang === 'en' ? 'en' : 'nor'][Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/**
 * A period in few words: '2026' for a calendar year, 'mar 2026' for one month, otherwise
 * 'jan 2026 – jun 2026'. Takes ISO dates (yyyy-mm-dd) or months (yyyy-mm).
 */
export function formatPeriod(start: string, end: string, lang: Lang = 'nor'): string {
  const from = start.slice(0, 7);
  const to = end.slice(0, 7);
  if (from === to) return formatMonth(from, lang);
  if (from.endsWith('-01') && to.endsWith('-12') && from.slice(0, 4) === to.slice(0, 4)) return from.slice(0, 4);
  return `${formatMonth(from, lang)} – ${formatMonth(to, lang)}`;
}

/** The kinds of a table column (exports and the PNG export). */
export type ColumnKind = 'text' | 'amount' | 'number' | 'percent' | 'ratio' | 'date';

/** A table cell as the screen shows it: numbers formatted, dates yyyy/mm/dd (months yyyy/mm), nothing for null. */
export function cellText(value: string | number | null, kind: ColumnKind): string {
  if (value === null) return '';
  if (typeof value === 'string') {
    if (kind !== 'date') return value;
    return /^\d{4}-\d{2}$/.test(value) ? value.replace('-', '/') : formatDate(value);
  }
  if (kind === 'percent') return formatPercent(value);
  if (kind === 'amount' || kind === 'number') return formatNumber(value);
  if (kind === 'ratio') return value.toFixed(2).replace('.', ',');
  return String(value);
}
