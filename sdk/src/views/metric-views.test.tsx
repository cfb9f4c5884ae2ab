/** @jsxImportSource preact */
import { errors } from '@saldo/contract/errors/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../core/api-client';
import '../register';
import { draw, mountElement, NBSP } from '../testing/dom';
import { customRange, customRatio, employees, mrr, turnover } from '../testing/fixtures';
import { CustomWidgetView, customMetric } from '../widgets/custom-widget/custom-widget-view';
import { EmployeesView, employeesMetric } from '../widgets/employees/employees-view';
import { MrrView, mrrMetric } from '../widgets/mrr/mrr-view';
import { TurnoverView, turnoverMetric } from '../widgets/turnover/turnover-view';
import { chartSeries, type Metric } from './metric-view';

const text = (root: Element, part: string) => root.querySelector(`[part~="${part}"]`)?.textContent;
const stats = (root: Element) =>
  [...root.querySelectorAll('[part="stat"]')].map((s) => [
    s.querySelector('dt')?.textContent,
    s.querySelector('dd')?.textContent,
  ]);
const monthRows = (root: Element) =>
  [...root.querySelectorAll('[part="months"] tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('TurnoverView', () => {
  it('shows the total, the change from last year and the months', () => {
    const root = draw(<TurnoverView state={{ status: 'data', data: turnover }} lang="nor" comparison={false} />);
    expect(text(root, 'title')).toBe('Omsetning');
    expect(text(root, 'value')).toBe(`3${NBSP}300${NBSP}000`);
    expect(text(root, 'label')).toBe('jan 2026 – mar 2026');
    expect(stats(root)).toEqual([['Endring fra i fjor', `+10,0${NBSP}%`]]);
    expect(root.querySelector('[part="stat-value"]')?.className).toBe('positive');
    expect(monthRows(root)[2]).toEqual(['mar 2026', `1${NBSP}200${NBSP}000`]);
  });

  it('adds last year and the difference in the comparison view, and copes with no change', () => {
    const data = { ...turnover, changePercent: null };
    const root = draw(<TurnoverView state={{ status: 'data', data }} lang="en" comparison />);
    expect(stats(root)).toEqual([
      ['Same period last year', `3${NBSP}000${NBSP}000`],
      ['Difference', `300${NBSP}000`],
      ['Change from last year', '–'],
    ]);
  });

  it('over a last year without a booked month: no figure, no difference, no change, and says why', () => {
    // As the server answers it: the sum over last year's months is 0, and none of them is booked.
    const data = { ...turnover, previousTotal: 0, previousBookedMonths: 0, changePercent: null };
    const root = draw(<TurnoverView state={{ status: 'data', data }} lang="en" comparison />);
    expect(stats(root)).toEqual([
      ['Same period last year', '–'],
      ['Difference', '–'],
      ['Change from last year', '–'],
    ]);
    expect(text(root, 'note')).toBe('No booked months to compare with');
    // A server that still sent a % beside an unbooked year: the view shows none.
    const single = draw(
      <TurnoverView state={{ status: 'data', data: { ...data, changePercent: 100 } }} lang="nor" comparison={false} />,
    );
    expect(stats(single)).toEqual([['Endring fra i fjor', '–']]);
  });

  it("says that a month of a file's opening balances is no month of postings, in nor and en", () => {
    const data = { ...turnover, openingMonths: ['2026-01'] };
    expect(text(draw(<TurnoverView state={{ status: 'data', data }} lang="nor" comparison={false} />), 'note')).toBe(
      'jan 2026: fra filens inngående balanse (saldoer og resultat før filens første periode), ikke posteringer i måneden.',
    );
    expect(text(draw(<TurnoverView state={{ status: 'data', data }} lang="en" comparison={false} />), 'note')).toBe(
      "Jan 2026: from the file's opening balances (balances and result before the file's first period), not postings of that month.",
    );
  });

  it('shows no last year and no change where a share sent none (previousTotal null), in either view', () => {
    const data = { ...turnover, previousTotal: null, changePercent: null };
    for (const comparison of [false, true]) {
      const root = draw(<TurnoverView state={{ status: 'data', data }} lang="nor" comparison={comparison} />);
      expect(text(root, 'value')).toBe(`3${NBSP}300${NBSP}000`);
      expect(stats(root)).toEqual([]);
    }
  });

  it('shows the loading, empty and error states', () => {
    expect(text(draw(<TurnoverView state={{ status: 'loading' }} lang="en" comparison={false} />), 'status')).toContain(
      'Loading',
    );
    const empty = draw(<TurnoverView state={{ status: 'empty', data: turnover }} lang="nor" comparison={false} />);
    expect(text(empty, 'status')).toBe('Ingen data for perioden');
    const error = { code: 'FORBIDDEN' as const, message: 'x', status: 403 };
    const failed = draw(<TurnoverView state={{ status: 'error', error }} lang="en" comparison={false} />);
    expect(failed.querySelector('[role="alert"]')?.textContent).toBe(errors.FORBIDDEN.en);
  });
});

describe('MrrView', () => {
  it('shows MRR, the previous MRR, the last month’s breakdown and ARPC', () => {
    const root = draw(<MrrView state={{ status: 'data', data: mrr }} lang="en" comparison={false} />);
    expect(text(root, 'value')).toBe(`420${NBSP}000`);
    expect(stats(root)).toEqual([
      ['MRR previous period', `400${NBSP}000`],
      ['New', `20${NBSP}000`],
      ['Expansion', `5${NBSP}000`],
      ['Contraction', `-2${NBSP}000`],
      ['Churn', `-3${NBSP}000`],
      ['Average per customer', `10${NBSP}500`],
      ['Customers', '40'],
    ]);
    expect(monthRows(root)[0]).toEqual(['Jan 2026', `400${NBSP}000`]);
  });

  it('takes the breakdown from the headline month, not from an empty month at the period end', () => {
    const empty = {
      ...mrr.months[1]!,
      month: '2026-03',
      mrr: 0,
      newMrr: 0,
      customers: 0,
      averageRevenuePerCustomer: 0,
    };
    const data = { ...mrr, months: [...mrr.months, empty] };
    const root = draw(<MrrView state={{ status: 'data', data }} lang="en" comparison={false} />);
    expect(stats(root).at(-1)).toEqual(['Customers', '40']);
    expect(stats(root)[1]).toEqual(['New', `20${NBSP}000`]);
  });

  it('adds the change and the previous MRR series in the comparison view', () => {
    const root = draw(<MrrView state={{ status: 'data', data: mrr }} lang="nor" comparison />);
    expect(stats(root)[1]).toEqual(['Endring', `+5,0${NBSP}%`]);
    expect(monthRows(root)[1]).toEqual(['feb 2026', `420${NBSP}000`, `400${NBSP}000`]);
  });
});

describe('EmployeesView', () => {
  it('shows the current count, the months and that it is estimated from payroll', () => {
    const root = draw(<EmployeesView state={{ status: 'data', data: employees }} lang="nor" />);
    expect(text(root, 'value')).toBe('12');
    expect(text(root, 'note')).toBe('Anslått fra lønnsposteringer');
    expect(monthRows(root)).toEqual([
      ['jan 2026', '11'],
      ['feb 2026', '12'],
    ]);
    const counted = draw(
      <EmployeesView state={{ status: 'data', data: { ...employees, source: 'employments' } }} lang="en" />,
    );
    expect(counted.querySelector('[part="note"]')).toBeNull();
  });
});

describe('CustomWidgetView', () => {
  it('shows an account range in kroner, with a dash for a month without value', () => {
    const root = draw(<CustomWidgetView state={{ status: 'data', data: customRange }} lang="nor" />);
    expect(text(root, 'title')).toBe('Salg');
    expect(text(root, 'value')).toBe(`1${NBSP}000${NBSP}000`);
    expect(text(root, 'label')).toBe('Totalt · 3000–3999');
    expect(monthRows(root)[1]).toEqual(['feb 2026', '–']);
  });

  it('shows a ratio as a percentage with one decimal', () => {
    const root = draw(<CustomWidgetView state={{ status: 'data', data: customRatio }} lang="en" />);
    expect(text(root, 'value')).toBe(`40,0${NBSP}%`);
    expect(text(root, 'label')).toBe('Ratio · 5xxx–5xxx / 3xxx–3xxx');
    expect(monthRows(root)[0]).toEqual(['Jan 2026', `41,2${NBSP}%`]);
  });

  it('the comparison view: the comparison period beside the period, the change, and the change by month', () => {
    const data = {
      ...customRange,
      months: [
        { month: '2026-01', value: 600_000_00 },
        { month: '2026-02', value: 400_000_00 },
      ],
      comparison: {
        startDate: '2025-11-01',
        endDate: '2025-12-31',
        months: [
          { month: '2025-11', value: 500_000_00 },
          { month: '2025-12', value: 300_000_00 },
        ],
        total: 800_000_00,
      },
    };
    const root = draw(<CustomWidgetView state={{ status: 'data', data }} lang="nor" comparison="previous" />);
    expect(stats(root)).toEqual([
      ['Forrige periode', `800${NBSP}000`],
      ['Endring', `200${NBSP}000`],
      ['Endring %', `+25,0${NBSP}%`],
    ]);
    expect(monthRows(root)).toEqual([
      ['jan 2026', `600${NBSP}000`, `500${NBSP}000`, `100${NBSP}000`],
      ['feb 2026', `400${NBSP}000`, `300${NBSP}000`, `100${NBSP}000`],
    ]);
    // The change is a column of the table only: the chart draws the two periods.
    const metric = customMetric(data, 'nor', 'previous');
    expect(metric.series.filter((s) => !s.tableOnly).map((s) => s.label)).toEqual(['Verdi', 'Forrige periode']);
    // The single view shows none of it, even with a comparison in the data.
    expect(stats(draw(<CustomWidgetView state={{ status: 'data', data }} lang="nor" />))).toEqual([]);
  });

  it('the comparison view over a period with nothing booked: no figure, no change, no % (–)', () => {
    const data = {
      ...customRange,
      months: [
        { month: '2024-01', value: 600_000_00 },
        { month: '2024-02', value: 400_000_00 },
      ],
      comparison: {
        startDate: '2023-01-01',
        endDate: '2023-02-28',
        months: [
          { month: '2023-01', value: null },
          { month: '2023-02', value: null },
        ],
        total: null,
        bookedMonths: 0,
      },
    };
    const root = draw(<CustomWidgetView state={{ status: 'data', data }} lang="nor" comparison="lastYear" />);
    expect(stats(root)).toEqual([
      ['I fjor', '–'],
      ['Endring', '–'],
    ]);
    expect(monthRows(root).map((row) => row.slice(2))).toEqual([
      ['–', '–'],
      ['–', '–'],
    ]);
  });

  it('a ratio against last year: its change in percentage points, and no percentage of a percentage', () => {
    const data = {
      ...customRatio,
      comparison: { startDate: '2025-01-01', endDate: '2025-02-28', months: customRatio.months, total: 0.35 },
    };
    const root = draw(<CustomWidgetView state={{ status: 'data', data }} lang="en" comparison="lastYear" />);
    expect(stats(root)).toEqual([
      ['Last year', `35,0${NBSP}%`],
      ['Change', `5,0${NBSP}%`],
    ]);
  });

  it('falls back to a generic title while loading', () => {
    expect(text(draw(<CustomWidgetView state={{ status: 'loading' }} lang="en" />), 'title')).toBe('Custom');
  });
});

describe('months not yet booked', () => {
  it('MRR and employee counts say "not yet booked" after the last booked month, and leave a gap in the chart', () => {
    const notBooked = { ...mrr.months[1]!, month: '2026-03', mrr: 0, previousMrr: 0, customers: 0 };
    const root = draw(
      <MrrView
        state={{ status: 'data', data: { ...mrr, months: [...mrr.months, notBooked], lastBookedMonth: '2026-02' } }}
        lang="nor"
        comparison={false}
      />,
    );
    expect(text(root, 'value')).toBe(`420${NBSP}000`);
    expect(monthRows(root).map((r) => r[1])).toEqual([`400${NBSP}000`, `420${NBSP}000`, 'Ikke bokført ennå']);
    const staff = draw(
      <EmployeesView
        state={{
          status: 'data',
          data: {
            ...employees,
            months: [...employees.months, { month: '2026-03', count: 0 }],
            lastBookedMonth: '2026-02',
          },
        }}
        lang="en"
      />,
    );
    expect(monthRows(staff).at(-1)).toEqual(['Mar 2026', 'Not yet booked']);
    expect(text(staff, 'value')).toBe('12');
  });

  it('turnover months after the last booked month are not booked, not zeros', () => {
    const data = { ...turnover, lastBookedMonth: '2026-02' };
    const root = draw(<TurnoverView state={{ status: 'data', data }} lang="nor" comparison={false} />);
    expect(monthRows(root).map((r) => r[1])).toEqual([
      `1${NBSP}000${NBSP}000`,
      `1${NBSP}100${NBSP}000`,
      'Ikke bokført ennå',
    ]);
  });
});

describe('chart gaps after the last booked month', () => {
  const last = '2026-02';
  const drawn = (metric: Metric) => chartSeries(metric).map((s) => s.values);

  it('every metric view draws a month after the last booked one as a gap (null), a booked zero as 0', () => {
    const mrrNotBooked = { ...mrr.months[1]!, month: '2026-03', mrr: 0, previousMrr: 0, customers: 0 };
    const metrics: Record<string, Metric> = {
      turnover: turnoverMetric(
        {
          ...turnover,
          months: [...turnover.months.slice(0, 2), { month: '2026-03', amount: 0 }],
          total: 2_100_000_00,
          lastBookedMonth: last,
        },
        'nor',
        true,
      ),
      mrr: mrrMetric({ ...mrr, months: [...mrr.months, mrrNotBooked], lastBookedMonth: last }, 'nor', true),
      employees: employeesMetric(
        { ...employees, months: [...employees.months, { month: '2026-03', count: 0 }], lastBookedMonth: last },
        'nor',
      ),
      custom: customMetric(
        {
          ...customRange,
          months: [
            { month: '2026-01', value: 0 },
            { month: '2026-02', value: 1_000_000_00 },
            { month: '2026-03', value: 0 },
          ],
          lastBookedMonth: last,
        },
        'nor',
      ),
    };
    for (const [name, metric] of Object.entries(metrics)) {
      expect(metric.months, name).toEqual(['2026-01', '2026-02', '2026-03']);
      expect(metric.series.length, name).toBeGreaterThan(0);
      for (const values of drawn(metric)) {
        expect(
          values.slice(0, 2).every((v) => typeof v === 'number'),
          name,
        ).toBe(true);
        expect(values[2], name).toBeNull();
      }
    }
    // Booked months keep their figures, a zero included.
    expect(drawn(metrics.custom!)[0]).toEqual([0, 1_000_000, null]);
    expect(drawn(metrics.turnover!)[0]).toEqual([1_000_000, 1_100_000, null]);
    // MRR's comparison series (last month's MRR) has the same gap.
    expect(drawn(metrics.mrr!)).toHaveLength(2);
  });

  it('leaves no gap when every month is booked or the data does not say, and gaps all without postings', () => {
    expect(drawn(turnoverMetric({ ...turnover, lastBookedMonth: '2026-03' }, 'en', false))[0]).toEqual([
      1_000_000, 1_100_000, 1_200_000,
    ]);
    expect(drawn(employeesMetric(employees, 'en'))[0]).toEqual([11, 12]);
    // A board without a single posting has nothing booked: no month is drawn as 0.
    expect(drawn(employeesMetric({ ...employees, lastBookedMonth: null }, 'en'))[0]).toEqual([null, null]);
  });
});

describe('figures that foot', () => {
  it("turnover's months add up to the total shown, and a negative half rounds away from zero", () => {
    const months = ['2026-01', '2026-02', '2026-03'].map((month) => ({ month, amount: 150 }));
    const data = { ...turnover, total: 450, months, previousTotal: -250, changePercent: null };
    const root = draw(<TurnoverView state={{ status: 'data', data }} lang="nor" comparison />);
    expect(text(root, 'value')).toBe('5');
    const shown = monthRows(root).map((r) => Number(r[1]));
    expect(shown.reduce((a, b) => a + b, 0)).toBe(5);
    // Last year -2.50 kr is -3; the difference is the two figures shown: 5 - (-3) = 8.
    expect(stats(root).slice(0, 2)).toEqual([
      ['Samme periode i fjor', '-3'],
      ['Differanse', '8'],
    ]);
  });
});

describe('drill-down from a sum of accounts', () => {
  const element = (tag: string, body: unknown, attrs: Record<string, string> = {}) =>
    mountElement(tag, body, { board: 'b1', from: '2026-01-01', to: '2026-03-31', ...attrs });

  it('turnover: the headline is the period’s revenue accounts, a month’s row that month’s', async () => {
    const { root, drills } = await element('saldo-turnover', turnover);
    root.querySelector<HTMLButtonElement>('[part~="value"] button')!.click();
    root.querySelectorAll<HTMLButtonElement>('[part="months"] tbody button')[1]!.click();
    const base = { kind: 'line', origin: 'turnover', title: 'Omsetning', accounts: '3000-3999', sign: -1 };
    expect(drills).toEqual([
      { ...base, from: '2026-01-01', to: '2026-03-31', column: 'total' },
      { ...base, from: '2026-02-01', to: '2026-02-28', column: '2026-02' },
    ]);
    resetConfig();
  });

  it('a custom account range drills into its accounts; a ratio has no postings to drill into', async () => {
    const range = await element('saldo-custom-widget', customRange, { 'widget-id': 'w1' });
    range.root.querySelector<HTMLButtonElement>('[part~="value"] button')!.click();
    expect(range.drills).toEqual([
      {
        kind: 'line',
        origin: 'custom',
        title: 'Salg',
        accounts: '3000-3999',
        sign: -1,
        from: '2026-01-01',
        to: '2026-03-31',
        column: 'total',
      },
    ]);
    const ratio = await element('saldo-custom-widget', customRatio, { 'widget-id': 'w2' });
    expect(ratio.root.querySelector('[part~="value"] button')).toBeNull();
    expect(ratio.root.querySelector('[part="months"] tbody button')).toBeNull();
    resetConfig();
  });
});
