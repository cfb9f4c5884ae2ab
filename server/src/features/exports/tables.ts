/**
 * The widgets' and reports' JSON answers as plain tables, one function per response shape. The
 * rows are those the SDK's views show (sdk/src/widgets, sdk/src/reports): amounts stay in øre here,
 * the file writers round them to whole units.
 */
import type {
  BalanceSheetGroup,
  BalanceSheetReport,
  CashFlowGroup,
  CashFlowReport,
  ConsolidationWidgetData,
  CustomWidgetData,
  EmployeesData,
  ExportTable,
  MrrData,
  ProfitLossReport,
  TopFiveExpense,
  TopRow,
  TurnoverData,
  WidgetType,
} from '../../contract.ts';
import { accountLabel, buildProfitLossModel, type ResultKey } from '../../reports/profit-loss-model.ts';
import { widgetCatalogue } from '../../widgets/catalogue.ts';
import { formatAmount, formatDate, formatMonth, formatPercent } from './format.ts';

export type ExportLang = 'nor' | 'en';

const nor = {
  rank: 'Nr.',
  customer: 'Kunde',
  supplier: 'Leverandør',
  product: 'Produkt',
  account: 'Konto',
  transaction: 'Transaksjon',
  date: 'Dato',
  amount: 'Beløp',
  month: 'Måned',
  total: 'Totalt',
  line: 'Linje',
  value: 'Verdi',
  ratio: 'Forholdstall (%)',
  mrr: 'MRR',
  newMrr: 'Ny',
  expansionMrr: 'Økning',
  contractionMrr: 'Reduksjon',
  churnedMrr: 'Tapt',
  customers: 'Kunder',
  arpc: 'Snitt per kunde',
  employees: 'Ansatte',
  employeesEstimated: 'Anslått fra lønnsposteringer',
  company: 'Selskap',
  revenue: 'Inntekter',
  result: 'Resultat',
  deducted: 'Elimineringer',
  consolidated: 'Konsolidert',
  question: 'Spørsmål',
  answer: 'Svar',
  lastYear: 'Samme periode i fjor',
  changeFromLastYear: 'Endring fra i fjor',
  accounts: 'Kontoer',
  operatingResult: 'Driftsresultat',
  resultBeforeTax: 'Resultat før skatt',
  netResult: 'Årsresultat',
  profitLoss: 'Resultatregnskap',
  balanceSheet: 'Balanse',
  cashFlow: 'Kontantstrøm',
  assets: 'Eiendeler',
  equityAndLiabilities: 'Egenkapital og gjeld',
  totalAssets: 'Sum eiendeler',
  totalEquityAndLiabilities: 'Sum egenkapital og gjeld',
  difference: 'Differanse',
  netChange: 'Netto endring i likvider',
  openingBalance: 'Likvider ved periodens start',
  closingBalance: 'Likvider ved periodens slutt',
};

type Key = keyof typeof nor;

const en: Record<Key, string> = {
  rank: 'No.',
  customer: 'Customer',
  supplier: 'Supplier',
  product: 'Product',
  account: 'Account',
  transaction: 'Transaction',
  date: 'Date',
  amount: 'Amount',
  month: 'Month',
  total: 'Total',
  line: 'Line',
  value: 'Value',
  ratio: 'Ratio (%)',
  mrr: 'MRR',
  newMrr: 'New',
  expansionMrr: 'Expansion',
  contractionMrr: 'Contraction',
  churnedMrr: 'Churn',
  customers: 'Customers',
  arpc: 'Average per customer',
  employees: 'Employees',
  employeesEstimated: 'Estimated from payroll postings',
  company: 'Company',
  revenue: 'Revenue',
  result: 'Result',
  deducted: 'Eliminations',
  consolidated: 'Consolidated',
  question: 'Question',
  answer: 'Answer',
  lastYear: 'Same period last year',
  changeFromLastYear: 'Change from last year',
  accounts: 'Accounts',
  operatingResult: 'Operating result',
  resultBeforeTax: 'Result before tax',
  netResult: 'Net result',
  profitLoss: 'Profit and loss',
  balanceSheet: 'Balance sheet',
  cashFlow: 'Cash flow',
  assets: 'Assets',
  equityAndLiabilities: 'Equity and liabilities',
  totalAssets: 'Total assets',
  totalEquityAndLiabilities: 'Total equity and liabilities',
  difference: 'Difference',
  netChange: 'Net change in cash',
  openingBalance: 'Cash at start of period',
  closingBalance: 'Cash at end of period',
};

const strings: Record<ExportLang, Record<Key, string>> = { nor, en };

export function text(lang: ExportLang, key: Key): string {
  return strings[lang][key];
}

const localized = (value: { en: string; no: string }, lang: ExportLang) => (lang === 'en' ? value.en : value.no);

/** Indent of an account line under its group. */
const INDENT = '  ';

/** A catalogue widget's name in the language, e.g. 'Topp 10 kunder'. */
export function widgetTitle(widget: string, lang: ExportLang): string {
  const entry = widgetCatalogue.find((w) => w.widget === widget);
  return entry ? localized(entry.name, lang) : widget;
}

// ---------------------------------------------------------------------------------------------
// Widgets

const TOP_COLUMNS: Record<string, Key> = {
  'top-customers': 'customer',
  'top-suppliers': 'supplier',
  'top-products': 'product',
  'top-expenses': 'account',
  'top-five-expenses': 'account',
};

/** Top ten customers, suppliers, products or cost accounts: rank, name, amount. */
export function topListTable(widget: string, rows: TopRow[], lang: ExportLang): ExportTable {
  return {
    title: widgetTitle(widget, lang),
    columns: [text(lang, 'rank'), text(lang, TOP_COLUMNS[widget] ?? 'customer'), text(lang, 'amount')],
    kinds: ['number', 'text', 'amount'],
    rows: rows.slice(0, 10).map((r, i) => [i + 1, r.name, r.amount]),
  };
}

/** The top five cost accounts (the spec's shape): rank, '6300 Leie lokale', amount. */
export function topFiveTable(rows: TopFiveExpense[], lang: ExportLang): ExportTable {
  return topListTable(
    'top-five-expenses',
    rows.slice(0, 5).map((e) => ({
      _id: e.account.accountId ?? String(e.account.number),
      name: `${e.account.accountId ?? e.account.number} ${e.account.name}`,
      amount: e.closingBalance,
    })),
    lang,
  );
}

/** The largest vouchers: date, description, amount. */
export function largestTransactionsTable(rows: TopRow[], lang: ExportLang): ExportTable {
  return {
    title: widgetTitle('largest-transactions', lang),
    columns: [text(lang, 'date'), text(lang, 'transaction'), text(lang, 'amount')],
    kinds: ['date', 'text', 'amount'],
    rows: rows.slice(0, 10).map((r) => [r.date ?? null, r.name, r.amount]),
  };
}

/** Turnover by month and the period's total; last year's total and the change in the note. */
export function turnoverTable(data: TurnoverData, lang: ExportLang): ExportTable {
  const change = data.changePercent === null ? '–' : formatPercent(data.changePercent, true);
  return {
    title: widgetTitle('turnover', lang),
    columns: [text(lang, 'month'), text(lang, 'amount')],
    kinds: ['text', 'amount'],
    rows: [...data.months.map((m) => [formatMonth(m.month, lang), m.amount]), [text(lang, 'total'), data.total]],
    note: `${text(lang, 'lastYear')}: ${formatAmount(data.previousTotal)}. ${text(lang, 'changeFromLastYear')}: ${change}`,
  };
}

/** MRR by month with its movements; contraction and churn are losses, shown negative as on screen. */
export function mrrTable(data: MrrData, lang: ExportLang): ExportTable {
  return {
    title: widgetTitle('mrr', lang),
    columns: [
      text(lang, 'month'),
      text(lang, 'mrr'),
      text(lang, 'newMrr'),
      text(lang, 'expansionMrr'),
      text(lang, 'contractionMrr'),
      text(lang, 'churnedMrr'),
      text(lang, 'customers'),
      text(lang, 'arpc'),
    ],
    kinds: ['text', 'amount', 'amount', 'amount', 'amount', 'amount', 'number', 'amount'],
    rows: data.months.map((m) => [
      formatMonth(m.month, lang),
      m.mrr,
      m.newMrr,
      m.expansionMrr,
      -Math.abs(m.contractionMrr),
      -Math.abs(m.churnedMrr),
      m.customers,
      m.averageRevenuePerCustomer,
    ]),
    note: `${text(lang, 'accounts')}: ${data.accounts.from}–${data.accounts.to}`,
  };
}

export function employeesTable(data: EmployeesData, lang: ExportLang): ExportTable {
  return {
    title: widgetTitle('employees', lang),
    columns: [text(lang, 'month'), text(lang, 'employees')],
    kinds: ['text', 'number'],
    rows: data.months.map((m) => [formatMonth(m.month, lang), m.count]),
    ...(data.source === 'payroll' ? { note: text(lang, 'employeesEstimated') } : {}),
  };
}

/** Revenue and result per company, the eliminations (negative) and the consolidated sum. */
export function consolidationTable(data: ConsolidationWidgetData, lang: ExportLang): ExportTable {
  return {
    title: widgetTitle('consolidation', lang),
    columns: [text(lang, 'company'), text(lang, 'revenue'), text(lang, 'result')],
    kinds: ['text', 'amount', 'amount'],
    rows: [
      ...data.apis.map((a) => [a.name, a.revenue, a.result]),
      [text(lang, 'deducted'), -Math.abs(data.deducted.revenue), -Math.abs(data.deducted.result)],
      [text(lang, 'consolidated'), data.consolidated.revenue, data.consolidated.result],
    ],
  };
}

/** A custom widget: its value per month and the total; a ratio as a percentage. */
export function customTable(data: CustomWidgetData, lang: ExportLang): ExportTable {
  const { widget } = data;
  const ratio = widget.type === 'ratio';
  const value = (v: number | null) => (v === null ? null : ratio ? Math.round(v * 1000) / 10 : v);
  const pattern = ratio
    ? widget.dividend &&
      widget.divisor &&
      `${widget.dividend.from}–${widget.dividend.to} / ${widget.divisor.from}–${widget.divisor.to}`
    : widget.range && `${widget.range.from}–${widget.range.to}`;
  const note = [pattern ? `${text(lang, 'accounts')}: ${pattern}` : '', widget.note ?? ''].filter(Boolean).join('. ');
  return {
    title: widget.name || widgetTitle('custom', lang),
    columns: [text(lang, 'month'), text(lang, ratio ? 'ratio' : 'value')],
    kinds: ['text', ratio ? 'percent' : 'amount'],
    rows: [
      ...data.months.map((m) => [formatMonth(m.month, lang), value(m.value)]),
      [text(lang, 'total'), value(data.total)],
    ],
    ...(note ? { note } : {}),
  };
}

export interface AiAnswer {
  _id: string;
  question: string;
  answer: unknown;
  createdAt: string;
}

/** The answer's `text` when it has one, otherwise its JSON (as the SDK's AI widget shows it). */
export function answerText(answer: unknown): string {
  let value = answer;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return value as string;
    }
  }
  if (value && typeof value === 'object' && typeof (value as { text?: unknown }).text === 'string') {
    return (value as { text: string }).text;
  }
  return typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? '');
}

export function aiTable(data: AiAnswer, lang: ExportLang): ExportTable {
  return {
    title: data.question || widgetTitle('ai', lang),
    columns: [text(lang, 'answer'), text(lang, 'date')],
    kinds: ['text', 'date'],
    rows: [[answerText(data.answer), data.createdAt ? data.createdAt.slice(0, 10) : null]],
  };
}

// ---------------------------------------------------------------------------------------------
// Reports: a line column, one column per month, and the period (as the SDK's statement tables)

interface Line {
  label: string;
  values: number[];
  total: number;
  kind: 'section' | 'group' | 'item' | 'result';
  items?: Line[];
}

const isZero = (line: Line): boolean =>
  line.total === 0 && line.values.every((v) => v === 0) && (line.items ?? []).every(isZero);

/** Group and item lines that are zero everywhere are left out, as on screen; sections and sums stay. */
function linesToRows(lines: Line[], withTotal: boolean): ExportTable['rows'] {
  const rows: ExportTable['rows'] = [];
  for (const line of lines) {
    if ((line.kind === 'group' || line.kind === 'item') && isZero(line)) continue;
    if (line.kind === 'section') {
      rows.push([line.label, ...line.values.map(() => null), ...(withTotal ? [null] : [])]);
      continue;
    }
    rows.push([line.label, ...line.values, ...(withTotal ? [line.total] : [])]);
    for (const item of line.items ?? []) {
      if (isZero(item)) continue;
      rows.push([`${INDENT}${item.label}`, ...item.values, ...(withTotal ? [item.total] : [])]);
    }
  }
  return rows;
}

/** Accounts of a group collected over the months they appear in, by ID (sub-accounts apart), in the server's order. */
function accountLines(
  months: ReadonlyArray<ReadonlyArray<{ key: string; label: string; amount: number }>>,
  totals: ReadonlyArray<{ key: string; amount: number }> | undefined,
): Line[] {
  const rows = new Map<string, Line>();
  months.forEach((items, i) => {
    for (const item of items) {
      let row = rows.get(item.key);
      if (!row) {
        row = { label: item.label, values: months.map(() => 0), total: 0, kind: 'item' };
        rows.set(item.key, row);
      }
      row.values[i] = item.amount;
    }
  });
  for (const row of rows.values()) row.total = row.values.reduce((a, b) => a + b, 0);
  // The server's period total wins over the sum where it has one.
  for (const item of totals ?? []) {
    const row = rows.get(item.key);
    if (row) row.total = item.amount;
  }
  return [...rows.values()];
}

const RESULT_LABELS: Record<ResultKey, Key> = {
  operatingResult: 'operatingResult',
  resultBeforeTax: 'resultBeforeTax',
  result: 'netResult',
};

/** Profit and loss: each section's groups with their accounts, then the line it adds up to (as the SDK's table). */
export function profitLossTable(report: ProfitLossReport, lang: ExportLang): ExportTable {
  const lines = buildProfitLossModel(report).rows.map(
    (row): Line =>
      row.kind === 'result'
        ? { kind: 'result', label: text(lang, RESULT_LABELS[row.key]), values: row.values, total: row.total }
        : {
            kind: 'group',
            label: localized(row.title, lang),
            values: row.values,
            total: row.total,
            items: row.accounts.map((account) => ({
              kind: 'item',
              label: `${accountLabel(account)} ${localized(account.title, lang)}`,
              values: account.values,
              total: account.total,
            })),
          },
  );
  return {
    title: text(lang, 'profitLoss'),
    columns: [text(lang, 'line'), ...report.months.map((m) => formatMonth(m.month, lang)), text(lang, 'total')],
    kinds: ['text', ...report.months.map(() => 'amount' as const), 'amount'],
    rows: linesToRows(lines, true),
  };
}

/** Balance sheet at each month end: assets, then equity and liabilities, each with its sum. */
export function balanceSheetTable(report: BalanceSheetReport, lang: ExportLang): ExportTable {
  const { months } = report;
  const groups = new Map<string, BalanceSheetGroup>();
  for (const month of months) for (const g of month.groups) if (!groups.has(g.group)) groups.set(g.group, g);
  const last = (values: number[]) => values[values.length - 1] ?? 0;
  const lines: Line[] = [];
  const sides = [
    { side: 'assets', label: 'assets', total: 'totalAssets' },
    { side: 'equityAndLiabilities', label: 'equityAndLiabilities', total: 'totalEquityAndLiabilities' },
  ] as const;
  for (const side of sides) {
    lines.push({ kind: 'section', label: text(lang, side.label), values: months.map(() => 0), total: 0 });
    for (const group of [...groups.values()].filter((g) => g.side === side.side)) {
      const perMonth = months.map((m) => m.groups.find((g) => g.group === group.group));
      const values = perMonth.map((g) => g?.totalAmountOfGroup ?? 0);
      const items = accountLines(
        perMonth.map((g) =>
          (g?.subItems ?? []).map((s) => ({
            key: `${s.number}:${s.accountId ?? ''}`,
            // A line without an account ID (earlier years' unclosed results) is no account.
            label:
              s.accountId !== undefined || s.number
                ? `${accountLabel(s)} ${localized(s.title, lang)}`
                : localized(s.title, lang),
            amount: s.amount,
          })),
        ),
        undefined,
      );
      for (const item of items) item.total = last(item.values);
      lines.push({ kind: 'group', label: localized(group.groupTitle, lang), values, total: last(values), items });
    }
    const values = months.map((m) => m[side.total]);
    lines.push({ kind: 'result', label: text(lang, side.total), values, total: last(values) });
  }
  if (months.some((m) => m.difference !== 0)) {
    const values = months.map((m) => m.difference);
    lines.push({ kind: 'result', label: text(lang, 'difference'), values, total: last(values) });
  }
  return {
    title: text(lang, 'balanceSheet'),
    columns: [text(lang, 'line'), ...months.map((m) => formatDate(m.date))],
    kinds: ['text', ...months.map(() => 'amount' as const)],
    rows: linesToRows(lines, false),
    ...(report.warnings.length ? { note: report.warnings.join(' ') } : {}),
  };
}

/** Cash flow: operating, investing and financing with their lines, then the net change and the cash. */
export function cashFlowTable(report: CashFlowReport, lang: ExportLang): ExportTable {
  const months = report.cashflows;
  const find = (groups: CashFlowGroup[], id: string) => groups.find((g) => g.group === id);
  const lines: Line[] = (['operating', 'investing', 'financing'] as const).map((group) => {
    const perMonth = months.map((m) => find(m.groups, group));
    const total = find(report.total.groups, group);
    const keys = new Map<string, { no: string; en: string }>();
    for (const g of [total, ...perMonth])
      for (const s of g?.subItems ?? []) if (!keys.has(s.group)) keys.set(s.group, s);
    const title = (total ?? perMonth.find(Boolean))?.title ?? { no: group, en: group };
    const amount = (g: CashFlowGroup | undefined, key: string) => g?.subItems.find((s) => s.group === key)?.amount ?? 0;
    return {
      kind: 'group',
      label: localized(title, lang),
      values: perMonth.map((g) => g?.totalAmountOfGroup ?? 0),
      total: total?.totalAmountOfGroup ?? 0,
      items: [...keys].map(([key, name]) => ({
        kind: 'item' as const,
        label: localized(name, lang),
        values: perMonth.map((g) => amount(g, key)),
        total: amount(total, key),
      })),
    };
  });
  for (const key of ['netChange', 'openingBalance', 'closingBalance'] as const) {
    lines.push({ kind: 'result', label: text(lang, key), values: months.map((m) => m[key]), total: report.total[key] });
  }
  return {
    title: text(lang, 'cashFlow'),
    columns: [text(lang, 'line'), ...months.map((m) => formatMonth(m.month, lang)), text(lang, 'total')],
    kinds: ['text', ...months.map(() => 'amount' as const), 'amount'],
    rows: linesToRows(lines, true),
  };
}

// ---------------------------------------------------------------------------------------------

/** What can be exported: every widget type of the catalogue, and the three reports. */
export type ExportKind = WidgetType | 'profit-loss' | 'balance-sheet' | 'cash-flow';

/** The table of one data answer, by what it is. */
export function toTable(kind: ExportKind, data: unknown, lang: ExportLang): ExportTable {
  switch (kind) {
    case 'top-customers':
    case 'top-suppliers':
    case 'top-products':
    case 'top-expenses':
      return topListTable(kind, data as TopRow[], lang);
    case 'top-five-expenses':
      return topFiveTable(data as TopFiveExpense[], lang);
    case 'largest-transactions':
      return largestTransactionsTable(data as TopRow[], lang);
    case 'turnover':
      return turnoverTable(data as TurnoverData, lang);
    case 'mrr':
      return mrrTable(data as MrrData, lang);
    case 'employees':
      return employeesTable(data as EmployeesData, lang);
    case 'consolidation':
      return consolidationTable(data as ConsolidationWidgetData, lang);
    case 'custom':
      return customTable(data as CustomWidgetData, lang);
    case 'ai':
      return aiTable(data as AiAnswer, lang);
    case 'profit-loss':
      return profitLossTable(data as ProfitLossReport, lang);
    case 'balance-sheet':
      return balanceSheetTable(data as BalanceSheetReport, lang);
    case 'cash-flow':
      return cashFlowTable(data as CashFlowReport, lang);
  }
}
