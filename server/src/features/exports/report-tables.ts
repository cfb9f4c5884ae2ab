/**
 * The three statements as export tables: a line column, one column per month (or month end), and the
 * period, as the SDK's statement tables show them. The rows and their footed whole-kroner figures are
 * the shared row models' (reports/*-model.ts), the same the SDK draws, so every column adds up as shown;
 * the headings and sums are named by the same table (STATEMENT_LABELS).
 */
import type { BalanceSheetReport, CashFlowReport, ExportTable, ProfitLossReport } from '@saldo/contract';
import { isBooked } from '@saldo/contract/booked';
import type { ShownRow } from '@saldo/contract/footing';
import { formatDate, formatMonth } from '@saldo/contract/format';
import {
  accountLabel,
  type BalanceSheetGroupRow,
  buildBalanceSheetModel,
  buildCashFlowModel,
  buildProfitLossModel,
  CASH_FLOW_NET,
  statementLabel,
} from '@saldo/contract/statements';
import { type ExportLang, INDENT, localized, text } from './texts.ts';

interface Line {
  label: string;
  kind: 'section' | 'group' | 'item' | 'result';
  /** øre (for leaving out what is zero everywhere) and the shown kroner */
  row: ShownRow;
  items?: Line[];
}

const NONE: ShownRow = { values: [], total: 0, shown: [], shownTotal: 0 };

const isZero = (line: Line): boolean =>
  line.row.total === 0 && line.row.values.every((v) => v === 0) && (line.items ?? []).every(isZero);

/**
 * Group and item lines that are zero everywhere are left out, as on screen; sections and sums stay.
 * A month not yet booked (`booked[i]` false) is left empty rather than filled with zeros.
 */
function linesToRows(lines: Line[], booked: readonly boolean[], withTotal: boolean): ExportTable['rows'] {
  const rows: ExportTable['rows'] = [];
  const columns = booked.length;
  const cells = (row: ShownRow) => [
    ...Array.from({ length: columns }, (_, i) => (booked[i] ? (row.shown[i] ?? 0) : null)),
    ...(withTotal ? [row.shownTotal] : []),
  ];
  for (const line of lines) {
    if ((line.kind === 'group' || line.kind === 'item') && isZero(line)) continue;
    if (line.kind === 'section') {
      rows.push([line.label, ...Array.from({ length: columns + (withTotal ? 1 : 0) }, () => null)]);
      continue;
    }
    rows.push([line.label, ...cells(line.row)]);
    for (const item of line.items ?? []) {
      if (isZero(item)) continue;
      rows.push([`${INDENT}${item.label}`, ...cells(item.row)]);
    }
  }
  return rows;
}

/** Month headings; a month not yet booked says so ('nov 2026 (ikke bokført ennå)'). */
const monthColumns = (months: readonly string[], booked: readonly boolean[], lang: ExportLang) =>
  months.map((m, i) =>
    booked[i] ? formatMonth(m, lang) : `${formatMonth(m, lang)} (${text(lang, 'notBooked').toLowerCase()})`,
  );

/** Profit and loss as the SDK's table shows it: the two headings, lines with their accounts, the subtotals. */
export function profitLossTable(report: ProfitLossReport, lang: ExportLang): ExportTable {
  const model = buildProfitLossModel(report);
  const lines = model.rows.map((row): Line => {
    if (row.kind === 'section') return { kind: 'section', label: statementLabel(row.key, lang), row: NONE };
    if (row.kind === 'result') return { kind: 'result', label: statementLabel(row.key, lang), row };
    return {
      kind: 'group',
      label: localized(row.title, lang),
      row,
      items: row.accounts.map((account) => ({
        kind: 'item',
        label: `${accountLabel(account)} ${localized(account.title, lang)}`,
        row: account,
      })),
    };
  });
  const booked = model.months.map((m) => isBooked(m, report.lastBookedMonth));
  return {
    title: text(lang, 'profitLoss'),
    columns: [text(lang, 'line'), ...monthColumns(model.months, booked, lang), text(lang, 'total')],
    kinds: ['text', ...model.months.map(() => 'amount' as const), 'amount'],
    rows: linesToRows(lines, booked, true),
  };
}

const groupLine = (group: BalanceSheetGroupRow, lang: ExportLang): Line => ({
  kind: 'group',
  label: localized(group.title, lang),
  row: group,
  items: group.items.map((item) => ({
    kind: 'item',
    // The results not yet closed to equity are no account: no number.
    label: item.isAccount ? `${accountLabel(item)} ${localized(item.title, lang)}` : localized(item.title, lang),
    row: item,
  })),
});

/**
 * Balance sheet at each month end (headed by its date), as the SDK's table shows it: each side, its
 * parts (Anleggsmidler, Omløpsmidler; Egenkapital, Gjeld) with their groups and sums, the side's sum.
 */
export function balanceSheetTable(report: BalanceSheetReport, lang: ExportLang): ExportTable {
  const model = buildBalanceSheetModel(report);
  const lines: Line[] = [];
  for (const { side, sections, loose, sum } of model.sides) {
    lines.push({ kind: 'section', label: statementLabel(side, lang), row: NONE });
    for (const block of sections) {
      lines.push({ kind: 'section', label: statementLabel(block.section, lang), row: NONE });
      for (const group of block.groups) lines.push(groupLine(group, lang));
      lines.push({ kind: 'result', label: statementLabel(block.sum.key, lang), row: block.sum });
    }
    for (const group of loose) lines.push(groupLine(group, lang));
    lines.push({ kind: 'result', label: statementLabel(sum.key, lang), row: sum });
  }
  if (model.difference)
    lines.push({ kind: 'result', label: statementLabel('difference', lang), row: model.difference });
  return {
    title: text(lang, 'balanceSheet'),
    columns: [text(lang, 'line'), ...model.dates.map(formatDate)],
    kinds: ['text', ...model.months.map(() => 'amount' as const)],
    // The API ends a balance sheet at the last booked month: every column it has is booked.
    rows: linesToRows(
      lines,
      model.months.map(() => true),
      false,
    ),
    ...(report.warnings.length ? { note: report.warnings.join(' ') } : {}),
  };
}

/** Cash flow: operating, investing and financing, each a heading, its lines and its net; then the net change and the cash. */
export function cashFlowTable(report: CashFlowReport, lang: ExportLang): ExportTable {
  const model = buildCashFlowModel(report);
  const lines: Line[] = [];
  for (const group of model.groups) {
    lines.push({ kind: 'section', label: localized(group.title, lang), row: NONE });
    for (const line of group.lines) lines.push({ kind: 'group', label: localized(line.title, lang), row: line });
    lines.push({ kind: 'result', label: statementLabel(CASH_FLOW_NET[group.group], lang), row: group });
  }
  for (const row of model.balances) lines.push({ kind: 'result', label: statementLabel(row.key, lang), row });
  const booked = model.months.map((m) => isBooked(m, report.lastBookedMonth));
  return {
    title: text(lang, 'cashFlow'),
    columns: [text(lang, 'line'), ...monthColumns(model.months, booked, lang), text(lang, 'total')],
    kinds: ['text', ...model.months.map(() => 'amount' as const), 'amount'],
    rows: linesToRows(lines, booked, true),
  };
}
