import { figures } from '../kpis/figures.ts';
import { roundHalfAway } from '../numbers/footing.ts';
import { formatNumber, type Lang, type LocalizedText } from '../numbers/format.ts';
import { PROFIT_LOSS_GROUP_IDS, type ProfitLossGroupId } from '../statements/chart.ts';

// Budgets: a monthly figure per account (balance sheet or P&L) or P&L line of a board, integer øre, in
// the sign of the statement the account is on: the profit and loss's (income positive, costs negative),
// the balance sheet's (assets debit positive, equity and liabilities credit positive). Each figure is a
// budgeted movement of its month, as postings are, so the budget makes a balance sheet and a cash flow
// as well as a profit and loss (server/src/features/budgets/report.ts). What the server, the portal's
// grid and the import agree on: the targets, the amount rule, and the import's messages.

/** The P&L's lines a budget can be set on: all of them, in statement order (statements/chart.ts). */
export const BUDGET_LINES: readonly ProfitLossGroupId[] = PROFIT_LOSS_GROUP_IDS;

/** A P&L line's title. */
export const budgetLineTitle = (line: ProfitLossGroupId): LocalizedText => figures[line].title;

/**
 * The accounts a budget may be set on: the balance sheet's (1000–2999) and those of the P&L's lines
 * (3000–8199, 8300–8399); not the result's disposition (8800–8999), which the year's result makes.
 */
export function isBudgetAccount(number: number): boolean {
  return Number.isInteger(number) && ((number >= 1000 && number <= 8199) || (number >= 8300 && number <= 8399));
}

/** A budget target that is a balance sheet account (1000–2999): not part of the budgeted result. */
export function isBalanceBudgetTarget(target: string): boolean {
  return /^\d{4}$/.test(target) && Number(target) < 3000;
}

/** The line a P&L account is summed on. */
export function lineOfAccount(number: number): ProfitLossGroupId | undefined {
  return BUDGET_LINES.find((line) => figures[line].terms.some((t) => number >= t.from && number <= t.to));
}

/**
 * What a budget row is set on, from what a person writes: an account number ('3000') or a line, by
 * its id ('payroll') or its name in either language ('Lønnskostnad', 'payroll'). Null when neither.
 */
export function budgetTarget(text: string): { kind: 'account' | 'line'; target: string } | null {
  const value = text.trim();
  if (/^\d{4}$/.test(value)) return isBudgetAccount(Number(value)) ? { kind: 'account', target: value } : null;
  const lower = value.toLocaleLowerCase('nb');
  const line = BUDGET_LINES.find(
    (id) =>
      id.toLowerCase() === lower ||
      figures[id].title.no.toLocaleLowerCase('nb') === lower ||
      figures[id].title.en.toLowerCase() === lower,
  );
  return line ? { kind: 'line', target: line } : null;
}

/** The twelve months of a budget year: '2026-01' … '2026-12'. */
export const budgetMonths = (year: number): string[] =>
  Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);

/**
 * Kroner as written to øre, exactly (no floating point): '1 234,50', '-1234.5', '1234', '−50',
 * '1.234.567' or '1,234,567' (thousands) → øre; null when it is no number or has more than two
 * decimals. A number as Excel stores it (1234.5) is taken to the øre, or null beyond two decimals.
 */
export function parseKroner(value: string | number): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const ore = roundHalfAway(value * 100);
    return Math.abs(ore - value * 100) < 1e-6 && Number.isSafeInteger(ore) ? ore : null;
  }
  let text = value.replace(/[\s\u00a0\u202f]/g, '').replace(/^[−–]/, '-');
  const negative = text.startsWith('-');
  if (negative) text = text.slice(1);
  // Whole kroner, grouped by one kind of separator or not at all, then maybe one or two decimals.
  const match = /^(\d{1,3}(?:([.,])\d{3})+|\d+)(?:([.,])(\d{1,2}))?$/.exec(text);
  if (!match || (match[2] && match[3] === match[2])) return null;
  const ore = Number(match[1]!.replace(/[.,]/g, '')) * 100 + Number((match[4] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(ore)) return null;
  return (negative ? -ore : ore) || 0;
}

/** A column's letters as a spreadsheet names it: 1 → A, 27 → AA. */
export function columnLetter(column: number): string {
  let n = column;
  let out = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Why a budget file was refused: each problem with the row and column it is in (1-based, as a spreadsheet counts). */
export type BudgetIssueCode =
  | 'BUDGET_FILE_UNREADABLE'
  | 'BUDGET_FILE_EMPTY'
  | 'BUDGET_TARGET_HEADER'
  | 'BUDGET_MONTH_COLUMN_MISSING'
  | 'BUDGET_MONTH_COLUMN_UNKNOWN'
  | 'BUDGET_MONTH_COLUMN_REPEATED'
  | 'BUDGET_MONTHS_MIXED_YEARS'
  | 'BUDGET_WRONG_ACCOUNT'
  | 'BUDGET_DUPLICATE_ROW'
  | 'BUDGET_NOT_A_NUMBER'
  | 'BUDGET_MISSING_AMOUNT'
  | 'BUDGET_TOO_MANY_ROWS'
  | 'BUDGET_TOO_MANY_COLUMNS'
  | 'BUDGET_FILE_TOO_LARGE'
  | 'BUDGET_FILE_TOO_SLOW';

export interface BudgetIssue {
  code: BudgetIssueCode;
  /** 1-based rows and columns of the sheet; absent where the problem is the whole file. */
  row?: number;
  column?: number;
  params: Record<string, string | number>;
}

const where = (issue: BudgetIssue, lang: Lang): string => {
  const column = issue.column === undefined ? '' : columnLetter(issue.column);
  if (issue.row !== undefined && column)
    return lang === 'en' ? `Row ${issue.row}, column ${column}: ` : `Rad ${issue.row}, kolonne ${column}: `;
  if (issue.row !== undefined) return lang === 'en' ? `Row ${issue.row}: ` : `Rad ${issue.row}: `;
  if (column) return lang === 'en' ? `Column ${column}: ` : `Kolonne ${column}: `;
  return '';
};

const TEXTS: Record<BudgetIssueCode, Record<Lang, (p: Record<string, string | number>) => string>> = {
  BUDGET_FILE_UNREADABLE: {
    nor: () => 'Filen kan ikke leses. Bruk malen som Excel-fil (.xlsx) eller CSV.',
    en: () => 'The file cannot be read. Use the template as an Excel file (.xlsx) or CSV.',
  },
  BUDGET_FILE_EMPTY: {
    nor: () => 'Filen har ingen budsjettlinjer under overskriftsraden.',
    en: () => 'The file has no budget rows under the heading row.',
  },
  BUDGET_TARGET_HEADER: {
    nor: (p) => `overskriften skal være «Konto» (kontonummer eller linje), ikke «${p.found}».`,
    en: (p) => `the heading must be "Konto" (the account number or line), not "${p.found}".`,
  },
  BUDGET_MONTH_COLUMN_MISSING: {
    nor: (p) => `kolonnen for måneden ${p.month} mangler. Malen har én kolonne for hver av årets tolv måneder.`,
    en: (p) =>
      `the column for the month ${p.month} is missing. The template has a column for each of the twelve months.`,
  },
  BUDGET_MONTH_COLUMN_UNKNOWN: {
    nor: (p) => `«${p.found}» er ingen måned. Skriv månedene som i malen, åååå-mm (for eksempel 2026-01).`,
    en: (p) => `"${p.found}" is not a month. Write the months as in the template, yyyy-mm (for example 2026-01).`,
  },
  BUDGET_MONTH_COLUMN_REPEATED: {
    nor: (p) => `måneden ${p.month} har allerede en kolonne. Hver måned skal stå én gang.`,
    en: (p) => `the month ${p.month} already has a column. Each month may appear only once.`,
  },
  BUDGET_MONTHS_MIXED_YEARS: {
    nor: (p) => `månedene er fra flere år (${p.years}). Én fil er budsjettet for ett år.`,
    en: (p) => `the months are from several years (${p.years}). One file is the budget of one year.`,
  },
  BUDGET_WRONG_ACCOUNT: {
    nor: (p) =>
      `«${p.found}» er verken en konto i balansen eller resultatregnskapet (1000–8199, 8300–8399) eller en linje i resultatregnskapet.`,
    en: (p) =>
      `"${p.found}" is neither a balance sheet or profit and loss account (1000–8199, 8300–8399) nor a line of the profit and loss.`,
  },
  BUDGET_DUPLICATE_ROW: {
    nor: (p) => `«${p.found}» står allerede på rad ${p.first}. Hver konto og linje kan bare stå én gang.`,
    en: (p) => `"${p.found}" is already on row ${p.first}. Each account and line may appear only once.`,
  },
  BUDGET_NOT_A_NUMBER: {
    nor: (p) => `«${p.found}» for ${p.month} er ikke et beløp. Skriv kroner, for eksempel 125000 eller -4 500,50.`,
    en: (p) => `"${p.found}" for ${p.month} is not an amount. Write kroner, for example 125000 or -4500.50.`,
  },
  BUDGET_MISSING_AMOUNT: {
    nor: (p) => `beløpet for ${p.month} mangler. Skriv 0 for en måned uten budsjett.`,
    en: (p) => `the amount for ${p.month} is missing. Write 0 for a month without a budget.`,
  },
  BUDGET_TOO_MANY_ROWS: {
    nor: (p) =>
      `filen har mer enn ${p.max} rader. Et budsjett er én rad per konto eller linje; ingenting er importert.`,
    en: (p) => `the file has more than ${p.max} rows. A budget is one row per account or line; nothing was imported.`,
  },
  BUDGET_TOO_MANY_COLUMNS: {
    nor: (p) =>
      `filen har en celle etter kolonne ${p.last}. Malen har Konto, Navn og tolv måneder (pluss for eksempel Sum og Kommentar); ingenting er importert.`,
    en: (p) =>
      `the file has a cell beyond column ${p.last}. The template has Account, Name and twelve months (plus, say, Total and Comment); nothing was imported.`,
  },
  BUDGET_FILE_TOO_LARGE: {
    nor: (p) =>
      `filen er for stor når den pakkes ut (over ${p.max}). Bruk malen; et budsjett er noen hundre rader. Ingenting er importert.`,
    en: (p) =>
      `the file is too large once unpacked (over ${p.max}). Use the template; a budget is a few hundred rows. Nothing was imported.`,
  },
  BUDGET_FILE_TOO_SLOW: {
    nor: (p) => `filen tok mer enn ${p.seconds} sekunder å lese. Bruk malen; ingenting er importert.`,
    en: (p) => `reading the file took more than ${p.seconds} seconds. Use the template; nothing was imported.`,
  },
};

/** An issue in words, with where it is: 'Rad 4, kolonne F: beløpet for 2026-04 mangler. …'. */
export function budgetIssueText(issue: BudgetIssue, lang: Lang): string {
  const text = TEXTS[issue.code][lang === 'en' ? 'en' : 'nor'](issue.params);
  const prefix = where(issue, lang);
  return prefix ? `${prefix}${text}` : text.charAt(0).toUpperCase() + text.slice(1);
}

/** The lines the budget widget can show: a P&L line, or one of its results. */
export type BudgetWidgetLine = ProfitLossGroupId | 'operatingResult' | 'resultBeforeTax' | 'result';

export const BUDGET_WIDGET_LINES: readonly BudgetWidgetLine[] = [
  ...BUDGET_LINES,
  'operatingResult',
  'resultBeforeTax',
  'result',
];

export const budgetWidgetLineTitle = (line: BudgetWidgetLine): LocalizedText => figures[line].title;

export { variancePercent } from '../numbers/variance.ts';

/** An amount of a budget cell for the grid: whole kroner unless it has øre ('-1 234', '1 234,50'). */
export function kronerText(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  const kroner = formatNumber(Math.floor(abs / 100));
  return abs % 100 === 0 ? `${sign}${kroner}` : `${sign}${kroner},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A budget percentage as written ('5', '-2,5', '3.25') to basis points (hundredths of a percent),
 * exactly; null when it is no such number or outside −100 … 1000 %.
 */
export function percentBasisPoints(text: string): number | null {
  const match = /^([+-]?)(\d{1,4})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = (Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'))) * (match[1] === '-' ? -1 : 1);
  return bp >= -10_000 && bp <= 100_000 ? bp || 0 : null;
}
