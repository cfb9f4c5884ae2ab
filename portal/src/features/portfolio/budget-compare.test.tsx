import type { Portfolio, PortfolioFigure, PortfolioRow } from '@saldo/contract';
import { portfolioFigureIds } from '@saldo/contract/schemas/portfolio';
import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { type Call, json, stubFetch } from '../../test/fetch-stub';
import { board, portfolioRow } from '../../test/fixtures';
import { $, $$, click, freshScreen, renderRoutes, settle } from '../../test/render';
import { PortfolioPage } from './portfolio-page';

// The portfolio's comparison control offers the budget: the list is asked for it, the change column shows
// the change against it, a figure the budget does not give says why, and the Excel file is asked for the
// same comparison and KPI columns as the screen shows.

const REASON = { no: 'Budsjettet gjelder periodens bevegelser', en: "The budget is of the period's movements" };

function portfolio(compare: Portfolio['compare']): Portfolio {
  const budget = compare === 'budget';
  const figure = (id: string): PortfolioFigure => {
    if (id === 'revenue')
      return budget
        ? { value: 1_200_000_00, comparison: 1_000_000_00, change: 20 }
        : { value: 1_200_000_00, comparison: 1_500_000_00, change: -20 };
    if (id === 'cashAndBank' && budget)
      return { value: 50_000_00, comparison: null, change: null, comparisonReason: REASON };
    return { value: 0, comparison: null, change: null };
  };
  const row = portfolioRow({
    figures: Object.fromEntries(portfolioFigureIds.map((id) => [id, figure(id)])) as PortfolioRow['figures'],
    dataAgeDays: 0,
  });
  return {
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    compare,
    comparisonAvailable: true,
    kpis: [],
    benchmark: { group: 'all', figures: {} },
    sentPacks: { sent: 0, changed: 0, snapshots: [] },
    rows: [row],
  };
}

freshScreen('nor');

// The test DOM's table sections have no `rows`, which the table's whole-columns layout reads
// (components/use-whole-columns.ts): the DOM standard's, given here.
if (typeof HTMLTableSectionElement === 'function' && !('rows' in HTMLTableSectionElement.prototype))
  Object.defineProperty(HTMLTableSectionElement.prototype, 'rows', {
    get(this: HTMLTableSectionElement) {
      return this.getElementsByTagName('tr');
    },
  });

const portfolioCalls = (calls: Call[], path = '/api/portfolio?') => calls.filter((c) => c.url.includes(path));
const cellOf = (id: string) => $(`[data-testid=portfolio-figure-${id}]`)!.closest('.portfolio__cell')!;

describe('the portfolio against the budget', () => {
  it('offers the budget, asks the list for it and shows the change against it, and why a balance has none', async () => {
    const calls = stubFetch((call) => {
      if (call.url.startsWith('/api/portfolio?')) {
        const compare = new URL(call.url, 'http://x').searchParams.get('compare') as Portfolio['compare'];
        return json(200, portfolio(compare));
      }
      if (call.url === '/api/group-account') return json(200, [board({})]);
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    });
    renderRoutes([{ path: '/portfolio', element: <PortfolioPage /> }], '/portfolio');
    await settle();
    const select = $<HTMLSelectElement>('[data-testid=portfolio-compare]')!;
    expect($$('[data-testid=portfolio-compare] option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['lastYear', 'I fjor'],
      ['previous', 'Forrige periode'],
      ['budget', 'Budsjett'],
    ]);
    expect(cellOf('revenue').querySelector('.portfolio__change')?.textContent).toMatch(/-20/);
    await act(() => {
      fireEvent.change(select, { target: { value: 'budget' } });
    });
    await settle();
    expect(new URL(portfolioCalls(calls).at(-1)!.url, 'http://x').searchParams.get('compare')).toBe('budget');
    expect(cellOf('revenue').querySelector('.portfolio__change')?.textContent).toMatch(/\+20/);
    // The comparison is '–', and its tooltip says why.
    const cash = cellOf('cashAndBank').querySelector('[title]')!;
    expect(cash.getAttribute('title')).toBe(`Sammenligning: – (${REASON.no})`);
    expect(cellOf('cashAndBank').querySelector('.portfolio__change')).toBeNull();
    // The Excel file is asked for the same comparison and the KPI columns shown.
    await click($('[data-testid=portfolio-kpi-operating-margin]'));
    await click($('[data-testid=portfolio-xlsx]'));
    const file = new URL(portfolioCalls(calls, '/api/portfolio/export?').at(-1)!.url, 'http://x').searchParams;
    expect(file.get('compare')).toBe('budget');
    expect(file.get('kpis')).toBe('operating-margin');
    expect(file.get('benchmark')).toBe('all');
    // And in English.
    await act(() => i18n.changeLanguage('en'));
    expect($$('[data-testid=portfolio-compare] option').map((o) => o.textContent)).toEqual([
      'Last year',
      'Previous period',
      'Budget',
    ]);
    expect(cellOf('cashAndBank').querySelector('[title]')!.getAttribute('title')).toBe(`Comparison: – (${REASON.en})`);
  });
});
