import { isInChart } from './lines.ts';

// Where an account sits in the statements. The number the ledger stores for an account (and sums
// and filters by) is its place in the NS 4102 chart: its own number where that falls in the chart;
// otherwise the place its standard account gives (two digits in SAF-T 1.10, e.g. 79 → 7900; four in
// 1.20/1.30); otherwise its grouping (næringsspesifikasjon: the code where it is a chart number,
// else the one line its category names). An account none of these place keeps its own number
// (0 without one), which no line takes: the balance sheet shows it as Unclassified.
// An account of five or more digits (NS 4102:2023, e.g. 43100) is a finer account than the chart's:
// its standard account or grouping places it where the file gives one, else its first four digits
// (the number its ID stands for, see saft-records.ts accountNumberOf) do, as a sub-account's do.

export type ClassifiedBy = 'number' | 'standardAccount' | 'grouping' | null;

/** GroupingCategory values that name one statement line, and that line's first account. */
const CATEGORY_PLACE: Record<string, number> = {
  salgsinntekt: 3000,
  annenDriftsinntekt: 3400,
  varekostnad: 4000,
  loennskostnad: 5000,
  annenDriftskostnad: 6100,
  finansinntekt: 8000,
  finanskostnad: 8100,
  skattekostnad: 8300,
  egenkapital: 2000,
  kortsiktigGjeld: 2300,
  'resultatDisponeringForSAF-T': 8800,
};

function standardPlace(standard: string | undefined): number | undefined {
  const s = standard?.trim() ?? '';
  if (/^\d{2}$/.test(s)) return Number(s) * 100;
  if (/^\d{4}$/.test(s)) return Number(s);
  return undefined;
}

function groupingPlace(grouping: { category: string; code: string } | undefined): number | undefined {
  if (!grouping) return undefined;
  const code = grouping.code.trim();
  if (/^\d{4}$/.test(code) && isInChart(Number(code))) return Number(code);
  return CATEGORY_PLACE[grouping.category.trim()];
}

/** An ID of five or more digits: an account finer than the chart's four. */
export const isLongAccountId = (id: string | undefined): boolean => id !== undefined && /^\d{5,}$/.test(id);

export function classifyAccount(account: {
  number: number;
  /** The source's own ID, when it is not the number written out. */
  accountId?: string | undefined;
  standardAccount?: string | undefined;
  grouping?: { category: string; code: string } | undefined;
}): { number: number; by: ClassifiedBy } {
  const long = isLongAccountId(account.accountId);
  if (!long && isInChart(account.number)) return { number: account.number, by: 'number' };
  const standard = standardPlace(account.standardAccount);
  if (standard !== undefined && isInChart(standard)) return { number: standard, by: 'standardAccount' };
  const grouping = groupingPlace(account.grouping);
  if (grouping !== undefined && isInChart(grouping)) return { number: grouping, by: 'grouping' };
  if (long && isInChart(account.number)) return { number: account.number, by: 'number' };
  return { number: account.number, by: null };
}
