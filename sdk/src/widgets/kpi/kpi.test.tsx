/** @jsxImportSource preact */
import type { KpiData } from '@saldo/contract';
import { type ComponentChild, render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { KpiView } from './kpi-view';

const NBSP = '\u00a0';

function draw(view: ComponentChild) {
  const root = document.createElement('div');
  document.body.append(root);
  render(view, root);
  return root;
}

const text = (root: Element, part: string) => root.querySelector(`[part~="${part}"]`)?.textContent;
const pairs = (root: Element, selector: string) =>
  [...root.querySelectorAll(selector)].map((s) => [
    s.querySelector('dt')?.textContent,
    s.querySelector('dd')?.textContent,
  ]);

afterEach(() => {
  document.body.innerHTML = '';
});

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
  months: [
    { month: '2026-01', value: 4000 },
    { month: '2026-02', value: null },
    { month: '2026-03', value: 4250 },
    { month: '2026-04', value: null },
  ],
  compare: 'lastYear',
  comparison: { startDate: '2025-01-01', endDate: '2025-03-31', value: 4300, parts: [] },
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
  });

  it('adds the comparison period in the comparison view, in English, and colours a good change green', () => {
    const dso: KpiData = {
      ...grossMargin,
      kpi: 'dso',
      title: { no: 'Kundefordringenes omløpstid', en: 'Days sales outstanding (DSO)' },
      unit: 'days',
      better: 'lower',
      value: 452_500,
      comparison: { ...grossMargin.comparison, value: 500_000 },
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

  it('is titled by the catalogue while it loads', () => {
    expect(text(draw(<KpiView state={{ status: 'loading' }} lang="nor" comparison={false} />), 'title')).toBe(
      'Nøkkeltall',
    );
  });
});
