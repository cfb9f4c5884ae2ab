import type { ProfitLossGroup, ProfitLossMonth, ProfitLossReport, TopListItem } from '@saldo/server/contract';

/** Contract-shaped data for unit tests (amounts in øre). */
export const topCustomers: TopListItem[] = [
  { _id: 'c1', name: 'Fjord Fisk AS', amount: 123_456_789 },
  { _id: 'c2', name: 'Nordlys Bygg AS', amount: 61_728_394 },
  { _id: 'c3', name: 'Kafé Bønna', amount: 150 },
];

const group = (
  id: ProfitLossGroup['group'],
  no: string,
  en: string,
  items: [number, string, string, number][],
): ProfitLossGroup => ({
  group: id,
  groupTitle: { no, en },
  totalAmountOfGroup: items.reduce((sum, item) => sum + item[3], 0),
  subItems: items.map(([number, itemNo, itemEn, amount]) => ({ number, title: { no: itemNo, en: itemEn }, amount })),
});

function month(
  month: string,
  sales: number,
  cogs: number,
  payroll: number,
  finance: number,
  tax: number,
): ProfitLossMonth {
  const operatingResult = sales + cogs + payroll;
  return {
    month,
    groups: [
      group('salesRevenue', 'Salgsinntekt', 'Sales revenue', [
        [3000, 'Salgsinntekt, avgiftspliktig', 'Sales, taxable', sales],
      ]),
      group('costOfGoods', 'Varekostnad', 'Cost of goods', [[4000, 'Innkjøp av varer', 'Purchase of goods', cogs]]),
      group('payroll', 'Lønnskostnad', 'Payroll', [
        [5000, 'Lønn til ansatte', 'Salaries', Math.round(payroll * 0.8)],
        [5400, 'Arbeidsgiveravgift', 'Employer tax', payroll - Math.round(payroll * 0.8)],
      ]),
      group('financialIncome', 'Finansinntekt', 'Financial income', [
        [8050, 'Renteinntekt', 'Interest income', finance],
      ]),
      group('tax', 'Skattekostnad', 'Tax', [[8300, 'Betalbar skatt', 'Tax payable', tax]]),
    ],
    operatingResult,
    resultBeforeTax: operatingResult + finance,
    result: operatingResult + finance + tax,
  };
}

const months = [
  month('2026-01', 1_000_000_00, -400_000_00, -300_000_00, 1_000_00, -66_220_00),
  month('2026-02', 1_200_000_00, -450_000_00, -310_000_00, 1_200_00, -97_064_00),
];

function sumPeriods(list: ProfitLossMonth[]): ProfitLossReport['total'] {
  const [first] = list;
  if (!first) throw new Error('no months');
  return {
    groups: first.groups.map((g) => {
      const same = list.map((m) => m.groups.find((x) => x.group === g.group)!);
      return {
        ...g,
        totalAmountOfGroup: same.reduce((s, x) => s + x.totalAmountOfGroup, 0),
        subItems: g.subItems.map((item) => ({
          ...item,
          amount: same.reduce((s, x) => s + (x.subItems.find((i) => i.number === item.number)?.amount ?? 0), 0),
        })),
      };
    }),
    operatingResult: list.reduce((s, m) => s + m.operatingResult, 0),
    resultBeforeTax: list.reduce((s, m) => s + m.resultBeforeTax, 0),
    result: list.reduce((s, m) => s + m.result, 0),
  };
}

export const profitLoss: ProfitLossReport = {
  startDate: '2026-01-01',
  endDate: '2026-02-28',
  months,
  total: sumPeriods(months),
};

export const emptyProfitLoss: ProfitLossReport = {
  startDate: '2026-01-01',
  endDate: '2026-02-28',
  months: [month('2026-01', 0, 0, 0, 0, 0)],
  total: sumPeriods([month('2026-01', 0, 0, 0, 0, 0)]),
};

/** A response with a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Waits for pending promise callbacks and timers of zero delay. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
