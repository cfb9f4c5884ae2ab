/**
 * The three statements as export tables: a line column, one column per month (or month end), and the
 * period, as the SDK's statement tables show them. The rows and their footed whole-kroner figures are
 * the shared row models' (reports/*-model.ts), the same the SDK draws, so every column adds up as shown;
 * the headings and sums are named by the same table (STATEMENT_LABELS). A report answered with
 * `compare` also gets the SDK's comparison columns: the comparison's period figure, the change (for a
 * budget: Budsjett, Avvik, Avvik %), each line paired with the same line of the comparison.
 */
import type { BalanceSheetReport, CashFlowReport, ExportTable, ProfitLossReport } from '@saldo/contract';
import type { ShownRow } from '@saldo/contract/numbers/footing';
import { formatDate, formatMonth, formatPeriod } from '@saldo/contract/numbers/format';
import { changePercentCell, variancePercent } from '@saldo/contract/numbers/variance';
import { comparedBalanceUnbooked, isBooked } from '@saldo/contract/period/booked';
import {
  accountLabel,
  type BalanceSheetGroupRow,
  buildBalanceSheetModel,
  buildCashFlowModel,
  buildProfitLossModel,
  CASH_FLOW_NET,
  pairWithComparison,
  statementLabel,
} from '@saldo/contract/statements/index';
import { comparisonHeading, type ExportLang, INDENT, localized, openingNote, text } from './texts.ts';

interface Line {
  /** Unique within the statement: pairs a line with the same line of the comparison. */
  id: string;
  label: string;
  kind: 'section' | 'group' | 'item' | 'result';
  /** øre (for leaving out what is zero everywhere) and the shown kroner */
  row: ShownRow;
  items?: Line[];
  /** The comparison's period figure: øre, and the shown kroner (footed in the comparison's own statement). */
  before?: { total: number; shown: number };
}

/** What the comparison columns compare with: another period, or the budget (variance and variance %). */
type Basis = 'period' | 'budget';

const NONE: ShownRow = { values: [], total: 0, shown: [], shownTotal: 0 };

/** Zero everywhere, exactly and as shown (a shown krone on an exact zero is part of a sum, so it shows). */
const isZero = (line: Line): boolean =>
  line.row.total === 0 &&
  line.row.shownTotal === 0 &&
  !line.before?.total &&
  !line.before?.shown &&
  line.row.values.every((v) => v === 0) &&
  line.row.shown.every((k) => k === 0) &&
  (line.items ?? []).every(isZero);

/**
 * Pairs every line with the same line of the comparison, as the SDK's withComparison does: its shown
 * period figure is the comparison statement's own (footed there), and an item found in the comparison
 * only (an account used last year only) is added with zeros this period, so both columns add up.
 */
function withComparison(lines: Line[], comparison: Line[]): Line[] {
  return pairWithComparison(
    lines,
    comparison,
    (line, other) => ({ ...line, before: { total: other?.row.total ?? 0, shown: other?.row.shownTotal ?? 0 } }),
    (item) => ({ ...item, row: NONE, before: { total: item.row.total, shown: item.row.shownTotal } }),
  );
}

/**
 * Group and item lines that are zero everywhere are left out, as on screen; sections and sums stay.
 * A month not yet booked (`booked[i]` false) is left empty rather than filled with zeros. With a
 * comparison, each line ends in the comparison, the change (shown less shown, so it adds up as read)
 * and, against a budget, the variance in %.
 */
function linesToRows(
  lines: Line[],
  booked: readonly boolean[],
  withTotal: boolean,
  basis?: Basis,
  unbooked = false,
): ExportTable['rows'] {
  const rows: ExportTable['rows'] = [];
  const columns = booked.length;
  const compared = basis === undefined ? 0 : basis === 'budget' ? 3 : 2;
  const cells = (line: Line) => {
    const { row } = line;
    const before = line.before?.shown ?? 0;
    return [
      ...Array.from({ length: columns }, (_, i) => (booked[i] ? (row.shown[i] ?? 0) : null)),
      ...(withTotal ? [row.shownTotal] : []),
      ...(basis ? (unbooked ? [null, null] : [before, row.shownTotal - before]) : []),
      ...(basis === 'budget' ? [changePercentCell(variancePercent(row.shownTotal, before, 'kroner'))] : []),
    ];
  };
  for (const line of lines) {
    if ((line.kind === 'group' || line.kind === 'item') && isZero(line)) continue;
    if (line.kind === 'section') {
      rows.push([line.label, ...Array.from({ length: columns + (withTotal ? 1 : 0) + compared }, () => null)]);
      continue;
    }
    rows.push([line.label, ...cells(line)]);
    for (const item of line.items ?? []) {
      if (isZero(item)) continue;
      rows.push([`${INDENT}${item.label}`, ...cells(item)]);
    }
  }
  return rows;
}

/** The comparison's headings and kinds: its label, the change (Avvik against a budget), and a budget's Avvik %. */
function comparedColumns(basis: Basis, label: string, lang: ExportLang) {
  return basis === 'budget'
    ? {
        columns: [text(lang, 'budget'), text(lang, 'variance'), text(lang, 'variancePercent')],
        kinds: ['amount', 'amount', 'percent'] as ExportTable['kinds'],
      }
    : { columns: [label, text(lang, 'change')], kinds: ['amount', 'amount'] as ExportTable['kinds'] };
}

const basisOf = (comparison: { basis?: 'budget' | undefined } | undefined): Basis | undefined =>
  comparison ? (comparison.basis === 'budget' ? 'budget' : 'period') : undefined;

/** Month headings; a month not yet booked says so ('nov 2026 (ikke bokført ennå)'). */
const monthColumns = (months: readonly string[], booked: readonly boolean[], lang: ExportLang) =>
  months.map((m, i) =>
    booked[i] ? formatMonth(m, lang) : `${formatMonth(m, lang)} (${text(lang, 'notBooked').toLowerCase()})`,
  );

/** The P&L's lines: its two headings, the groups with their accounts, the subtotals. */
function profitLossLines(report: ProfitLossReport, lang: ExportLang): Line[] {
  return buildProfitLossModel(report).rows.map((row): Line => {
    if (row.kind === 'section')
      return { id: `s:${row.key}`, kind: 'section', label: statementLabel(row.key, lang), row: NONE };
    if (row.kind === 'result') return { id: `r:${row.key}`, kind: 'result', label: statementLabel(row.key, lang), row };
    return {
      id: `g:${row.group}`,
      kind: 'group',
      label: localized(row.title, lang),
      row,
      items: row.accounts.map((account) => ({
        id: `a:${account.number}:${accountLabel(account)}`,
        kind: 'item',
        label: `${accountLabel(account)} ${localized(account.title, lang)}`,
        row: account,
      })),
    };
  });
}

/**
 * Months, the period and the comparison's columns of a statement over months (P&L, cash flow); with
 * a comparison the period column is headed by its dates, as on screen, beside the comparison's.
 */
function flowTable(
  title: string,
  report: {
    startDate: string;
    endDate: string;
    comparison?: { startDate: string; endDate: string; basis?: 'budget'; bookedMonths?: number };
    openingMonths?: string[];
  },
  months: readonly string[],
  booked: readonly boolean[],
  lines: Line[],
  lang: ExportLang,
): ExportTable {
  const { comparison } = report;
  const basis = basisOf(comparison);
  const compared =
    comparison && basis
      ? comparedColumns(
          basis,
          comparisonHeading(formatPeriod(comparison.startDate, comparison.endDate, lang), comparison, lang),
          lang,
        )
      : null;
  // A comparison period without a booked month has nothing to compare with: no figure, no change.
  const unbooked = basis === 'period' && comparison?.bookedMonths === 0;
  const note = notes(
    unbooked ? text(lang, 'comparisonNone') : undefined,
    openingNote(report.openingMonths ?? [], lang),
  );
  return {
    title,
    columns: [
      text(lang, 'line'),
      ...monthColumns(months, booked, lang),
      compared ? formatPeriod(report.startDate, report.endDate, lang) : text(lang, 'total'),
      ...(compared?.columns ?? []),
    ],
    kinds: ['text', ...months.map(() => 'amount' as const), 'amount', ...(compared?.kinds ?? [])],
    rows: linesToRows(lines, booked, true, basis, unbooked),
    ...(note ? { note } : {}),
  };
}

/** A table's notes in one line, or none. */
const notes = (...parts: (string | undefined)[]): string | undefined => parts.filter(Boolean).join(' ') || undefined;

/** Profit and loss as the SDK's table shows it: the two headings, lines with their accounts, the subtotals. */
export function profitLossTable(report: ProfitLossReport, lang: ExportLang): ExportTable {
  const own = profitLossLines(report, lang);
  const lines = report.comparison ? withComparison(own, profitLossLines(report.comparison, lang)) : own;
  const months = report.months.map((m) => m.month);
  const booked = months.map((m) => isBooked(m, report.lastBookedMonth));
  return flowTable(text(lang, 'profitLoss'), report, months, booked, lines, lang);
}

const groupLine = (group: BalanceSheetGroupRow, lang: ExportLang): Line => ({
  id: `g:${group.group}`,
  kind: 'group',
  label: localized(group.title, lang),
  row: group,
  items: group.items.map((item) => ({
    id: `i:${item.number}:${item.accountId ?? item.key ?? ''}`,
    kind: 'item',
    // The results not yet closed to equity are no account: no number.
    label: item.isAccount ? `${accountLabel(item)} ${localized(item.title, lang)}` : localized(item.title, lang),
    row: item,
  })),
});

function balanceSheetLines(report: BalanceSheetReport, lang: ExportLang): Line[] {
  const model = buildBalanceSheetModel(report);
  const lines: Line[] = [];
  const section = (key: Parameters<typeof statementLabel>[0]): Line => ({
    id: `s:${key}`,
    kind: 'section',
    label: statementLabel(key, lang),
    row: NONE,
  });
  const sum = (row: (typeof model.sides)[number]['sum']): Line => ({
    id: `r:${row.key}`,
    kind: 'result',
    label: statementLabel(row.key, lang),
    row,
  });
  for (const side of model.sides) {
    lines.push(section(side.side));
    for (const block of side.sections) {
      lines.push(section(block.section));
      for (const group of block.groups) lines.push(groupLine(group, lang));
      lines.push(sum(block.sum));
    }
    for (const group of side.loose) lines.push(groupLine(group, lang));
    lines.push(sum(side.sum));
  }
  if (model.difference) lines.push(sum(model.difference));
  return lines;
}

/**
 * Balance sheet at each month end (headed by its date), as the SDK's table shows it: each side, its
 * parts (Anleggsmidler, Omløpsmidler; Egenkapital, Gjeld) with their groups and sums, the side's sum.
 * Compared, the comparison's last month end follows, and the change from it to the last month end.
 */
export function balanceSheetTable(report: BalanceSheetReport, lang: ExportLang): ExportTable {
  const own = balanceSheetLines(report, lang);
  const { comparison } = report;
  const lines = comparison ? withComparison(own, balanceSheetLines(comparison, lang)) : own;
  const compareEnd = comparison?.months[comparison.months.length - 1];
  const basis = compareEnd ? basisOf(comparison) : undefined;
  const compared = compareEnd && basis ? comparedColumns(basis, formatDate(compareEnd.date), lang) : null;
  // A month end that holds a file's opening balances says so, where its column is shown.
  const shownMonths = new Set(report.months.map((m) => m.month));
  const opening = openingNote(
    (report.openingMonths ?? []).filter((m) => shownMonths.has(m)),
    lang,
  );
  // A compared month end with nothing booked (and no file's opening balances) has nothing to compare with.
  const unbooked = basis === 'period' && !!compareEnd && comparedBalanceUnbooked(comparison!, compareEnd.month);
  const note = notes(...report.warnings, unbooked ? text(lang, 'comparisonNone') : undefined, opening);
  return {
    title: text(lang, 'balanceSheet'),
    columns: [text(lang, 'line'), ...report.months.map((m) => formatDate(m.date)), ...(compared?.columns ?? [])],
    kinds: ['text', ...report.months.map(() => 'amount' as const), ...(compared?.kinds ?? [])],
    // The API ends a balance sheet at the last booked month: every column it has is booked.
    rows: linesToRows(
      lines,
      report.months.map(() => true),
      false,
      basis,
      unbooked,
    ),
    ...(note ? { note } : {}),
  };
}

function cashFlowLines(report: CashFlowReport, lang: ExportLang): Line[] {
  const model = buildCashFlowModel(report);
  const lines: Line[] = [];
  for (const group of model.groups) {
    lines.push({ id: `s:${group.group}`, kind: 'section', label: localized(group.title, lang), row: NONE });
    for (const line of group.lines)
      lines.push({ id: `l:${group.group}:${line.key}`, kind: 'group', label: localized(line.title, lang), row: line });
    const net = CASH_FLOW_NET[group.group];
    lines.push({ id: `r:${net}`, kind: 'result', label: statementLabel(net, lang), row: group });
  }
  for (const row of model.balances)
    lines.push({ id: `b:${row.key}`, kind: 'result', label: statementLabel(row.key, lang), row });
  return lines;
}

/** Cash flow: operating, investing and financing, each a heading, its lines and its net; then the net change and the cash. */
export function cashFlowTable(report: CashFlowReport, lang: ExportLang): ExportTable {
  const own = cashFlowLines(report, lang);
  const lines = report.comparison ? withComparison(own, cashFlowLines(report.comparison, lang)) : own;
  const months = report.cashflows.map((m) => m.month);
  const booked = months.map((m) => isBooked(m, report.lastBookedMonth));
  return flowTable(text(lang, 'cashFlow'), report, months, booked, lines, lang);
}
