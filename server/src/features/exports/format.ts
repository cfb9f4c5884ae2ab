/**
 * The export's number and date texts, the same as the SDK shows on screen (sdk/src/core/format.ts):
 * whole units with a space (U+00A0) as thousands separator, ASCII '-' for negatives, dates yyyy/mm/dd.
 * Amounts reach the files already in whole kroner (tables.ts rounds and foots them).
 */
import type { ExportColumnKind } from '../../contract.ts';
import { roundHalfAway } from '../../reports/footing.ts';

export const THOUSANDS_SEPARATOR = '\u00a0';

/** 1234567 → '1 234 567' (U+00A0 between the groups); fractions keep one decimal with a comma. */
export function formatNumber(value: number): string {
  const rounded = roundHalfAway(value, 1);
  const negative = rounded < 0;
  const [whole = '0', fraction] = Math.abs(rounded)
    .toFixed(Number.isInteger(rounded) ? 0 : 1)
    .split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SEPARATOR);
  return `${negative ? '-' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** 41.23 → '41,2 %' (one decimal, decimal comma, U+00A0 before '%'); `signed` adds '+' to a rise. */
export function formatPercent(percent: number, signed = false): string {
  return `${signed && percent > 0 ? '+' : ''}${percentText(percent)}\u00a0%`;
}

/** 41.23 → '41,2': one decimal with a decimal comma, what Norwegian spreadsheets read as a number. */
export function percentText(percent: number): string {
  return roundHalfAway(percent, 1).toFixed(1).replace('.', ',');
}

/** '2026-03-05' (or an ISO timestamp) → '2026/03/05'; anything else unchanged. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[1]}/${match[2]}/${match[3]}` : iso;
}

const MONTHS = {
  nor: ['jan', 'feb', 'mar', 'apr', 'mai', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'des'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
} as const;

/** '2026-03' → 'mar 2026' (nor) or 'Mar 2026' (en), as the SDK's month columns. */
export function formatMonth(month: string, lang: 'nor' | 'en'): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  const name = match ? MONTHS[lang][Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/** A cell as the screen shows it: numbers formatted, dates yyyy/mm/dd, nothing for null. */
export function cellText(value: string | number | null, kind: ExportColumnKind): string {
  if (value === null) return '';
  if (typeof value === 'string') return kind === 'date' ? formatDate(value) : value;
  if (kind === 'percent') return formatPercent(value);
  if (kind === 'amount' || kind === 'number') return formatNumber(value);
  return String(value);
}
