import { oreToKroner, roundHalfAway } from '@saldo/server/reports';

/**
 * Number and date formatting for every element. Output is deterministic (no dependence on
 * the browser's locale) so the portal, partner pages and tests show the same strings.
 */

/**
 * The thousands separator: U+00A0 NO-BREAK SPACE, what nb-NO uses, so an amount never wraps
 * across lines inside a narrow table cell.
 */
export const THOUSANDS_SEPARATOR = '\u00a0';

const wholeNumber = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 0, useGrouping: true });

/**
 * Formats a number of whole units with nb-NO grouping, e.g. 1234567 → '1 234 567' (U+00A0).
 * Negative numbers use ASCII '-' (nb-NO would give U+2212) so the text still reads, copies
 * and parses as a number.
 */
export function formatNumber(units: number): string {
  // `|| 0` folds -0 into 0 so a tiny negative never shows as '-0'.
  return wholeNumber
    .format(units || 0)
    .replace(/[\s\u202f]/g, THOUSANDS_SEPARATOR)
    .replace(/\u2212/g, '-');
}

/** Øre to whole kroner, half away from zero (the one rounding rule, shared with the server). */
export function oreToUnits(ore: number): number {
  return oreToKroner(ore);
}

/** Formats an amount in øre as whole units: 123456789 → '1 234 568'. */
export function formatAmount(ore: number): string {
  return formatNumber(oreToUnits(ore));
}

/** '2026-03-05' → '2026/03/05'; anything that is not an ISO date is returned unchanged. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[1]}/${match[2]}/${match[3]}` : iso;
}

// Written out rather than taken from Intl: nb-NO's short months carry a trailing period
// ('mar.') and differ between ICU versions.
const MONTHS = {
  nor: ['jan', 'feb', 'mar', 'apr', 'mai', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'des'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
} as const;

/** '2026-03' → 'mar 2026' (nor) or 'Mar 2026' (en); anything else is returned unchanged. */
export function formatMonth(month: string, lang: 'nor' | 'en' = 'nor'): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  const name = match ? MONTHS[lang === 'en' ? 'en' : 'nor'][Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/**
 * A period in few words: '2026' for a calendar year, 'mar 2026' for one month, otherwise
 * 'jan 2026 – jun 2026'. Takes ISO dates (yyyy-mm-dd) or months (yyyy-mm).
 */
export function formatPeriod(start: string, end: string, lang: 'nor' | 'en' = 'nor'): string {
  const from = start.slice(0, 7);
  const to = end.slice(0, 7);
  if (from === to) return formatMonth(from, lang);
  if (from.endsWith('-01') && to.endsWith('-12') && from.slice(0, 4) === to.slice(0, 4)) return from.slice(0, 4);
  return `${formatMonth(from, lang)} – ${formatMonth(to, lang)}`;
}

/**
 * A percentage with one decimal and a decimal comma: 12.34 → '12,3 %' (U+00A0 before '%').
 * `signed` adds '+' to positive values, for changes.
 */
export function formatPercent(percent: number, signed = false): string {
  const text = roundHalfAway(percent, 1).toFixed(1).replace('.', ',');
  return `${signed && percent > 0 ? '+' : ''}${text}\u00a0%`;
}
