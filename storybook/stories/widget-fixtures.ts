import type {
  BudgetWidgetData,
  ConsolidationWidgetData,
  CustomWidgetData,
  EmployeesData,
  KpiData,
  MrrData,
  TopFiveExpense,
  TopRow,
  TurnoverData,
} from '@saldo/contract';

// Small contract-shaped answers for the widget stories (amounts in øre), one year of months.
const months = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
const season = (i: number) => 1 + 0.25 * Math.sin(((i - 2) / 12) * 2 * Math.PI);
const rows = (names: Array<[string, number]>, prefix: string): TopRow[] =>
  names.map(([name, amount], i) => ({ _id: `${prefix}-${i + 1}`, name, amount }));

export const topTen: Record<string, TopRow[]> = {
  suppliers: rows(
    [
      ['Tine SA', 1_820_400_00],
      ['Asko Norge AS', 1_204_330_00],
      ['Elkjøp Nordic AS', 640_000_00],
      ['Telenor Norge AS', 96_450_00],
    ],
    'sup',
  ),
  products: rows(
    [
      ['Konsulenttime', 3_400_000_00],
      ['Lisens, årlig', 1_960_000_00],
      ['Opplæring', 410_500_00],
    ],
    'prod',
  ),
  expenses: rows(
    [
      ['5000 Lønn til ansatte', 3_720_000_00],
      ['4000 Innkjøp av varer', 2_140_000_00],
      ['6300 Leie lokale', 540_000_00],
      ['6800 Kontorrekvisita', 54_300_00],
    ],
    'exp',
  ),
  'largest-transactions': [
    { _id: 'v-2211', name: 'Bilag 2211 Utbetaling lønn', amount: 412_800_00, date: '2026-06-25' },
    { _id: 'v-1870', name: 'Bilag 1870 Faktura Fjord Fisk AS', amount: 296_000_00, date: '2026-05-12' },
    { _id: 'v-0042', name: 'Bilag 42 Husleie Q1', amount: 135_000_00, date: '2026-01-02' },
    { _id: 'v-1902', name: 'Bilag 1902 Kreditnota', amount: -48_250_00, date: '2026-05-20' },
  ],
};

export const topFive: TopFiveExpense[] = [
  [5000, 'Lønn til ansatte', 3_720_000_00],
  [4000, 'Innkjøp av varer', 2_140_000_00],
  [5400, 'Arbeidsgiveravgift', 524_520_00],
  [6300, 'Leie lokale', 540_000_00],
  [6010, 'Avskrivning på maskiner', 150_000_00],
].map(([number, name, closingBalance]) => ({
  closingBalance: closingBalance as number,
  account: { number: number as number, name: name as string },
}));

const turnoverMonths = months.map((month, i) => ({ month, amount: Math.round(1_150_000 * season(i)) * 100 }));
const turnoverTotal = turnoverMonths.reduce((s, m) => s + m.amount, 0);
export const turnover: TurnoverData = {
  total: turnoverTotal,
  months: turnoverMonths,
  previousTotal: Math.round(turnoverTotal * 0.87),
  changePercent: 14.9,
};

const mrrMonths = months.map((month, i) => {
  const mrr = (380_000 + i * 4_000) * 100;
  return {
    month,
    mrr,
    previousMrr: mrr - 4_000_00,
    newMrr: 9_000_00,
    expansionMrr: 2_500_00,
    contractionMrr: 1_500_00,
    churnedMrr: 6_000_00,
    customers: 40 + i,
    averageRevenuePerCustomer: Math.round(mrr / (40 + i)),
  };
});
export const mrr: MrrData = {
  accounts: { from: 3000, to: 3999 },
  mrr: mrrMonths[11]!.mrr,
  previousMrr: mrrMonths[11]!.previousMrr,
  month: mrrMonths[11]!.month,
  months: mrrMonths,
};

export const employees: EmployeesData = {
  source: 'employments',
  current: 14,
  months: months.map((month, i) => ({ month, count: 11 + Math.floor(i / 4) })),
};

export const consolidation: ConsolidationWidgetData = {
  apis: [
    { _id: 'api-1', name: 'Fjord Holding AS', revenue: 2_400_000_00, result: 310_000_00 },
    { _id: 'api-2', name: 'Fjord Drift AS', revenue: 9_850_000_00, result: 1_120_500_00 },
    { _id: 'api-3', name: 'Fjord Eiendom AS', revenue: 1_200_000_00, result: -85_000_00 },
  ],
  deducted: { revenue: 1_500_000_00, result: 150_000_00 },
  consolidated: { revenue: 11_950_000_00, result: 1_195_500_00 },
};

const widgetBase = { groupId: 'story-data', view: 'single' as const, note: null };
export const customWidgets: Record<string, CustomWidgetData> = {
  range: {
    widget: {
      ...widgetBase,
      _id: 'range',
      name: 'Salgsinntekter 3000–3999',
      type: 'accountRange',
      range: { from: '3000', to: '3999' },
    },
    months: turnoverMonths.map(({ month, amount }) => ({ month, value: amount })),
    total: turnoverTotal,
  },
  ratio: {
    widget: {
      ...widgetBase,
      _id: 'ratio',
      name: 'Lønnsandel',
      type: 'ratio',
      dividend: { from: '5xxx', to: '5xxx' },
      divisor: { from: '3xxx', to: '3xxx' },
      note: 'Lønnskostnader delt på driftsinntekter',
    },
    months: months.map((month, i) => ({ month, value: 0.36 / season(i) })),
    total: 0.3712,
  },
};

export const aiAnswers: Record<string, unknown> = {
  text: {
    _id: 'text',
    question: 'Hvordan utviklet omsetningen seg gjennom året?',
    answer: { text: 'Omsetningen var høyest i mai og juni, og året endte 14,9 % over fjoråret.' },
    createdAt: '2026-11-02T09:30:00.000Z',
  },
  json: {
    _id: 'json',
    question: 'Hvilke tre kunder betalte mest?',
    answer: JSON.stringify({ customers: ['Fjord Fisk AS', 'Nordlys Bygg AS', 'Kafé Bønna'] }),
    createdAt: '2026-11-03T14:00:00.000Z',
  },
};

/** A KPI of the library as the API answers it: a margin in ten-thousandths, its inputs in øre. */
export const kpi: KpiData = {
  kpi: 'gross-margin',
  title: { no: 'Bruttomargin', en: 'Gross margin' },
  formula: {
    no: '(Sum driftsinntekter (3000–3999) − Varekostnad (4000–4999)) / Sum driftsinntekter × 100',
    en: '(Total operating income (3000–3999) − Cost of goods (4000–4999)) / Total operating income × 100',
  },
  unit: 'percent',
  better: 'higher',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  value: 5812,
  parts: [
    {
      figure: 'revenue',
      label: { no: 'Sum driftsinntekter (3000–3999)', en: 'Total operating income (3000–3999)' },
      amount: turnoverTotal,
    },
    {
      figure: 'costOfGoods',
      label: { no: 'Varekostnad (4000–4999)', en: 'Cost of goods (4000–4999)' },
      amount: Math.round(turnoverTotal * 0.4188),
    },
  ],
  months: months.map((month, i) => ({ month, value: Math.round(5800 + 300 * Math.sin(i)) })),
  compare: 'lastYear',
  comparison: { startDate: '2025-01-01', endDate: '2025-12-31', value: 5530, parts: [] },
  change: 282,
};

const budgetMonths = turnoverMonths.map(({ month, amount }, i) => ({
  month,
  actual: amount,
  budget: Math.round((1_100_000 + i * 10_000) * 1.05) * 100,
}));
const budgetSum = (key: 'actual' | 'budget') => budgetMonths.reduce((s, m) => s + m[key], 0);
/** Sales revenue against its budget. */
export const budget: BudgetWidgetData = {
  line: 'salesRevenue',
  title: { no: 'Salgsinntekt', en: 'Sales revenue' },
  months: budgetMonths,
  actual: budgetSum('actual'),
  budget: budgetSum('budget'),
  variance: budgetSum('actual') - budgetSum('budget'),
  variancePercent: Math.round(((budgetSum('actual') - budgetSum('budget')) / budgetSum('budget')) * 1000) / 10,
  budgetPeriod: budgetSum('budget'),
  hasBudget: true,
};

/** What each widget endpoint answers in the empty state. */
export const emptyWidgets = {
  turnover: { total: 0, months: [], previousTotal: 0, changePercent: null } satisfies TurnoverData,
  mrr: { accounts: { from: 3000, to: 3999 }, mrr: 0, previousMrr: 0, month: null, months: [] } satisfies MrrData,
  employees: { source: 'payroll', current: 0, months: [] } satisfies EmployeesData,
  consolidation: {
    apis: [],
    deducted: { revenue: 0, result: 0 },
    consolidated: { revenue: 0, result: 0 },
  } satisfies ConsolidationWidgetData,
  kpi: { ...kpi, value: null, parts: [], months: [], change: null } satisfies KpiData,
  budget: {
    ...budget,
    months: [],
    actual: 0,
    budget: 0,
    variance: 0,
    variancePercent: null,
    budgetPeriod: 0,
    hasBudget: false,
  } satisfies BudgetWidgetData,
};

/** The answer of a widget endpoint (path without query) in the data or empty state; undefined: not a widget. */
export function widgetAnswer(path: string, search: URLSearchParams, empty: boolean): unknown {
  const top = /^\/api\/widgets\/top-ten\/([a-z-]+)$/.exec(path);
  if (top && top[1] !== 'customers') return empty ? [] : topTen[top[1]!];
  if (path === '/api/widgets/top-five/expenses') return empty ? [] : topFive;
  const custom = /^\/api\/widgets\/[^/]+\/custom\/([^/]+)$/.exec(path);
  if (custom) {
    const data = customWidgets[custom[1]!] ?? customWidgets.range!;
    return empty ? { ...data, months: [], total: null } : data;
  }
  if (path === '/api/widgets/ai')
    return empty ? { ...(aiAnswers.text as object), answer: null } : aiAnswers[search.get('aiQueryId') ?? ''];
  const single = {
    '/api/widgets/turnover': ['turnover', turnover],
    '/api/widgets/mrr': ['mrr', mrr],
    '/api/widgets/employees': ['employees', employees],
    '/api/widgets/consolidation': ['consolidation', consolidation],
    '/api/widgets/kpi': ['kpi', kpi],
    '/api/widgets/budget': ['budget', budget],
  } as const;
  if (path in single) {
    const [key, data] = single[path as keyof typeof single];
    return empty ? emptyWidgets[key] : data;
  }
  return undefined;
}
