/**
 * The three statements as export tables: a line column, one column per month (or month end), and the
 * period, as the SDK's statement tables show them. The rows and their footed whole-kroner figures are
 * the shared row models' (reports/*-model.ts), the same the SDK draws, so every column adds up as shown.
 */
import type { BalanceSheetReport, CashFlowReport, ExportTable, ProfitLossReport } from '../../contract.ts';
import { buildBalanceSheetModel } from '../../reports/balance-sheet-model.ts';
import { isBooked } from '../../reports/booked.ts';
import { buildCashFlowModel } from '../../reports/cash-flow-model.ts';
import type { ShownRow } from '../../reports/footing.ts';
import { accountLabel, buildProfitLossModel, type ResultKey } from '../../reports/profit-loss-model.ts';
import { formatDate, formatMonth } from './format.ts';
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

const RESULT_LABELS: Record<ResultKey, 'operatingResult' | 'resultBeforeTax' | 'netResult'> = {
  operatingResult: 'operatingResult',
  resultBeforeTax: 'resultBeforeTax',
  result: 'netResult',
};

/** Profit and loss: each section's groups with their accounts, then the line it adds up to (as the SDK's table). */
export function profitLossTable(report: ProfitLossReport, lang: ExportLang): ExportTable {
  const model = buildProfitLossModel(report);
  const lines = model.rows.map(
    (row): Line =>
      row.kind === 'result'
        ? { kind: 'result', label: text(lang, RESULT_LABELS[row.key]), row }
        : {
            kind: 'group',
            label: localized(row.title, lang),
            row,
            items: row.accounts.map((account) => ({
              kind: 'item',
              label: `${accountLabel(account)} ${localized(account.title, lang)}`,
              row: account,
            })),
          },
  );
  const booked = model.months.map((m) => isBooked(m, report.lastBookedMonth));
  return {
    title: text(lang, 'profitLoss'),
    columns: [text(lang, 'line'), ...monthColumns(model.months, booked, lang), text(lang, 'total')],
    kinds: ['text', ...model.months.map(() => 'amount' as const), 'amount'],
    rows: linesToRows(lines, booked, true),
  };
}

/** Balance sheet at each month end (headed by its date): assets, then equity and liabilities, each with its sum. */
export function balanceSheetTable(report: BalanceSheetReport, lang: ExportLang): ExportTable {
  const model = buildBalanceSheetModel(report);
  const lines: Line[] = [];
  for (const { side, groups, sum } of model.sides) {
    lines.push({ kind: 'section', label: text(lang, side), row: NONE });
    for (const group of groups) {
      lines.push({
        kind: 'group',
        label: localized(group.title, lang),
        row: group,
        items: group.items.map((item) => ({
          kind: 'item',
          // A line without an account ID (earlier years' unclosed results) is no account.
          label: item.isAccount ? `${accountLabel(item)} ${localized(item.title, lang)}` : localized(item.title, lang),
          row: item,
        })),
      });
    }
    lines.push({ kind: 'result', label: text(lang, sum.key), row: sum });
  }
  if (model.difference) lines.push({ kind: 'result', label: text(lang, 'difference'), row: model.difference });
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

/** Cash flow: operating, investing and financing with their lines, then the net change and the cash. */
export function cashFlowTable(report: CashFlowReport, lang: ExportLang): ExportTable {
  const model = buildCashFlowModel(report);
  const lines: Line[] = model.groups.map((group) => ({
    kind: 'group',
    label: localized(group.title, lang),
    row: group,
    items: group.lines.map((line) => ({ kind: 'item' as const, label: localized(line.title, lang), row: line })),
  }));
  for (const row of model.balances) lines.push({ kind: 'result', label: text(lang, row.key), row });
  const booked = model.months.map((m) => isBooked(m, report.lastBookedMonth));
  return {
    title: text(lang, 'cashFlow'),
    columns: [text(lang, 'line'), ...monthColumns(model.months, booked, lang), text(lang, 'total')],
    kinds: ['text', ...model.months.map(() => 'amount' as const), 'amount'],
    rows: linesToRows(lines, booked, true),
  };
}
