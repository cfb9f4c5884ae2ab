import type { ReportComparison } from '@saldo/contract';
import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { type Call, json, stubFetch } from '../../test/fetch-stub';
import { renderRoutes, settle } from '../../test/render';
import { useReportComparisons } from './comparisons';
import { PeriodControl } from './period-control';
import { usePeriod } from './period-state';

// The budget as a comparison, as the report pages use it: offered on every statement of a board with
// a budget (GET /api/budgets/{id} lists its years), on no other board. "Today" is 21 November 2026.

const TODAY = new Date(2026, 10, 21);

/** Every figure request the page would have made, in order: what it showed once ready. */
let requested: string[];

function Report() {
  const offer = useReportComparisons('b1', TODAY);
  const period = usePeriod<ReportComparison>('b1', offer.comparisons, TODAY);
  const now = `${period.from}|${period.to}|${period.compare ?? ''}`;
  if (period.ready && offer.ready && requested.at(-1) !== now) requested.push(now);
  return (
    <>
      <PeriodControl period={period} boardId="b1" comparisons={offer.comparisons} canEditFiscalYear={false} />
      <output data-testid="shown">{period.ready && offer.ready ? now : 'waiting'}</output>
    </>
  );
}

/** A statement's page: it offers last year's end too. */
function Statement() {
  const offer = useReportComparisons('b1', TODAY, true);
  const period = usePeriod<ReportComparison>('b1', offer.comparisons, TODAY);
  const now = `${period.from}|${period.to}|${period.compare ?? ''}`;
  return (
    <>
      <PeriodControl period={period} boardId="b1" comparisons={offer.comparisons} canEditFiscalYear={false} />
      <output data-testid="shown">{period.ready && offer.ready ? now : 'waiting'}</output>
    </>
  );
}

let budgetYears: number[];
let calls: Call[];
beforeEach(async () => {
  await i18n.changeLanguage('nor');
  budgetYears = [2026];
  requested = [];
  calls = stubFetch((call) => {
    if (call.url.startsWith('/api/budgets/'))
      return json(200, { groupId: 'b1', year: 2026, rows: [], years: budgetYears });
    return json(200, { firstBookedMonth: '2024-01', lastBookedMonth: '2026-10', fiscalYearStart: 1 });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function open(address: string) {
  const view = renderRoutes([{ path: '/report', element: <Report /> }], address);
  await settle();
  return view;
}

const select = () => document.querySelector<HTMLSelectElement>('[data-testid="compare-select"]')!;
const options = () => [...select().options].map((o) => [o.value, o.text]);
const shown = () => document.querySelector('[data-testid="shown"]')?.textContent;
/** The comparisons every page offers, in Norwegian. */
const ALWAYS = [
  ['', 'Ingen sammenligning'],
  ['previous', 'Forrige periode'],
  ['lastYear', 'Samme periode i fjor'],
];
async function compareWith(value: string) {
  fireEvent.change(select(), { target: { value } });
  await settle();
}

describe('the budget as a comparison', () => {
  it('is offered for a board with a budget, and compares with it through the address', async () => {
    const view = await open('/report');
    expect(calls.map((c) => c.url)).toContain('/api/budgets/b1?year=2026');
    expect(options()).toEqual([...ALWAYS, ['budget', 'Budsjett']]);
    await compareWith('budget');
    expect(view.router.state.location.search).toBe('?compare=budget');
    expect(shown()).toBe('2026-01-01|2026-10-31|budget');
    // A new period keeps the budget as what it is compared with.
    act(() => document.querySelector<HTMLElement>('[data-testid="range-rolling12"]')!.click());
    await settle();
    expect(view.router.state.location.search).toBe('?period=rolling12&compare=budget');
    expect(shown()).toBe('2025-11-01|2026-10-31|budget');
    await act(() => i18n.changeLanguage('en'));
    expect(options().at(-1)).toEqual(['budget', 'Budget']);
  });

  it('opens a link that compares with the budget with the budget chosen, not first without it', async () => {
    await open('/report?from=2026-01&to=2026-06&compare=budget');
    expect(select().value).toBe('budget');
    expect(requested).toEqual(['2026-01-01|2026-06-30|budget']);
  });

  it('is not offered for a board without a budget: such a link shows the period without a comparison', async () => {
    budgetYears = [];
    await open('/report?compare=budget');
    expect(options().map(([value]) => value)).toEqual(['', 'previous', 'lastYear']);
    expect(shown()).toBe('2026-01-01|2026-10-31|');
  });
});

describe("last year's end as a comparison", () => {
  it("is offered on a statement's page, before the budget, and compares with it through the address", async () => {
    const view = renderRoutes([{ path: '/report', element: <Statement /> }], '/report');
    await settle();
    expect(options()).toEqual([...ALWAYS, ['yearEnd', 'Fjorårets slutt (hele fjoråret)'], ['budget', 'Budsjett']]);
    await compareWith('yearEnd');
    expect(view.router.state.location.search).toBe('?compare=yearEnd');
    expect(shown()).toBe('2026-01-01|2026-10-31|yearEnd');
    await act(() => i18n.changeLanguage('en'));
    expect(options()[3]).toEqual(['yearEnd', 'Last year-end (all of last year)']);
  });

  it('is offered without a budget too, and a link with it opens with it chosen', async () => {
    budgetYears = [];
    renderRoutes([{ path: '/report', element: <Statement /> }], '/report?from=2026-01&to=2026-06&compare=yearEnd');
    await settle();
    expect(options().map(([value]) => value)).toEqual(['', 'previous', 'lastYear', 'yearEnd']);
    expect(select().value).toBe('yearEnd');
    expect(shown()).toBe('2026-01-01|2026-06-30|yearEnd');
  });

  it('is not offered where widgets compare (the dashboard): such a link shows no comparison', async () => {
    await open('/report?compare=yearEnd');
    expect(options().map(([value]) => value)).toEqual(['', 'previous', 'lastYear', 'budget']);
    expect(shown()).toBe('2026-01-01|2026-10-31|');
  });
});
