/**
 * The widgets' answers as plain tables (the registry's `rows`; the statements' are the server's
 * report-tables.ts). The rows are those the SDK's views show (sdk/src/widgets): amounts are the shown
 * whole kroner (half away from zero), and where a table has a total its rows are footed against it.
 * Kept out of the SDK's bundle: only the registry, which the server, the exports and the portal read, imports it.
 */

import { type ExportLang, type Key, openingNote, text } from '../exports/texts.ts';
import { formatKpi, kpiNumber, ratioOperandText } from '../kpis/kpis.ts';
import { oreToKroner, roundHalfAway } from '../numbers/footing.ts';
import { formatDate, formatMonth, formatNumber } from '../numbers/format.ts';
import { changePercent, changePercentCell, changePercentText } from '../numbers/variance.ts';
import { isBooked } from '../period/booked.ts';
import { footConsolidation, footedParts, turnoverShown } from '../statements/index.ts';
import type { AiQueryResponse, ExportTable } from '../types/account.ts';
import type { Comparison } from '../types/common.ts';
import type { BudgetWidgetData } from '../types/reports.ts';
import type {
  ConsolidationWidgetData,
  CustomWidgetData,
  EmployeesData,
  KpiData,
  MrrData,
  TopFiveExpense,
  TopRow,
  TurnoverData,
} from '../types/widgets.ts';
import { answerText } from './answer-text.ts';

/**
 * What a widget's table is made with besides its data: the language, the widget type's title in it,
 * and, in the comparison view, what the answer was compared with.
 */
export interface TableContext<Word extends string = string> {
  lang: ExportLang;
  title: string;
  compare?: Comparison;
  /** The widget's own words (its registry entry's `words`) in `lang`: a word its table reads and its entry lacks is a type error. */
  words: Record<Word, string>;
}

/** The heading of a comparison column, as the SDK's comparison views have it. */
const comparisonText = (lang: ExportLang, compare: Comparison) =>
  text(lang, compare === 'lastYear' ? 'lastYearShort' : 'previousPeriod');

/**
 * Top ten customers, suppliers, products or cost accounts: rank, name, amount; in the comparison view
 * (rows answered with `compare`) also the comparison, the change and the change in %, as on screen.
 */
export const topListTable =
  (column: Key) =>
  (rows: TopRow[], { lang, title, compare }: TableContext): ExportTable => {
    const listed = rows.slice(0, 10);
    // A cost account's figure as the P&L shows it (see TopRow.shown), else the amount rounded.
    const shown = (r: TopRow) => r.shown ?? oreToKroner(r.amount);
    const opening = openingNote([...new Set(listed.flatMap((r) => r.openingMonths ?? []))].sort(), lang);
    const base = {
      ...(opening ? { note: opening } : {}),
      title,
      columns: [text(lang, 'rank'), text(lang, column), text(lang, 'amount')],
      kinds: ['number', 'text', 'amount'] as ExportTable['kinds'],
    };
    if (!compare || !listed.every((r) => r.compareAmount !== undefined))
      return { ...base, rows: listed.map((r, i) => [i + 1, r.name, shown(r)]) };
    const before = (r: TopRow) => r.compareShown ?? oreToKroner(r.compareAmount ?? 0);
    // A comparison period without a booked month: nothing to compare with (empty cells, as on screen '–').
    const unbooked = listed.some((r) => r.compareBookedMonths === 0);
    return {
      ...base,
      columns: [...base.columns, comparisonText(lang, compare), text(lang, 'change'), text(lang, 'changePercent')],
      kinds: [...base.kinds, 'amount', 'amount', 'percent'],
      rows: listed.map((r, i) => [
        i + 1,
        r.name,
        shown(r),
        ...(unbooked
          ? [null, null, null]
          : [before(r), shown(r) - before(r), changePercentCell(changePercent(shown(r), before(r), 'kroner'))]),
      ]),
      ...(unbooked || opening
        ? { note: [unbooked ? text(lang, 'comparisonNone') : undefined, opening].filter(Boolean).join('. ') }
        : {}),
    };
  };

/** The top five cost accounts (the spec's shape): rank, '6300 Leie lokale', amount. */
export function topFiveTable(rows: TopFiveExpense[], { lang, title }: TableContext): ExportTable {
  return topListTable('account')(
    rows.slice(0, 5).map((e) => ({
      _id: e.account.accountId ?? String(e.account.number),
      name: `${e.account.accountId ?? e.account.number} ${e.account.name}`,
      amount: e.closingBalance,
      ...(e.shown !== undefined ? { shown: e.shown } : {}),
      ...(e.openingMonths ? { openingMonths: e.openingMonths } : {}),
    })),
    { lang, title, words: {} },
  );
}

/** The largest vouchers: date, description, amount. */
export function largestTransactionsTable(rows: TopRow[], { lang, title }: TableContext): ExportTable {
  return {
    title,
    columns: [text(lang, 'date'), text(lang, 'transaction'), text(lang, 'amount')],
    kinds: ['date', 'text', 'amount'],
    rows: rows.slice(0, 10).map((r) => [r.date ?? null, r.name, oreToKroner(r.amount)]),
  };
}

/**
 * Turnover by month and the period's total; last year's total and the change in the note (or that last
 * year has no booked month to compare with), and which months are a file's opening balances.
 */
export function turnoverTable(data: TurnoverData, { lang, title }: TableContext): ExportTable {
  const change = changePercentText(data.changePercent);
  const opening = openingNote(data.openingMonths ?? [], lang);
  const compared =
    data.previousTotal === null
      ? undefined
      : data.previousBookedMonths === 0
        ? `${text(lang, 'lastYear')}: ${text(lang, 'comparisonNone')}.`
        : `${text(lang, 'lastYear')}: ${formatNumber(oreToKroner(data.previousTotal))}. ${text(lang, 'changeFromLastYear')}: ${change}`;
  const note = [compared, opening].filter(Boolean).join(' ');
  const shown = turnoverShown(data);
  return {
    title,
    columns: [text(lang, 'month'), text(lang, 'amount')],
    kinds: ['text', 'amount'],
    rows: [
      ...data.months.map((m, i) => [
        formatMonth(m.month, lang),
        isBooked(m.month, data.lastBookedMonth) ? shown.parts[i]! : text(lang, 'notBooked'),
      ]),
      [text(lang, 'total'), shown.total],
    ],
    // Without last year (a viewer not given the comparison), nothing said of it.
    ...(note ? { note } : {}),
  };
}

/** MRR by month with its movements; contraction and churn are losses, shown negative as on screen. */
export function mrrTable(
  data: MrrData,
  {
    lang,
    title,
    words,
  }: TableContext<'mrr' | 'newMrr' | 'expansionMrr' | 'contractionMrr' | 'churnedMrr' | 'customers' | 'arpc'>,
): ExportTable {
  return {
    title,
    columns: [
      text(lang, 'month'),
      words.mrr,
      words.newMrr,
      words.expansionMrr,
      words.contractionMrr,
      words.churnedMrr,
      words.customers,
      words.arpc,
    ],
    kinds: ['text', 'amount', 'amount', 'amount', 'amount', 'amount', 'number', 'amount'],
    rows: data.months.map((m) =>
      isBooked(m.month, data.lastBookedMonth)
        ? [
            formatMonth(m.month, lang),
            oreToKroner(m.mrr),
            oreToKroner(m.newMrr),
            oreToKroner(m.expansionMrr),
            oreToKroner(-Math.abs(m.contractionMrr)),
            oreToKroner(-Math.abs(m.churnedMrr)),
            m.customers,
            oreToKroner(m.averageRevenuePerCustomer),
          ]
        : [formatMonth(m.month, lang), text(lang, 'notBooked'), null, null, null, null, null, null],
    ),
    note: `${text(lang, 'accounts')}: ${data.accounts.from}–${data.accounts.to}`,
  };
}

export function employeesTable(
  data: EmployeesData,
  { lang, title, words }: TableContext<'employees' | 'employeesEstimated'>,
): ExportTable {
  return {
    title,
    columns: [text(lang, 'month'), words.employees],
    kinds: ['text', 'number'],
    rows: data.months.map((m) => [
      formatMonth(m.month, lang),
      isBooked(m.month, data.lastBookedMonth) ? m.count : text(lang, 'notBooked'),
    ]),
    ...(data.source === 'payroll' ? { note: words.employeesEstimated } : {}),
  };
}

/**
 * Revenue and result per company, the eliminations (subtracted, so shown with the opposite sign) and
 * the consolidated sum, the companies and eliminations footed against it.
 */
export function consolidationTable(
  data: ConsolidationWidgetData,
  { lang, title, words }: TableContext<'company' | 'deducted' | 'consolidated'>,
): ExportTable {
  const { revenue, result } = footConsolidation(data);
  return {
    title,
    columns: [words.company, text(lang, 'revenue'), text(lang, 'result')],
    kinds: ['text', 'amount', 'amount'],
    rows: [
      ...data.apis.map((a, i) => [a.name, revenue.companies[i]!, result.companies[i]!]),
      [words.deducted, revenue.eliminations, result.eliminations],
      [words.consolidated, revenue.consolidated, result.consolidated],
    ],
  };
}

/**
 * A custom widget: its value per month and the total; a ratio as a percentage. In the comparison view
 * (answered with `compare`) also the comparison period's figures, month by month, and the change.
 */
export function customTable(data: CustomWidgetData, { lang, title, compare }: TableContext): ExportTable {
  const table = customSingleTable(data, lang, title);
  const before = data.comparison;
  if (!compare || !before) return table;
  const ratio = data.widget.type === 'ratio';
  const percent = (v: number | null) => (v === null ? null : roundHalfAway(v * 100, 1));
  // A comparison period without a booked month: its values are null, nothing to foot or compare.
  const unbooked = before.bookedMonths === 0;
  const footed =
    ratio || unbooked
      ? null
      : footedParts(
          before.months.map((m) => m.value ?? 0),
          before.total ?? 0,
        );
  const values = [
    ...data.months.map((_, i) => {
      const m = before.months[i];
      return !m || m.value === null ? null : footed ? footed.parts[i]! : percent(m.value);
    }),
    footed ? footed.total : percent(before.total),
  ];
  const kind = ratio ? 'percent' : 'amount';
  return {
    ...table,
    columns: [...table.columns, comparisonText(lang, compare), text(lang, 'change')],
    kinds: [...table.kinds, kind, kind],
    rows: table.rows.map((row, i) => {
      const now = row[1];
      const then = values[i] ?? null;
      // A month not yet booked has no change; a ratio's change is in percentage points.
      const change = typeof now === 'number' && then !== null ? roundHalfAway(now - then, ratio ? 1 : 0) : null;
      return [...row, then, change];
    }),
    note: [
      table.note,
      `${comparisonText(lang, compare)}: ${formatDate(before.startDate)} – ${formatDate(before.endDate)}`,
      unbooked ? text(lang, 'comparisonNone') : undefined,
    ]
      .filter(Boolean)
      .join('. '),
  };
}

function customSingleTable(data: CustomWidgetData, lang: ExportLang, title: string): ExportTable {
  const { widget } = data;
  const ratio = widget.type === 'ratio';
  const percent = (v: number | null) => (v === null ? null : roundHalfAway(v * 100, 1));
  const pattern = ratio
    ? widget.dividend &&
      widget.divisor &&
      `${ratioOperandText(widget.dividend, lang)} / ${ratioOperandText(widget.divisor, lang)}`
    : widget.range && `${widget.range.from}–${widget.range.to}`;
  const note = [pattern ? `${text(lang, 'accounts')}: ${pattern}` : '', widget.note ?? ''].filter(Boolean).join('. ');
  return {
    title: widget.name || title,
    columns: [text(lang, 'month'), text(lang, ratio ? 'ratio' : 'value')],
    kinds: ['text', ratio ? 'percent' : 'amount'],
    rows: ratio
      ? [
          ...data.months.map((m) => [
            formatMonth(m.month, lang),
            isBooked(m.month, data.lastBookedMonth) ? percent(m.value) : text(lang, 'notBooked'),
          ]),
          [text(lang, 'total'), percent(data.total)],
        ]
      : customAmountRows(data, lang),
    ...(note ? { note } : {}),
  };
}

/** An account range's months and total in kroner, the months footed against the total. */
function customAmountRows(data: CustomWidgetData, lang: ExportLang): ExportTable['rows'] {
  const shown = footedParts(
    data.months.map((m) => m.value ?? 0),
    data.total ?? 0,
  );
  return [
    ...data.months.map((m, i) => [
      formatMonth(m.month, lang),
      !isBooked(m.month, data.lastBookedMonth) ? text(lang, 'notBooked') : m.value === null ? null : shown.parts[i]!,
    ]),
    [text(lang, 'total'), data.total === null ? null : shown.total],
  ];
}

/**
 * A KPI: its value each month (the trend) and for the period, as the screen shows them (kroner, or
 * one decimal); the formula and the comparison in the note.
 */
export function kpiTable(data: KpiData, { lang }: TableContext): ExportTable {
  const title = lang === 'en' ? data.title.en : data.title.no;
  const kind = data.unit === 'amount' ? 'amount' : data.unit === 'percent' ? 'percent' : 'number';
  const cell = (value: number | null) =>
    value === null ? null : data.unit === 'amount' ? oreToKroner(value) : roundHalfAway(kpiNumber(value, data.unit), 1);
  const compared = data.compare === 'lastYear' ? text(lang, 'lastYear') : text(lang, 'previousPeriod');
  return {
    title,
    columns: [text(lang, 'month'), title],
    kinds: ['text', kind],
    rows: [
      ...data.months.map((m) => [
        formatMonth(m.month, lang),
        isBooked(m.month, data.lastBookedMonth) ? cell(m.value) : text(lang, 'notBooked'),
      ]),
      [text(lang, 'period'), cell(data.value)],
    ],
    note: `${text(lang, 'formula')}: ${lang === 'en' ? data.formula.en : data.formula.no}.${data.comparison ? ` ${compared}: ${formatKpi(data.comparison.value, data.unit, lang)}` : ''}`,
  };
}

/** A P&L line against the budget by month; the booked months footed against their totals. */
export function budgetTable(data: BudgetWidgetData, { lang, title, words }: TableContext<'actual'>): ExportTable {
  const booked = data.months.map((m) => isBooked(m.month, data.lastBookedMonth));
  const inBooked = data.months.filter((_, i) => booked[i]);
  const actual = footedParts(
    inBooked.map((m) => m.actual),
    data.actual,
  );
  const budget = footedParts(
    inBooked.map((m) => m.budget),
    data.budget,
  );
  let at = 0;
  return {
    title: `${title}: ${lang === 'en' ? data.title.en : data.title.no}`,
    columns: [text(lang, 'month'), words.actual, text(lang, 'budget'), text(lang, 'variance')],
    kinds: ['text', 'amount', 'amount', 'amount'],
    rows: [
      ...data.months.map((m, i) => {
        if (!booked[i]) return [formatMonth(m.month, lang), text(lang, 'notBooked'), oreToKroner(m.budget), null];
        const a = actual.parts[at]!;
        const b = budget.parts[at++]!;
        return [formatMonth(m.month, lang), a, b, a - b];
      }),
      [text(lang, 'total'), actual.total, budget.total, actual.total - budget.total],
    ],
    note: `${text(lang, 'budgetPeriod')}: ${formatNumber(oreToKroner(data.budgetPeriod))}`,
  };
}

export function aiTable(data: AiQueryResponse, { lang, title, words }: TableContext<'answer'>): ExportTable {
  return {
    title: data.question || title,
    columns: [words.answer, text(lang, 'date')],
    kinds: ['text', 'date'],
    rows: [[answerText(data.answer), data.createdAt ? data.createdAt.slice(0, 10) : null]],
  };
}
