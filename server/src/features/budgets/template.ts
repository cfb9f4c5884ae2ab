// The budget template a person fills in and imports again: a heading row (Konto, Navn, the twelve
// months yyyy-mm) and a row per account or line, in kroner. As an Excel workbook with a sheet of
// guidance, or as CSV (';' and decimal comma, as Norwegian Excel writes it).

import type { BudgetRow } from '@saldo/contract';
import { budgetMonths } from '@saldo/contract/budgets/budgets';
import ExcelJS from 'exceljs';
import { statementOrder } from './queries.ts';

type Lang = 'nor' | 'en';

const WORDS = {
  nor: {
    sheet: 'Budsjett',
    help: 'Veiledning',
    target: 'Konto',
    name: 'Navn',
    guide: [
      'Slik fyller du ut budsjettet',
      'Én rad per resultatkonto (3000–8199, 8300–8399) eller per linje i resultatregnskapet (for eksempel Lønnskostnad). Balansekontoer (1000–2999) kan også budsjetteres, som månedens bevegelse.',
      'Beløp i kroner, med samme fortegn som regnskapet viser: inntekter positive, kostnader negative; eiendeler økning positiv, egenkapital og gjeld økning positiv.',
      'Fyll ut alle tolv månedene; skriv 0 for en måned uten budsjett.',
      'Ikke endre overskriftene. Kolonnen Navn leses ikke.',
      'Importen erstatter hele årets budsjett. Har filen feil, importeres ingenting, og hver feil vises med rad og kolonne.',
    ],
  },
  en: {
    sheet: 'Budget',
    help: 'Guidance',
    target: 'Account',
    name: 'Name',
    guide: [
      'How to fill in the budget',
      'One row per profit and loss account (3000–8199, 8300–8399) or per line of the profit and loss (for example Payroll). Balance sheet accounts (1000–2999) may be budgeted too, as the month’s movement.',
      'Amounts in kroner, with the sign the statements show: income positive, costs negative; an increase of assets, equity or liabilities positive.',
      'Fill in all twelve months; write 0 for a month without a budget.',
      'Do not change the headings. The Name column is not read.',
      'The import replaces the whole year. If the file has errors, nothing is imported, and each error is shown with its row and column.',
    ],
  },
} as const;

export interface TemplateRow {
  target: string;
  name: string;
  /** øre per month, January first */
  months: readonly number[];
}

/**
 * The template's rows: the year's budget rows, and each P&L account with postings on the board (zeros
 * where it has no budget), in statement order; with neither, the P&L's lines with zeros. Not the
 * whole chart of accounts: hundreds of rows nobody posts to only hide the ones that matter.
 */
export function templateRows(
  budget: readonly BudgetRow[],
  posted: readonly string[],
  accounts: ReadonlyMap<string, { no: string; en: string }>,
  lines: ReadonlyArray<{ target: string; title: { no: string; en: string } }>,
  lang: Lang,
): TemplateRow[] {
  const name = (title: { no: string; en: string }) => (lang === 'en' ? title.en : title.no);
  const zeros = Array.from({ length: 12 }, () => 0);
  const rows = new Map(
    budget.map((row) => [row.target, { target: row.target, name: name(row.title), months: row.months }]),
  );
  for (const target of posted)
    if (!rows.has(target))
      rows.set(target, { target, name: name(accounts.get(target) ?? { no: target, en: target }), months: zeros });
  if (rows.size === 0) return lines.map((l) => ({ target: l.target, name: name(l.title), months: zeros }));
  return [...rows.values()].sort((a, b) => statementOrder(a.target) - statementOrder(b.target));
}

/** The workbook: the budget sheet (numbers in kroner, the months as text headings), then the guidance. */
export async function budgetTemplateXlsx(year: number, rows: readonly TemplateRow[], lang: Lang): Promise<Buffer> {
  const words = WORDS[lang];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Saldo';
  const sheet = workbook.addWorksheet(words.sheet, { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  sheet.columns = [
    { width: 14 },
    { width: 36 },
    ...budgetMonths(year).map(() => ({ width: 13, style: { numFmt: '# ##0.00;-# ##0.00' } })),
  ];
  const header = sheet.addRow([words.target, words.name, ...budgetMonths(year)]);
  header.font = { bold: true };
  // Text, so Excel keeps '2026-01' as written rather than making a date of it.
  header.eachCell((cell) => {
    cell.numFmt = '@';
  });
  for (const row of rows)
    sheet.addRow([
      /^\d+$/.test(row.target) ? Number(row.target) : row.target,
      row.name,
      ...row.months.map((ore) => ore / 100),
    ]);
  const help = workbook.addWorksheet(words.help);
  help.getColumn(1).width = 110;
  words.guide.forEach((line, i) => {
    const cell = help.getCell(i + 1, 1);
    cell.value = line;
    if (i === 0) cell.font = { bold: true };
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The same as CSV: ';' between fields, decimal comma, a BOM so Excel reads UTF-8. */
export function budgetTemplateCsv(year: number, rows: readonly TemplateRow[], lang: Lang): string {
  const words = WORDS[lang];
  const field = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const kroner = (ore: number) => {
    const sign = ore < 0 ? '-' : '';
    const abs = Math.abs(ore);
    return abs % 100 === 0
      ? `${sign}${abs / 100}`
      : `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
  };
  const lines = [
    [words.target, words.name, ...budgetMonths(year)].join(';'),
    ...rows.map((row) => [field(row.target), field(row.name), ...row.months.map(kroner)].join(';')),
  ];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
