import type {
  ConsolidationWidgetData,
  CustomWidgetData,
  EmployeesData,
  MrrData,
  TopFiveExpense,
  TopRow,
  TurnoverData,
} from '@saldo/contract';
import type { AiWidgetData } from '../widgets/ai-widget/ai-widget-view';

/** Contract-shaped widget data for unit tests (amounts in øre). */
export const largestTransactions: TopRow[] = [
  { _id: 'v-1042', name: 'Bilag 1042 Leie lokale', amount: 45_000_00, date: '2026-03-01' },
  { _id: 'v-1107', name: 'Bilag 1107 Kreditnota', amount: -12_500_50 },
];

export const topFiveExpenses: TopFiveExpense[] = [
  { closingBalance: 310_000_00, account: { number: 5000, name: 'Lønn til ansatte' } },
  { closingBalance: 45_000_00, account: { number: 6300, name: 'Leie lokale' } },
];

export const turnover: TurnoverData = {
  total: 3_300_000_00,
  months: [
    { month: '2026-01', amount: 1_000_000_00 },
    { month: '2026-02', amount: 1_100_000_00 },
    { month: '2026-03', amount: 1_200_000_00 },
  ],
  previousTotal: 3_000_000_00,
  changePercent: 10,
};

const mrrMonth = (month: string, mrr: number, previousMrr: number) => ({
  month,
  mrr,
  previousMrr,
  newMrr: 20_000_00,
  expansionMrr: 5_000_00,
  contractionMrr: 2_000_00,
  churnedMrr: 3_000_00,
  customers: 40,
  averageRevenuePerCustomer: Math.round(mrr / 40),
});

export const mrr: MrrData = {
  accounts: { from: 3000, to: 3999 },
  mrr: 420_000_00,
  previousMrr: 400_000_00,
  month: '2026-02',
  months: [mrrMonth('2026-01', 400_000_00, 380_000_00), mrrMonth('2026-02', 420_000_00, 400_000_00)],
};

export const employees: EmployeesData = {
  source: 'payroll',
  current: 12,
  months: [
    { month: '2026-01', count: 11 },
    { month: '2026-02', count: 12 },
  ],
};

export const consolidation: ConsolidationWidgetData = {
  apis: [
    { _id: 'a1', name: 'Fjord Holding AS', revenue: 1_000_000_00, result: 200_000_00 },
    { _id: 'a2', name: 'Fjord Drift AS', revenue: 500_000_00, result: -50_000_00 },
  ],
  deducted: { revenue: 100_000_00, result: 10_000_00 },
  consolidated: { revenue: 1_400_000_00, result: 140_000_00 },
  deductAccounts: [3600],
};

const widget = {
  _id: 'w1',
  groupId: 'b1',
  view: 'single' as const,
  note: null,
};

export const customRange: CustomWidgetData = {
  widget: { ...widget, name: 'Salg', type: 'accountRange', range: { from: '3000', to: '3999' } },
  months: [
    { month: '2026-01', value: 1_000_000_00 },
    { month: '2026-02', value: null },
  ],
  total: 1_000_000_00,
};

export const customRatio: CustomWidgetData = {
  widget: {
    ...widget,
    name: 'Lønnsandel',
    type: 'ratio',
    dividend: { from: '5xxx', to: '5xxx' },
    divisor: { from: '3xxx', to: '3xxx' },
  },
  months: [
    { month: '2026-01', value: 0.4123 },
    { month: '2026-02', value: 0.38 },
  ],
  total: 0.4,
};

export const aiAnswer: AiWidgetData = {
  _id: 'q1',
  question: 'Hvordan utviklet omsetningen seg i første kvartal?',
  answer: { text: 'Omsetningen økte med 10 % fra i fjor.', figures: [1, 2] },
  createdAt: '2026-04-02T08:00:00.000Z',
};
