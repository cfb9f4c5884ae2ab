import type { BoardPeriods } from '@saldo/contract';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { type Call, json, stubFetch } from '../../test/fetch-stub';
import { renderRoutes, settle, typeInto } from '../../test/render';
import { PeriodControl } from './period-control';
import { usePeriod } from './period-state';

// The period control on a page, as the dashboard and the reports use it: its state in the address.
// "Today" is 21 November 2026; the board's books run from January 2024 to October 2026.

const TODAY = new Date(2026, 10, 21);

function Page({ editable = true }: { editable?: boolean }) {
  const period = usePeriod('b1', undefined, TODAY);
  return (
    <>
      <PeriodControl period={period} boardId="b1" canEditFiscalYear={editable} />
      <output data-testid="shown">
        {period.ready ? `${period.from}|${period.to}|${period.compare ?? ''}` : 'waiting'}
      </output>
    </>
  );
}

let periods: BoardPeriods;
let calls: Call[];
beforeEach(async () => {
  await i18n.changeLanguage('nor');
  periods = { firstBookedMonth: '2024-01', lastBookedMonth: '2026-10', fiscalYearStart: 1 };
  calls = stubFetch((call) => {
    if (call.method === 'PUT') {
      periods = { ...periods, ...(call.body as Partial<BoardPeriods>) };
      return json(200, { _id: 'b1' });
    }
    return json(200, periods);
  });
});
afterEach(() => vi.unstubAllGlobals());

async function open(address = '/dashboard', editable = true) {
  const view = renderRoutes([{ path: '/dashboard', element: <Page editable={editable} /> }], address);
  await settle();
  return view;
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const text = (id: string) => byTestId(id)?.textContent;
const key = (k: string, options: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: k, ...options });
/** A keyboard user's Enter or Space on the focused button (jsdom does not click on keys by itself). */
/** Clicks the element with this test id. */
const click = (id: string) => act(() => byTestId(id)!.click());
const activate = () => act(() => (document.activeElement as HTMLElement).click());
const search = (view: Awaited<ReturnType<typeof open>>) => view.router.state.location.search;

describe('PeriodControl', () => {
  it('starts on this year to date, up to the last booked month, not to today', async () => {
    await open();
    expect(text('period-name')).toBe('Hittil i år');
    expect(text('date-range')).toBe('2026/01/01 – 2026/10/31');
    expect(byTestId('range-ytd')?.getAttribute('aria-pressed')).toBe('true');
    expect(text('shown')).toBe('2026-01-01|2026-10-31|');
    expect(calls.map((c) => c.url)).toEqual(['/api/group-account/b1/periods']);
  });

  it('chooses the second quarter by keyboard, then year to date again: the address and the dates follow', async () => {
    const view = await open();
    const button = byTestId('period-button')!;
    button.focus();
    await activate();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // The kind shown takes the focus: months, since year to date is no fixed kind.
    expect(document.activeElement?.textContent).toBe('Måned');
    click('period-kind-quarter');
    byTestId('period-quarter-q1')!.focus();
    key('ArrowRight');
    expect(document.activeElement).toBe(byTestId('period-quarter-q2'));
    await activate();
    await settle();
    expect(search(view)).toBe('?from=2026-04&to=2026-06');
    expect(text('period-name')).toBe('2. kvartal 2026');
    expect(text('date-range')).toBe('2026/04/01 – 2026/06/30');
    expect(text('shown')).toBe('2026-04-01|2026-06-30|');
    // Closed, and the focus is back where it was.
    expect(byTestId('period-picker')).toBeNull();
    expect(document.activeElement).toBe(button);

    click('range-ytd');
    await settle();
    expect(search(view)).toBe('');
    expect(text('date-range')).toBe('2026/01/01 – 2026/10/31');
  });

  it('Escape closes the popover and gives the focus back to its button; arrows move in the month grid', async () => {
    await open('/dashboard?from=2026-05&to=2026-05');
    expect(text('period-name')).toBe('mai 2026');
    const button = byTestId('period-button')!;
    act(() => button.click());
    // A month is shown: its grid's one tab stop is May.
    const may = byTestId('period-month-2026-05')!;
    expect(may.getAttribute('aria-pressed')).toBe('true');
    expect(may.tabIndex).toBe(0);
    may.focus();
    key('ArrowDown');
    expect(document.activeElement).toBe(byTestId('period-month-2026-08'));
    key('End');
    expect(document.activeElement).toBe(byTestId('period-month-2026-12'));
    key('Home');
    expect(document.activeElement).toBe(byTestId('period-month-2026-01'));
    // November is not booked yet: shown fainter, still there to choose.
    expect(byTestId('period-month-2026-11')?.className).toContain('muted');
    key('Escape');
    expect(byTestId('period-picker')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('offers every year the board has data for, and a 2017 board its own years and year to date', async () => {
    await open();
    click('period-button');
    click('period-kind-year');
    expect([...document.querySelectorAll('[data-testid^="period-years-"]')].map((b) => b.textContent)).toEqual([
      '2026',
      '2025',
      '2024',
    ]);
    expect(text('period-booked')).toBe('Bokført januar 2024 – oktober 2026');
  });

  it('a board over a 2017 file: year to date is 2017 up to its last booked month', async () => {
    periods = { firstBookedMonth: '2016-01', lastBookedMonth: '2017-12', fiscalYearStart: 1 };
    const view = await open();
    expect(text('date-range')).toBe('2017/01/01 – 2017/12/31');
    click('period-button');
    click('period-kind-year');
    click('period-years-2016');
    await settle();
    expect(search(view)).toBe('?from=2016-01&to=2016-12');
    expect(text('period-name')).toBe('2016');
  });

  it('a fiscal year starting in July: year to date crosses the calendar year, and the fiscal years are offered', async () => {
    periods = { ...periods, fiscalYearStart: 7 };
    const view = await open();
    expect(text('period-name')).toBe('Hittil i regnskapsåret');
    expect(text('date-range')).toBe('2026/07/01 – 2026/10/31');
    click('period-button');
    click('period-kind-fiscalYear');
    expect([...document.querySelectorAll('[data-testid^="period-fiscal-years-"]')].map((b) => b.textContent)).toEqual([
      '2026/27',
      '2025/26',
      '2024/25',
      '2023/24',
    ]);
    click('period-fiscal-years-2025-26');
    await settle();
    expect(search(view)).toBe('?from=2025-07&to=2026-06');
    expect(text('period-name')).toBe('Regnskapsår 2025/26');
  });

  it('an editor sets where the fiscal year starts, and year to date follows it', async () => {
    await open();
    click('period-button');
    const select = byTestId('period-fiscal-start') as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '7' } });
    await settle();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      url: '/api/group-account/b1',
      method: 'PUT',
      body: { fiscalYearStart: 7 },
    });
    // The board's periods are asked again, and year to date follows the new fiscal year.
    expect(text('date-range')).toBe('2026/07/01 – 2026/10/31');
  });

  it("offers the fiscal year the board's file says in one click, and no more once it is the setting", async () => {
    periods = { ...periods, sourceFiscalYearStart: 5 };
    await open();
    click('period-button');
    expect(text('period-fiscal-detected')).toBe(
      'Filen fra regnskapssystemet teller periodene fra mai. Regnskapsåret starter i mai',
    );
    click('period-fiscal-use');
    await settle();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      url: '/api/group-account/b1',
      method: 'PUT',
      body: { fiscalYearStart: 5 },
    });
    // Year to date follows the fiscal year from May; the offer is gone, the setting says May.
    expect(text('date-range')).toBe('2026/05/01 – 2026/10/31');
    expect(byTestId('period-fiscal-detected')).toBeNull();
    expect((byTestId('period-fiscal-start') as HTMLSelectElement).value).toBe('5');
  });

  it('offers nothing to a viewer, or where no file says a fiscal year', async () => {
    periods = { ...periods, sourceFiscalYearStart: 5 };
    await open('/dashboard', false);
    click('period-button');
    expect(byTestId('period-fiscal-detected')).toBeNull();
    cleanup();
    periods = { ...periods, sourceFiscalYearStart: null };
    await open();
    click('period-button');
    expect(byTestId('period-fiscal-detected')).toBeNull();
  });

  it('a viewer sees the fiscal year, with nothing to change', async () => {
    await open('/dashboard', false);
    click('period-button');
    expect(byTestId('period-fiscal-start')).toBeNull();
    expect(text('period-fiscal-start-text')).toBe('januar');
  });

  it('compares with last year through the address, and names everything in English', async () => {
    const view = await open('/dashboard?from=2026-04&to=2026-06');
    fireEvent.change(byTestId('compare-select')!, { target: { value: 'lastYear' } });
    await settle();
    expect(search(view)).toBe('?from=2026-04&to=2026-06&compare=lastYear');
    expect(text('shown')).toBe('2026-04-01|2026-06-30|lastYear');
    await act(() => i18n.changeLanguage('en'));
    expect(text('period-name')).toBe('Q2 2026');
    expect(byTestId('range-ytd')?.textContent).toBe('Year to date');
    expect([...(byTestId('compare-select') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'No comparison',
      'Previous period',
      'Same period last year',
    ]);
  });

  it('a custom range is typed as yyyy/mm/dd and counts the whole months it touches', async () => {
    const view = await open();
    click('period-button');
    click('period-kind-custom');
    const from = byTestId('period-from')!.querySelector('input')!;
    const to = byTestId('period-to')!.querySelector('input')!;
    expect(from.value).toBe('2026/01/01');
    expect(from.placeholder).toBe('åååå/mm/dd');
    typeInto(to, '2026/02/30');
    click('period-apply');
    expect(text('period-custom-error')).toBe('Skriv to datoer som åååå/mm/dd, den første ikke etter den andre.');
    typeInto(from, '2025/11/15');
    typeInto(to, '2026-03-10');
    expect(text('period-whole-months')).toBe('Rapportene regner hele måneder: 2025/11/01 – 2026/03/31.');
    click('period-apply');
    await settle();
    expect(search(view)).toBe('?from=2025-11&to=2026-03');
    expect(text('period-name')).toBe('Egendefinert');
  });

  it("reads an older link's year as that year", async () => {
    await open('/dashboard?year=2025');
    expect(text('date-range')).toBe('2025/01/01 – 2025/12/31');
    expect(byTestId('range-lastYear')?.getAttribute('aria-pressed')).toBe('true');
  });

  it("waits for the board's last booked month before a relative period is shown; a fixed one needs no wait", async () => {
    renderRoutes([{ path: '/dashboard', element: <Page /> }], '/dashboard');
    expect(text('shown')).toBe('waiting');
    await settle();
    expect(text('shown')).toBe('2026-01-01|2026-10-31|');
    cleanup();
    renderRoutes([{ path: '/dashboard', element: <Page /> }], '/dashboard?from=2025-01&to=2025-12');
    expect(text('shown')).toBe('2025-01-01|2025-12-31|');
  });
});

describe('the date field of the custom range', () => {
  it('opens a calendar on its date, moves by keys, and Escape closes only the calendar', async () => {
    await open('/dashboard?from=2026-04&to=2026-06');
    click('period-button');
    click('period-kind-custom');
    const opener = byTestId('period-to-calendar')!;
    act(() => opener.click());
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(text('calendar-caption')).toBe('juni 2026');
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-06-30');
    key('ArrowLeft');
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-06-29');
    key('ArrowUp');
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-06-22');
    key('PageDown');
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-07-22');
    expect(text('calendar-caption')).toBe('juli 2026');
    key('Home');
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-07-20');
    key('Escape');
    expect(byTestId('calendar')).toBeNull();
    expect(byTestId('period-picker')).not.toBeNull();
    expect(document.activeElement).toBe(opener);
    // Picked: the field shows the day as yyyy/mm/dd.
    act(() => opener.click());
    key('ArrowRight');
    await activate();
    expect(byTestId('period-to')!.querySelector('input')!.value).toBe('2026/07/01');
    expect(document.activeElement).toBe(opener);
  });
});
