import type { ProfitLossGroup, ProfitLossMonth, ProfitLossReport, TopListItem } from '@saldo/server/contract';
import type { ErrorBody } from '@saldo/server/errors';

/** Which state a story shows; the fixture fetch reads it back from the board id. */
export type StoryState = 'data' | 'loading' | 'empty' | 'error';

export const boardFor = (state: StoryState) => `story-${state}`;

export const topCustomers: TopListItem[] = [
  ['Fjord Fisk AS', 4_812_350_00],
  ['Nordlys Bygg AS', 3_904_120_50],
  ['Kafé Bønna', 2_455_000_00],
  ['Bergen Bilutleie AS', 1_998_730_00],
  ['Trønder Transport AS', 1_610_400_00],
  ['Vestland Vind AS', 1_202_000_00],
  ['Oslo Optikk AS', 988_450_00],
  ['Snø og Sånn AS', 640_210_00],
  ['Hytteservice Hemsedal', 412_900_00],
  ['Ås Økologisk Gård', 98_000_00],
].map(([name, amount], i) => ({ _id: `cust-${i + 1}`, name: name as string, amount: amount as number }));

type Line = [ProfitLossGroup['group'], string, string, [number, string, string, number][]];

// A small Norwegian company with some seasonality; every figure is whole øre.
function monthLines(m: number): Line[] {
  const season = 1 + 0.25 * Math.sin(((m - 3) / 12) * 2 * Math.PI);
  const sales = Math.round(1_150_000 * season) * 100;
  return [
    [
      'salesRevenue',
      'Salgsinntekt',
      'Sales revenue',
      [
        [3000, 'Salgsinntekt, avgiftspliktig', 'Sales revenue, taxable', Math.round(sales * 0.9)],
        [3100, 'Salgsinntekt, avgiftsfri', 'Sales revenue, tax-free', sales - Math.round(sales * 0.9)],
      ],
    ],
    [
      'otherOperatingIncome',
      'Annen driftsinntekt',
      'Other operating income',
      [[3600, 'Leieinntekt', 'Rental income', 25_000_00]],
    ],
    [
      'costOfGoods',
      'Varekostnad',
      'Cost of goods',
      [[4000, 'Innkjøp av varer', 'Purchase of goods', -Math.round(sales * 0.42)]],
    ],
    [
      'payroll',
      'Lønnskostnad',
      'Payroll',
      [
        [5000, 'Lønn til ansatte', 'Salaries', -310_000_00],
        [5400, 'Arbeidsgiveravgift', 'Employer tax', -43_710_00],
      ],
    ],
    [
      'depreciation',
      'Avskrivning',
      'Depreciation',
      [[6010, 'Avskrivning på maskiner', 'Depreciation of machinery', -12_500_00]],
    ],
    [
      'otherOperatingExpenses',
      'Annen driftskostnad',
      'Other operating expenses',
      [
        [6300, 'Leie lokale', 'Rent of premises', -45_000_00],
        [6800, 'Kontorrekvisita', 'Office supplies', -(3_000_00 + m * 150_00)],
      ],
    ],
    ['financialIncome', 'Finansinntekt', 'Financial income', [[8040, 'Renteinntekt', 'Interest income', 1_850_00]]],
    [
      'financialExpenses',
      'Finanskostnad',
      'Financial expenses',
      [[8150, 'Rentekostnad', 'Interest expense', -4_200_00]],
    ],
  ];
}

function period(lines: Line[]) {
  const groups: ProfitLossGroup[] = lines.map(([group, no, en, items]) => ({
    group,
    groupTitle: { no, en },
    totalAmountOfGroup: items.reduce((s, i) => s + i[3], 0),
    subItems: items.map(([number, itemNo, itemEn, amount]) => ({ number, title: { no: itemNo, en: itemEn }, amount })),
  }));
  const sum = (ids: string[]) =>
    groups.filter((g) => ids.includes(g.group)).reduce((s, g) => s + g.totalAmountOfGroup, 0);
  const operatingResult = sum([
    'salesRevenue',
    'otherOperatingIncome',
    'costOfGoods',
    'payroll',
    'depreciation',
    'otherOperatingExpenses',
  ]);
  const resultBeforeTax = operatingResult + sum(['financialIncome', 'financialExpenses']);
  const tax = -Math.round(Math.max(resultBeforeTax, 0) * 0.22);
  groups.push({
    group: 'tax',
    groupTitle: { no: 'Skattekostnad', en: 'Tax' },
    totalAmountOfGroup: tax,
    subItems: [{ number: 8300, title: { no: 'Betalbar skatt', en: 'Tax payable' }, amount: tax }],
  });
  return { groups, operatingResult, resultBeforeTax, result: resultBeforeTax + tax };
}

const months: ProfitLossMonth[] = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  ...period(monthLines(i + 1)),
}));

function total(list: ProfitLossMonth[]): ProfitLossReport['total'] {
  const first = list[0]!;
  const groups = first.groups.map((g) => {
    const same = list.map((m) => m.groups.find((x) => x.group === g.group)!);
    return {
      ...g,
      totalAmountOfGroup: same.reduce((s, x) => s + x.totalAmountOfGroup, 0),
      subItems: g.subItems.map((item) => ({
        ...item,
        amount: same.reduce((s, x) => s + (x.subItems.find((i) => i.number === item.number)?.amount ?? 0), 0),
      })),
    };
  });
  const add = (key: 'operatingResult' | 'resultBeforeTax' | 'result') => list.reduce((s, m) => s + m[key], 0);
  return {
    groups,
    operatingResult: add('operatingResult'),
    resultBeforeTax: add('resultBeforeTax'),
    result: add('result'),
  };
}

export const profitLoss: ProfitLossReport = {
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  months,
  total: total(months),
};

export const emptyProfitLoss: ProfitLossReport = {
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  months: [],
  total: { groups: [], operatingResult: 0, resultBeforeTax: 0, result: 0 },
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Stands in for the API in stories (passed to `configure({ fetch })`). The state comes from
 * the board id, so stories shown side by side on one page each get their own state.
 */
export const fixtureFetch: typeof fetch = async (input, init) => {
  const board = new Headers(init?.headers).get('x-board-id') ?? '';
  const path = new URL(String(input), 'http://story.local').pathname;
  const state = board.replace(/^story-/, '') as StoryState;
  if (state === 'loading') return new Promise<Response>(() => {});
  if (state === 'error') {
    const body: ErrorBody = { code: 'FORBIDDEN', message: 'You do not have access to this resource' };
    return json(body, 403);
  }
  const empty = state === 'empty';
  if (path === '/api/widgets/top-ten/customers') return json(empty ? [] : topCustomers);
  if (path === '/api/profit-loss') return json(empty ? emptyProfitLoss : profitLoss);
  return json({ code: 'NOT_FOUND', message: 'Not found' }, 404);
};
