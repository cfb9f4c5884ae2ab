/** @jsxImportSource preact */
import type { ProfitLossReport } from '@saldo/contract';
import { errors } from '@saldo/contract/errors/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../core/api-client';
import { formatAmount, formatMonth } from '../../core/format';
import type { SaldoDrillDetail, WidgetState } from '../../core/types';
import '../../register';
import { cellTexts, draw as drawView, mountElement, NBSP } from '../../testing/dom';
import { PROFIT_LOSS_HEADINGS_EN } from '../../testing/expected';
import { afterPaint, emptyProfitLoss, profitLoss, profitLossWithComparison, settle } from '../../testing/fixtures';
import { buildProfitLossModel, chartSeries, isProfitLossEmpty, profitLossLines } from './profit-loss-model';
import { ProfitLossView, type ProfitLossViewProps } from './profit-loss-view';

const draw = (state: WidgetState<ProfitLossReport>, props: Partial<ProfitLossViewProps> = {}) =>
  drawView(<ProfitLossView state={state} lang="nor" totalOnly={false} showChart onDrill={() => {}} {...props} />);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('profit and loss model', () => {
  it('lays the P&L out as regnskapsloven § 6-1 does, in nor and en', () => {
    const model = buildProfitLossModel(profitLoss);
    expect(model.months).toEqual(['2026-01', '2026-02']);
    expect(model.rows.map((r) => (r.kind === 'group' ? r.group : r.key))).toEqual([
      'operating',
      'salesRevenue',
      'otherOperatingIncome',
      'operatingIncome',
      'costOfGoods',
      'grossProfit',
      'payroll',
      'depreciation',
      'otherOperatingExpenses',
      'operatingExpenses',
      'operatingResult',
      'financial',
      'financialIncome',
      'financialExpenses',
      'netFinancialItems',
      'resultBeforeTax',
      'tax',
      'result',
    ]);
    const names = (lang: 'nor' | 'en') =>
      profitLossLines(profitLoss, lang)
        .filter((l) => l.kind !== 'group')
        .map((l) => l.label);
    expect(names('nor')).toEqual([
      'Driftsinntekter og driftskostnader',
      'Sum driftsinntekter',
      'Bruttofortjeneste',
      'Sum driftskostnader',
      'Driftsresultat',
      'Finansinntekter og finanskostnader',
      'Netto finansposter',
      'Ordinært resultat før skattekostnad',
      'Årsresultat',
    ]);
    expect(names('en')).toEqual(PROFIT_LOSS_HEADINGS_EN);
  });

  it('charts income, operating costs as positive numbers and the operating result', () => {
    expect(chartSeries(profitLoss)).toEqual({
      revenue: [100_000_000, 120_000_000],
      costs: [70_000_000, 76_000_000],
      operatingResult: [30_000_000, 44_000_000],
    });
  });

  it('treats no months or all-zero groups as empty', () => {
    expect(isProfitLossEmpty(profitLoss)).toBe(false);
    expect(isProfitLossEmpty(emptyProfitLoss)).toBe(true);
    expect(isProfitLossEmpty({ ...profitLoss, months: [] })).toBe(true);
  });
});

describe('ProfitLossView', () => {
  it('marks the months after the last booked month as not yet booked, not zeros', () => {
    const root = draw({ status: 'data', data: { ...profitLoss, lastBookedMonth: '2026-01' } });
    const february = root.querySelector('thead th[part="not-booked-header"]');
    expect(february?.textContent).toBe('feb 2026');
    expect(february?.getAttribute('title')).toBe('Ikke bokført ennå');
    expect(cellTexts(root.querySelector('[data-group="salesRevenue"]'))).toEqual([
      'Salgsinntekt',
      `1${NBSP}000${NBSP}000`,
      '–',
      `2${NBSP}200${NBSP}000`,
    ]);
  });

  it('shows month columns, a total column and formatted group amounts', () => {
    const root = draw({ status: 'data', data: profitLoss });
    expect(root.querySelector('[part="title"]')?.textContent).toBe('Resultatregnskap');
    expect(cellTexts(root.querySelector('[part="table"] thead tr'))).toEqual([
      'Linje',
      'jan 2026',
      'feb 2026',
      'Totalt',
    ]);
    expect(cellTexts(root.querySelector('[data-group="salesRevenue"]'))).toEqual([
      'Salgsinntekt',
      `1${NBSP}000${NBSP}000`,
      `1${NBSP}200${NBSP}000`,
      `2${NBSP}200${NBSP}000`,
    ]);
    expect(cellTexts(root.querySelector('[data-line="result"]'))).toEqual([
      'Årsresultat',
      `234${NBSP}780`,
      `344${NBSP}136`,
      `578${NBSP}916`,
    ]);
    expect(root.querySelector('[data-group="costOfGoods"] td')?.textContent).toBe(`-400${NBSP}000`);
    expect(root.querySelector('[data-group="costOfGoods"] td')?.className).toContain('negative');
    // The chart container is there even where no canvas exists (happy-dom).
    expect(root.querySelector('[part="chart"]')).not.toBeNull();
  });

  it('expands a group into its accounts and reports a clicked account', async () => {
    const clicked: number[] = [];
    const root = draw(
      { status: 'data', data: profitLoss },
      { lang: 'en', onDrill: (d) => d.kind === 'account' && clicked.push(d.number ?? 0) },
    );
    expect(root.querySelector('[data-account]')).toBeNull();
    const toggle = root.querySelector<HTMLButtonElement>('[data-group="payroll"] button');
    expect(toggle?.textContent).toBe('Payroll');
    toggle?.click();
    await settle(); // Preact batches state updates
    const accounts = [...root.querySelectorAll('[data-account]')];
    expect(accounts.map((a) => a.getAttribute('data-account'))).toEqual(['5000', '5400']);
    expect(cellTexts(accounts[0])).toEqual(['5000 Salaries', `-240${NBSP}000`, `-248${NBSP}000`, `-488${NBSP}000`]);
    expect(toggle?.getAttribute('aria-expanded')).toBe('true');
    accounts[1]?.querySelector('button')?.click();
    expect(clicked).toEqual([5400]);
  });

  it('shows each line’s share of the operating income in a column of its own, when asked', () => {
    expect(draw({ status: 'data', data: profitLoss }).querySelector('[part~="share"]')).toBeNull();
    const root = draw({ status: 'data', data: profitLoss }, { showShare: true });
    expect(cellTexts(root.querySelector('[part="table"] thead tr'))).toEqual([
      'Linje',
      'jan 2026',
      'feb 2026',
      'Totalt',
      '% av driftsinntekter',
    ]);
    const share = (selector: string) => root.querySelector(`${selector} [part~="share"]`)?.textContent;
    // Sales 2 200 000, cost of goods 850 000 (38.64 %), payroll 610 000: operating result 740 000 (33.64 %).
    expect(share('[data-group="salesRevenue"]')).toBe(`100,0${NBSP}%`);
    expect(share('[data-line="operatingIncome"]')).toBe(`100,0${NBSP}%`);
    expect(share('[data-group="costOfGoods"]')).toBe(`-38,6${NBSP}%`);
    expect(share('[data-line="grossProfit"]')).toBe(`61,4${NBSP}%`);
    expect(share('[data-line="operatingResult"]')).toBe(`33,6${NBSP}%`);
    // A heading has none.
    expect(root.querySelector('[part~="section-row"] [part~="share"]')).toBeNull();
  });

  it('drills from every figure into the postings of its accounts and its column’s period', async () => {
    const drills: SaldoDrillDetail[] = [];
    const root = draw({ status: 'data', data: profitLossWithComparison }, { onDrill: (d) => drills.push(d) });
    const click = (row: string, column: string) =>
      root.querySelector<HTMLButtonElement>(`${row} [data-column="${column}"] button`)!.click();
    click('[data-group="salesRevenue"]', '2026-02');
    click('[data-line="operatingResult"]', 'total');
    click('[data-line="grossProfit"]', 'comparison');
    root.querySelector<HTMLButtonElement>('[data-group="payroll"] button.toggle')!.click();
    await settle();
    click('[data-account="5400"]', '2026-01');
    const base = { origin: 'profit-loss', sign: -1 };
    expect(drills).toEqual([
      {
        ...base,
        kind: 'line',
        title: 'Salgsinntekt',
        group: 'salesRevenue',
        key: 'salesRevenue',
        accounts: '3000-3399',
        from: '2026-02-01',
        to: '2026-02-28',
        column: '2026-02',
      },
      {
        ...base,
        kind: 'subtotal',
        title: 'Driftsresultat',
        key: 'operatingResult',
        accounts: '3000-7999',
        from: '2026-01-01',
        to: '2026-02-28',
        column: 'total',
      },
      {
        ...base,
        kind: 'subtotal',
        title: 'Bruttofortjeneste',
        key: 'grossProfit',
        accounts: '3000-4999',
        from: '2025-01-01',
        to: '2025-02-28',
        column: 'comparison',
      },
      {
        ...base,
        kind: 'account',
        title: '5400 Arbeidsgiveravgift',
        number: 5400,
        accountId: '5400',
        group: 'payroll',
        accounts: '5400',
        from: '2026-01-01',
        to: '2026-01-31',
        column: '2026-01',
      },
    ]);
    // Not yet booked and change cells have nothing behind them to drill.
    expect(root.querySelector('[part~="change"] button')).toBeNull();
  });

  it('gives the chart a text alternative: a summary and its figures as a table, the canvas hidden', () => {
    const root = draw({ status: 'data', data: profitLoss });
    const figure = root.querySelector('[part="chart-figure"]');
    expect(figure?.querySelector('[part="chart"]')?.getAttribute('aria-hidden')).toBe('true');
    expect(figure?.querySelector('figcaption')?.textContent).toMatch(
      /^Inntekter, kostnader og driftsresultat per måned\. Inntekter: fra /,
    );
    const table = figure?.querySelector('[part="chart-table"]');
    expect(cellTexts(table?.querySelector('thead tr') ?? null)).toEqual([
      'Måned',
      'Inntekter',
      'Kostnader',
      'Driftsresultat',
    ]);
    expect(table?.querySelectorAll('tbody tr')).toHaveLength(profitLoss.months.length);
  });
  it('leaves the chart out where none can be drawn, and keeps the statement and the text alternative', async () => {
    const root = draw({ status: 'data', data: profitLoss });
    const chart = root.querySelector<HTMLElement>('[part="chart"]');
    // Until the chart code is there, its box keeps the chart's height.
    expect(chart?.dataset.state).toBe('loading');
    expect(chart?.style.minHeight).toBe('240px');
    await afterPaint(); // effects run after the first paint
    // happy-dom has no 2D canvas: the chart code is never loaded and the empty box is hidden.
    expect(chart?.dataset.state).toBe('none');
    expect(chart?.hidden).toBe(true);
    expect(chart?.style.minHeight).toBe('');
    expect(root.querySelector('[part="chart-table"] tbody tr')).not.toBeNull();
    expect(root.querySelector('[data-line="result"]')).not.toBeNull();
  });

  it('shows only the total column with view="total"', () => {
    const root = draw({ status: 'data', data: profitLoss }, { totalOnly: true, showChart: false });
    expect(cellTexts(root.querySelector('[part="table"] thead tr'))).toEqual(['Linje', 'Totalt']);
    expect(root.querySelector('[part="chart"]')).toBeNull();
  });

  it('against a budget adds the variance and its %, and drills from the actual figures but not the budget’s', () => {
    const drills: SaldoDrillDetail[] = [];
    const budget = { ...profitLossWithComparison.comparison!, basis: 'budget' as const };
    const root = draw(
      { status: 'data', data: { ...profitLossWithComparison, comparison: budget } },
      { totalOnly: true, onDrill: (d) => drills.push(d) },
    );
    expect(cellTexts(root.querySelector('[part="table"] thead tr'))).toEqual([
      'Linje',
      'jan 2026 – feb 2026',
      'Budsjett',
      'Avvik',
      'Avvik %',
    ]);
    // Sales 2 200 000 against 1 700 000: 500 000 over, +29.4 %.
    const sales = root.querySelector('[data-group="salesRevenue"]');
    expect(cellTexts(sales)?.slice(1)).toEqual([
      `2${NBSP}200${NBSP}000`,
      `1${NBSP}700${NBSP}000`,
      `500${NBSP}000`,
      `+29,4${NBSP}%`,
    ]);
    // A budget has no postings: its cells are figures, not buttons; the period's figure drills.
    expect(root.querySelector('[part~="comparison"] button')).toBeNull();
    expect(root.querySelector('[part~="change-percent"] button')).toBeNull();
    sales!.querySelector<HTMLButtonElement>('[data-column="total"] button')!.click();
    expect(drills.map((d) => [d.column, d.from, d.to])).toEqual([['total', '2026-01-01', '2026-02-28']]);
  });

  it('adds the comparison total and the change after the months', () => {
    const root = draw({ status: 'data', data: profitLossWithComparison }, { lang: 'en' });
    expect(cellTexts(root.querySelector('[part="table"] thead tr'))).toEqual([
      'Line',
      'Jan 2026',
      'Feb 2026',
      'Jan 2026 – Feb 2026',
      'Jan 2025 – Feb 2025',
      'Change',
    ]);
    const sales = root.querySelector('[data-group="salesRevenue"]');
    expect(cellTexts(sales)?.slice(3)).toEqual([`2${NBSP}200${NBSP}000`, `1${NBSP}700${NBSP}000`, `500${NBSP}000`]);
    const result = root.querySelector('[data-line="result"]');
    const current = profitLossWithComparison.total.result;
    const previous = profitLossWithComparison.comparison?.total.result ?? 0;
    expect(result?.querySelector('[part~="comparison"]')?.textContent).toBe(formatAmount(previous));
    expect(result?.querySelector('[part~="change"]')?.textContent).toBe(formatAmount(current - previous));
  });

  it('shows no comparison where the comparison period has no booked month, and says how much of it is booked', () => {
    const none = { ...profitLossWithComparison.comparison!, bookedMonths: 0 };
    const root = draw({ status: 'data', data: { ...profitLossWithComparison, comparison: none } }, { totalOnly: true });
    // 2025 has no postings: no figure, no change, never the whole amount as the change.
    const sales = root.querySelector('[data-group="salesRevenue"]');
    expect(cellTexts(sales)?.slice(1)).toEqual([`2${NBSP}200${NBSP}000`, '–', '–']);
    expect(root.querySelector('[part~="comparison-unbooked"]')?.getAttribute('title')).toBe(
      'Ingen bokførte måneder å sammenligne med',
    );
    expect(root.querySelector('[part~="comparison"] button')).toBeNull();

    const partly = { ...profitLossWithComparison.comparison!, bookedMonths: 1 };
    const other = draw({ status: 'data', data: { ...profitLossWithComparison, comparison: partly } }, { lang: 'en' });
    expect(cellTexts(other.querySelector('[part="table"] thead tr'))?.[4]).toBe(
      'Jan 2025 – Feb 2025 (1 of 2 months booked)',
    );
  });

  it("marks a month of a file's opening balances and says under the table that it is no month of postings, in nor and en", () => {
    const data = { ...profitLoss, openingMonths: ['2026-01'] };
    const root = draw({ status: 'data', data });
    const header = root.querySelector('[part="opening-header"]');
    expect(header?.textContent).toBe(`${formatMonth('2026-01', 'nor')}*`);
    expect(header?.getAttribute('title')).toBe('Fra filens inngående balanse');
    expect(root.querySelectorAll('[part="opening-header"]')).toHaveLength(1);
    expect(root.querySelector('[part="opening-note"]')?.textContent).toBe(
      `* ${formatMonth('2026-01', 'nor')}: fra filens inngående balanse (saldoer og resultat før filens første periode), ikke posteringer i måneden.`,
    );
    const en = draw({ status: 'data', data }, { lang: 'en', totalOnly: true });
    // Only the period column: the note still says its total holds the opening balances.
    expect(en.querySelector('[part="opening-header"]')).toBeNull();
    expect(en.querySelector('[part="opening-note"]')?.textContent).toBe(
      `* ${formatMonth('2026-01', 'en')}: from the file's opening balances (balances and result before the file's first period), not postings of that month.`,
    );
    // A report without such a month has neither.
    const plain = draw({ status: 'data', data: profitLoss });
    expect(plain.querySelector('[part="opening-header"], [part="opening-note"]')).toBeNull();
  });

  it('shows loading, empty and error states', () => {
    expect(draw({ status: 'loading' }, { lang: 'en' }).querySelector('[role="status"]')?.textContent).toContain(
      'Loading',
    );
    const empty = draw({ status: 'empty', data: emptyProfitLoss }, { lang: 'en' });
    expect(empty.querySelector('[role="status"]')?.textContent).toBe('No data for this period');
    expect(empty.querySelector('table')).toBeNull();
    const error = draw({ status: 'error', error: { code: 'BAD_NETWORK', message: 'Bad Network', status: 0 } });
    expect(error.querySelector('[role="alert"]')?.textContent).toBe(errors.BAD_NETWORK.no);
  });
});

describe('<saldo-profit-loss show-share>', () => {
  it('adds the share column when the attribute is there, and takes it away again', async () => {
    const { el } = await mountElement('saldo-profit-loss', profitLoss, { board: 'b1', 'show-share': '' });
    const share = () => el.shadowRoot?.querySelector('[data-line="grossProfit"] [part~="share"]')?.textContent;
    expect(share()).toBe(`61,4${NBSP}%`);
    el.removeAttribute('show-share');
    await el.updateComplete;
    expect(share()).toBeUndefined();
    resetConfig();
  });
});
