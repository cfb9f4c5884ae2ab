import type { TopListItem } from '@saldo/contract';
import { errors } from '@saldo/contract/errors/errors';
import { DATA_NOTICE_HEADER } from '@saldo/contract/sources/data-health';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../register';
import type { SaldoBalanceSheet } from '../reports/balance-sheet/balance-sheet';
import type { SaldoCashFlow } from '../reports/cash-flow/cash-flow';
import { jsonResponse, settle, topCustomers } from '../testing/fixtures';
import type { SaldoTopCustomers } from '../widgets/top-customers/top-customers';
import { configure, resetConfig } from './api-client';

/** A fetch whose data responses the test releases one by one, per board. */
function controlledFetch() {
  const pending = new Map<string, (res: Response) => void>();
  const requested: string[] = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const board = new Headers(init?.headers).get('x-board-id') ?? '';
    requested.push(String(input));
    return new Promise<Response>((resolve) => pending.set(board, resolve));
  }) as typeof globalThis.fetch;
  const respond = (board: string, res: Response) => {
    const resolve = pending.get(board);
    if (!resolve) throw new Error(`no request for ${board}`);
    resolve(res);
  };
  return { fetch, respond, requested };
}

/** An element on the page (a top list unless `tag` names another) with `attrs`, once it has updated. */
async function create<E extends HTMLElement & { updateComplete: Promise<boolean> } = SaldoTopCustomers>(
  attrs: Record<string, string>,
  tag = 'saldo-top-customers',
): Promise<E> {
  const el = document.createElement(tag) as E;
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  document.body.append(el);
  await el.updateComplete;
  return el;
}

function shadowText(el: HTMLElement, selector: string): string | undefined {
  return el.shadowRoot?.querySelector(selector)?.textContent ?? undefined;
}

beforeEach(() => resetConfig());
afterEach(() => {
  document.body.innerHTML = '';
});

describe('SaldoElement', () => {
  it('maps attributes to properties and reflects the theme', async () => {
    configure({ fetch: controlledFetch().fetch });
    const el = await create({ board: 'b1', from: '2026-01-01', to: '2026-12-31', view: 'table' });
    expect([el.board, el.from, el.to, el.view, el.lang]).toEqual(['b1', '2026-01-01', '2026-12-31', 'table', 'nor']);
    el.setAttribute('lang', 'en');
    expect(el.lang).toBe('en');
    el.theme = 'dark';
    await el.updateComplete;
    expect(el.getAttribute('theme')).toBe('dark');
  });

  it('asks for the current calendar year when from and to are missing', async () => {
    const { fetch, requested } = controlledFetch();
    configure({ fetch });
    await create({ board: 'b1' });
    const year = new Date().getFullYear();
    expect(requested).toEqual([
      `/api/widgets/top-ten/customers?groupId=b1&startDate=${year}-01-01&endDate=${year}-12-31`,
    ]);
  });

  it('does not fetch without a board', async () => {
    const { fetch, requested } = controlledFetch();
    configure({ fetch });
    const el = await create({ from: '2026-01-01' });
    expect(requested).toEqual([]);
    expect(el.state.status).toBe('idle');
  });

  it('shows loading, then the data, and fires saldo-ready', async () => {
    const { fetch, respond, requested } = controlledFetch();
    configure({ fetch });
    const ready: unknown[] = [];
    document.addEventListener('saldo-ready', (e) => ready.push((e as CustomEvent).detail), { once: true });
    const el = await create({ board: 'b1', from: '2026-01-01', to: '2026-12-31', lang: 'en' });
    expect(requested).toEqual(['/api/widgets/top-ten/customers?groupId=b1&startDate=2026-01-01&endDate=2026-12-31']);
    expect(shadowText(el, '[role="status"]')).toContain('Loading');
    respond('b1', jsonResponse(topCustomers));
    await settle();
    await el.updateComplete;
    expect(el.state.status).toBe('data');
    expect(el.shadowRoot?.querySelectorAll('[part="row"]')).toHaveLength(3);
    expect(ready).toEqual([topCustomers]);
  });

  it('ignores a response that a newer request superseded', async () => {
    const { fetch, respond } = controlledFetch();
    configure({ fetch });
    const ready: TopListItem[][] = [];
    document.addEventListener('saldo-ready', (e) => ready.push((e as CustomEvent<TopListItem[]>).detail));
    const el = await create({ board: 'old' });
    el.board = 'new';
    await el.updateComplete;
    respond('new', jsonResponse([topCustomers[1]]));
    await settle();
    respond('old', jsonResponse(topCustomers));
    await settle();
    await el.updateComplete;
    expect(el.state).toEqual({ status: 'data', data: [topCustomers[1]] });
    expect(ready).toEqual([[topCustomers[1]]]);
  });

  it('shows the empty state for an empty list', async () => {
    const { fetch, respond } = controlledFetch();
    configure({ fetch });
    const el = await create({ board: 'b1' });
    respond('b1', jsonResponse([]));
    await settle();
    await el.updateComplete;
    expect(el.state.status).toBe('empty');
    expect(shadowText(el, '[role="status"]')).toBe('Ingen data for perioden');
  });

  it('shows the translated error and fires a composed saldo-error', async () => {
    const { fetch, respond } = controlledFetch();
    configure({ fetch });
    const host = document.createElement('div');
    document.body.append(host);
    const errorsSeen: CustomEvent[] = [];
    host.addEventListener('saldo-error', (e) => errorsSeen.push(e as CustomEvent));
    const el = document.createElement('saldo-top-customers');
    el.board = 'b1';
    host.append(el);
    await el.updateComplete;
    respond('b1', jsonResponse({ code: 'BOARD_NOT_FOUND', message: 'Board not found' }, 404));
    await settle();
    await el.updateComplete;
    expect(shadowText(el, '[role="alert"]')).toBe(errors.BOARD_NOT_FOUND.no);
    expect(errorsSeen).toHaveLength(1);
    expect(errorsSeen[0]?.composed).toBe(true);
    expect(errorsSeen[0]?.detail).toEqual({ code: 'BOARD_NOT_FOUND', message: 'Board not found', status: 404 });
  });

  it('report elements ask for the comparison and fetch again when it changes', async () => {
    const { fetch, requested } = controlledFetch();
    configure({ fetch });
    const attrs = { board: 'b1', from: '2026-01-01', to: '2026-06-30', compare: 'lastYear' };
    const el = await create<SaldoCashFlow>(attrs, 'saldo-cash-flow');
    el.compare = 'previous';
    await el.updateComplete;
    el.removeAttribute('compare');
    await el.updateComplete;
    expect(requested).toEqual([
      '/api/cashflow?groupId=b1&startDate=2026-01-01&endDate=2026-06-30&compare=lastYear',
      '/api/cashflow?groupId=b1&startDate=2026-01-01&endDate=2026-06-30&compare=previous',
      '/api/cashflow?groupId=b1&startDate=2026-01-01&endDate=2026-06-30',
    ]);
  });

  it("a balance sheet asks for last year's end (compare=yearEnd) as it is set", async () => {
    const { fetch, requested } = controlledFetch();
    configure({ fetch });
    const attrs = { board: 'b1', from: '2026-01-01', to: '2026-10-31', compare: 'yearEnd' };
    const el = await create<SaldoBalanceSheet>(attrs, 'saldo-balance-sheet');
    // A value that is no comparison asks for none.
    el.setAttribute('compare', 'yearStart');
    await el.updateComplete;
    expect(requested).toEqual([
      '/api/balance-sheet?groupId=b1&startDate=2026-01-01&endDate=2026-10-31&compare=yearEnd',
      '/api/balance-sheet?groupId=b1&startDate=2026-01-01&endDate=2026-10-31',
    ]);
  });

  it('defines every report tag', () => {
    expect(customElements.get('saldo-profit-loss')).toBeDefined();
    expect(customElements.get('saldo-balance-sheet')?.name).toBe('SaldoBalanceSheet');
    expect(customElements.get('saldo-cash-flow')?.name).toBe('SaldoCashFlow');
  });

  it('fires saldo-drill with the clicked customer', async () => {
    const { fetch, respond } = controlledFetch();
    configure({ fetch });
    const el = await create({ board: 'b1' });
    respond('b1', jsonResponse(topCustomers));
    await settle();
    await el.updateComplete;
    const drills: unknown[] = [];
    el.addEventListener('saldo-drill', (e) => drills.push((e as CustomEvent).detail));
    el.shadowRoot?.querySelector<HTMLButtonElement>('[part="row"] button')?.click();
    // Without from/to, the figure's period is this calendar year, as the element fetched it.
    const year = new Date().getFullYear();
    expect(drills).toEqual([
      {
        kind: 'customer',
        origin: 'top-customers',
        id: 'c1',
        name: 'Fjord Fisk AS',
        title: 'Fjord Fisk AS',
        from: `${year}-01-01`,
        to: `${year}-12-31`,
        party: { kind: 'customer', id: 'c1' },
        accounts: '3000-3999',
        sign: -1,
      },
    ]);
  });
});

describe('the data notice', () => {
  const withNotice = (value: string | null) => {
    const res = jsonResponse(topCustomers);
    if (value !== null) res.headers.set(DATA_NOTICE_HEADER, value);
    return res;
  };

  it('shows a small notice when the data answer says its figures rest on a source with errors, with no call of its own', async () => {
    const { fetch, respond, requested } = controlledFetch();
    configure({ fetch });
    const el = await create({ board: 'flawed', from: '2026-01-01', to: '2026-12-31', lang: 'en' });
    respond('flawed', withNotice('true'));
    await settle();
    await el.updateComplete;
    expect(requested).toEqual([
      '/api/widgets/top-ten/customers?groupId=flawed&startDate=2026-01-01&endDate=2026-12-31',
    ]);
    expect(shadowText(el, '[part="data-notice"]')).toBe(
      "These figures rest on a source with errors. The board's owner can see the details under Data health.",
    );
    // A clean board, and a server that does not send the header: no notice, and the data still shows.
    for (const [board, value] of [
      ['clean', 'false'],
      ['old', null],
    ] as const) {
      const other = await create({ board, from: '2026-01-01', to: '2026-12-31' });
      respond(board, withNotice(value));
      await settle();
      await other.updateComplete;
      expect(other.state.status).toBe('data');
      expect(other.shadowRoot?.querySelector('[part="data-notice"]')).toBeNull();
    }
  });

  it('goes with the figures it was said of: a new period starts without it until its own answer', async () => {
    const { fetch, respond } = controlledFetch();
    configure({ fetch });
    const el = await create({ board: 'flawed', from: '2026-01-01', to: '2026-12-31' });
    respond('flawed', withNotice('true'));
    await settle();
    await el.updateComplete;
    expect(el.notice).toBe(true);
    el.setAttribute('from', '2026-06-01');
    await el.updateComplete;
    expect([el.state.status, el.notice]).toEqual(['loading', false]);
    respond('flawed', withNotice('false'));
    await settle();
    await el.updateComplete;
    expect([el.state.status, el.notice]).toEqual(['data', false]);
  });
});
