/** @jsxImportSource preact */
import type { KpiData, KpiTerm } from '@saldo/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../core/api-client';
import '../../register';
import { draw, mountElement, NBSP } from '../../testing/dom';
import { kpiDrill } from './kpi-drill';
import { KpiView } from './kpi-view';

const text = (root: Element, part: string) => root.querySelector(`[part~="${part}"]`)?.textContent;
const pairs = (root: Element, selector: string) =>
  [...root.querySelectorAll(selector)].map((s) => [
    s.querySelector('dt')?.textContent,
    s.querySelector('dd')?.textContent,
  ]);

afterEach(() => {
  document.body.innerHTML = '';
  resetConfig();
});

const flow = { balance: false, monthsEarlier: 0, average: false };
const grossProfit: KpiTerm = {
  role: 'numerator',
  label: { no: 'Bruttofortjeneste (3000–4999)', en: 'Gross profit (3000–4999)' },
  accounts: '3000-4999',
  sign: -1,
  ...flow,
  amount: 412_300_00,
};
const revenue: KpiTerm = {
  role: 'denominator',
  label: { no: 'Sum driftsinntekter (3000–3999)', en: 'Total operating income (3000–3999)' },
  accounts: '3000-3999',
  sign: -1,
  ...flow,
  amount: 1_000_000_00,
};

const grossMargin: KpiData = {
  kpi: 'gross-margin',
  title: { no: 'Bruttomargin', en: 'Gross margin' },
  formula: {
    no: '(Sum driftsinntekter (3000–3999) − Varekostnad (4000–4999)) / Sum driftsinntekter × 100',
    en: '(Total operating income (3000–3999) − Cost of goods (4000–4999)) / Total operating income × 100',
  },
  unit: 'percent',
  better: 'higher',
  startDate: '2026-01-01',
  endDate: '2026-03-31',
  value: 4123,
  parts: [
    {
      figure: 'revenue',
      label: { no: 'Sum driftsinntekter (3000–3999)', en: 'Total operating income (3000–3999)' },
      amount: 1_000_000_00,
    },
    {
      figure: 'costOfGoods',
      label: { no: 'Varekostnad (4000–4999)', en: 'Cost of goods (4000–4999)' },
      amount: 587_700_00,
    },
  ],
  terms: [grossProfit, revenue],
  months: [
    { month: '2026-01', value: 4000, terms: [120_000_00, 300_000_00] },
    { month: '2026-02', value: null, terms: [0, 0] },
    { month: '2026-03', value: 4250, terms: [292_300_00, 700_000_00] },
    { month: '2026-04', value: null, terms: [0, 0] },
  ],
  compare: 'lastYear',
  comparison: {
    startDate: '2025-01-01',
    endDate: '2025-03-31',
    value: 4300,
    parts: [],
    terms: [430_000_00, 1_000_000_00],
  },
  change: -177,
  lastBookedMonth: '2026-03',
};

describe('KpiView', () => {
  it('shows the figure, its change (red when it goes the wrong way), the formula with its figures, and the trend', () => {
    const root = draw(<KpiView state={{ status: 'data', data: grossMargin }} lang="nor" comparison={false} />);
    expect(text(root, 'title')).toBe('Bruttomargin');
    expect(text(root, 'value')).toBe(`41,2${NBSP}%`);
    expect(text(root, 'label')).toBe('jan 2026 – mar 2026');
    expect(pairs(root, '[part="stat"]')).toEqual([['Endring fra i fjor', `-1,8${NBSP}%`]]);
    expect(root.querySelector('[part="stat-value"]')?.className).toBe('negative');
    expect(text(root, 'formula-text')).toBe(`Formel: ${grossMargin.formula.no}`);
    expect(pairs(root, '[part="formula-parts"] div')).toEqual([
      ['Sum driftsinntekter (3000–3999)', `1${NBSP}000${NBSP}000`],
      ['Varekostnad (4000–4999)', `587${NBSP}700`],
    ]);
    const months = [...root.querySelectorAll('[part="months"] tbody tr')].map((tr) =>
      [...tr.children].map((c) => c.textContent),
    );
    expect(months).toEqual([
      ['jan 2026', `40,0${NBSP}%`],
      ['feb 2026', '–'],
      ['mar 2026', `42,5${NBSP}%`],
      ['apr 2026', 'Ikke bokført ennå'],
    ]);
    // The chart's text alternative tells the same: February has postings but no revenue to divide by.
    const chartRows = [...root.querySelectorAll('[part="chart-table"] tbody tr')].map((tr) =>
      [...tr.children].map((c) => c.textContent),
    );
    expect(chartRows).toEqual([
      ['jan 2026', `40,0${NBSP}%`],
      ['feb 2026', '–'],
      ['mar 2026', `42,5${NBSP}%`],
      ['apr 2026', 'Ikke bokført ennå'],
    ]);
  });

  it('adds the comparison period in the comparison view, in English, and colours a good change green', () => {
    const dso: KpiData = {
      ...grossMargin,
      kpi: 'dso',
      title: { no: 'Kundefordringenes omløpstid', en: 'Days sales outstanding (DSO)' },
      unit: 'days',
      better: 'lower',
      value: 452_500,
      comparison: { ...grossMargin.comparison!, value: 500_000 },
      change: -47_500,
      compare: 'previous',
    };
    const root = draw(<KpiView state={{ status: 'data', data: dso }} lang="en" comparison />);
    expect(text(root, 'value')).toBe(`45,3${NBSP}days`);
    expect(pairs(root, '[part="stat"]')).toEqual([
      ['Previous period', `50,0${NBSP}days`],
      ['Change from the previous period', `-4,8${NBSP}days`],
    ]);
    expect(root.querySelectorAll('[part="stat-value"]')[1]?.className).toBe('positive');
    expect(text(root, 'formula-text')).toContain('Formula: (Total operating income');
  });

  it("says that a month of its trend is a file's opening balances, not that month's postings", () => {
    const data = { ...grossMargin, openingMonths: ['2026-01'] };
    const root = draw(<KpiView state={{ status: 'data', data }} lang="en" comparison={false} />);
    expect(text(root, 'note')).toBe(
      "Jan 2026: from the file's opening balances (balances and result before the file's first period), not postings of that month.",
    );
    const plain = draw(<KpiView state={{ status: 'data', data: grossMargin }} lang="en" comparison={false} />);
    expect(plain.querySelector('[part="note"]')).toBeNull();
  });

  it('shows the figure and its trend without a comparison or change where a share sent none', () => {
    const data: KpiData = { ...grossMargin, comparison: null, change: null };
    for (const comparison of [false, true]) {
      const root = draw(<KpiView state={{ status: 'data', data }} lang="nor" comparison={comparison} />);
      expect(text(root, 'value')).toBe(`41,2${NBSP}%`);
      expect(pairs(root, '[part="stat"]')).toEqual([]);
      expect(kpiDrill(data, 'nor', 'comparison')).toBeNull();
    }
  });

  it('is titled by the catalogue while it loads', () => {
    expect(text(draw(<KpiView state={{ status: 'loading' }} lang="nor" comparison={false} />), 'title')).toBe(
      'Nøkkeltall',
    );
  });
});

describe('<saldo-kpi> drill-down', () => {
  async function element(data: KpiData, attrs: Record<string, string> = {}) {
    const attributes = { board: 'b1', from: '2026-01-01', to: '2026-04-30', kpi: data.kpi, ...attrs };
    const { root, drills } = await mountElement('saldo-kpi', data, attributes);
    const click = (selector: string, i = 0) => root.querySelectorAll<HTMLButtonElement>(selector)[i]!.click();
    return { root, drills, click };
  }

  const kpi = { kind: 'kpi', origin: 'kpi' } as const;

  it('a ratio: the headline, a month and the comparison each carry the numerator and denominator as parts', async () => {
    const { drills, click } = await element(grossMargin, { view: 'comparison' });
    click('[part~="value"] button');
    click('[part="months"] tbody button', 2);
    click('[part="stat-value"] button');
    const parts = (from: string, to: string, column: string, [n, d]: number[]) => [
      {
        ...kpi,
        key: 'gross-margin',
        term: 'numerator',
        title: 'Bruttofortjeneste (3000–4999)',
        accounts: '3000-4999',
        sign: -1,
        from,
        to,
        column,
        amount: n,
      },
      {
        ...kpi,
        key: 'gross-margin',
        term: 'denominator',
        title: 'Sum driftsinntekter (3000–3999)',
        accounts: '3000-3999',
        sign: -1,
        from,
        to,
        column,
        amount: d,
      },
    ];
    const ratio = { ...kpi, key: 'gross-margin', term: 'ratio', title: 'Bruttomargin', sign: 1 };
    expect(drills).toEqual([
      {
        ...ratio,
        from: '2026-01-01',
        to: '2026-03-31',
        column: 'total',
        parts: parts('2026-01-01', '2026-03-31', 'total', [412_300_00, 1_000_000_00]),
      },
      {
        ...ratio,
        from: '2026-03-01',
        to: '2026-03-31',
        column: '2026-03',
        parts: parts('2026-03-01', '2026-03-31', '2026-03', [292_300_00, 700_000_00]),
      },
      {
        ...ratio,
        from: '2025-01-01',
        to: '2025-03-31',
        column: 'comparison',
        parts: parts('2025-01-01', '2025-03-31', 'comparison', [430_000_00, 1_000_000_00]),
      },
    ]);
    // The change is not a figure of postings; April is not yet booked, so it has none.
    const { root } = await element(grossMargin, { view: 'comparison' });
    expect(root.querySelectorAll('[part="stat-value"] button')).toHaveLength(1);
    click('[part="months"] tbody button', 3);
    expect(drills).toHaveLength(3);
  });

  it('EBITDA: the headline is its own accounts, in the sign it is shown with', async () => {
    const ebitda: KpiData = {
      ...grossMargin,
      kpi: 'ebitda',
      title: { no: 'EBITDA', en: 'EBITDA' },
      unit: 'amount',
      value: 123_456_78,
      terms: [
        {
          ...grossProfit,
          role: 'value',
          label: { no: 'EBITDA (3000–5999, 6100–7999)', en: 'EBITDA (3000–5999, 6100–7999)' },
          accounts: '3000-5999,6100-7999',
          amount: 123_456_78,
        },
      ],
      months: grossMargin.months.map((m) => ({ ...m, terms: [m.terms[0]!] })),
    };
    const { drills, click } = await element(ebitda, { lang: 'en' });
    click('[part~="value"] button');
    click('[part="months"] tbody button', 0);
    const base = { ...kpi, key: 'ebitda', term: 'value', title: 'EBITDA', accounts: '3000-5999,6100-7999', sign: -1 };
    expect(drills).toEqual([
      { ...base, from: '2026-01-01', to: '2026-03-31', column: 'total', amount: 123_456_78 },
      { ...base, from: '2026-01-01', to: '2026-01-31', column: '2026-01', amount: 120_000_00 },
    ]);
  });

  it('working capital: a balance at the end of the period or month, assets less current liabilities', async () => {
    const working: KpiData = {
      ...grossMargin,
      kpi: 'working-capital',
      title: { no: 'Arbeidskapital', en: 'Working capital' },
      unit: 'amount',
      value: 55_000_00,
      terms: [
        {
          role: 'value',
          label: { no: 'Sum omløpsmidler (1400–1999) − Kortsiktig gjeld (2300–2999)', en: 'x' },
          accounts: '1400-1999,2300-2999',
          sign: 1,
          balance: true,
          monthsEarlier: 0,
          average: false,
          amount: 55_000_00,
        },
      ],
      months: grossMargin.months.map((m) => ({ ...m, terms: [m.terms[0]!] })),
    };
    const { drills, click } = await element(working);
    click('[part~="value"] button');
    click('[part="months"] tbody button', 1);
    const base = {
      ...kpi,
      key: 'working-capital',
      term: 'value',
      title: 'Arbeidskapital',
      accounts: '1400-1999,2300-2999',
      sign: 1,
      balance: true,
    };
    expect(drills).toEqual([
      { ...base, from: '2026-01-01', to: '2026-03-31', column: 'total', amount: 55_000_00 },
      { ...base, from: '2026-02-01', to: '2026-02-28', column: '2026-02', amount: 0 },
    ]);
  });

  it('revenue growth drills its base a year earlier; inventory turnover says its inventory is an average', () => {
    const growth: KpiData = {
      ...grossMargin,
      kpi: 'revenue-growth',
      terms: [
        { ...revenue, role: 'numerator' },
        { ...revenue, monthsEarlier: 12, amount: 800_000_00 },
      ],
    };
    const feb = kpiDrill(growth, 'nor', '2026-02')!;
    expect(feb.parts?.map((p) => [p.term, p.from, p.to, p.column])).toEqual([
      ['numerator', '2026-02-01', '2026-02-28', '2026-02'],
      ['denominator', '2025-02-01', '2025-02-28', '2026-02'],
    ]);
    expect(kpiDrill(growth, 'nor', 'comparison')!.parts?.[1]).toMatchObject({ from: '2024-01-01', to: '2024-03-31' });
    const turnover: KpiData = {
      ...grossMargin,
      kpi: 'inventory-turnover',
      terms: [grossProfit, { ...revenue, accounts: '1400-1499', sign: 1, balance: true, average: true }],
    };
    expect(kpiDrill(turnover, 'en', 'period')!.parts?.[1]).toMatchObject({
      accounts: '1400-1499',
      balance: true,
      average: true,
    });
    expect(kpiDrill(turnover, 'en', 'period')!.parts?.[0]).not.toHaveProperty('average');
    expect(kpiDrill(turnover, 'en', '2027-01')).toBeNull();
  });

  it('has nothing to drill into from a server that sends no terms', async () => {
    const { root } = await element({ ...grossMargin, terms: undefined as unknown as KpiTerm[] });
    expect(root.querySelector('[part~="value"]')?.textContent).toBe(`41,2${NBSP}%`);
    expect(root.querySelector('[part~="value"] button')).toBeNull();
    expect(root.querySelector('[part="months"] tbody button')).toBeNull();
  });
});
