import '@saldo/sdk/register';
import { DATA_NOTICE_HEADER } from '@saldo/contract/sources/data-health';
import { configure, type SaldoElement } from '@saldo/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createStartupRequests, PREFETCH_TTL_MS, placeKey } from './startup-requests';

/**
 * The SDK's real elements on a page, with the portal's start-up fetch between them and the network:
 * what the dashboard's elements asked for is asked for again at the next start-up, and the elements
 * take those answers instead of asking twice.
 */

type Sent = { url: string; headers: Record<string, string> };

function harness(pathname = '/dashboard', search = '') {
  const sent: Sent[] = [];
  const store = new Map<string, string>();
  let now = 1_000;
  const place = { pathname, search };
  const who = { user: 'u1' as string | null };
  const network = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    sent.push({ url, headers: Object.fromEntries(new Headers(init?.headers)) });
    if (url.includes('fail')) throw new TypeError('network down');
    if (new Headers(init?.headers).get('authorization') === 'Bearer expired')
      return new Response('{}', { status: 401 });
    const body = { total: sent.length, months: [], customers: 0 };
    // Every answer says its figures rest on a source with errors: the notice travels with a prefetched answer.
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', [DATA_NOTICE_HEADER]: 'true' },
    });
  };
  const startup = createStartupRequests({
    fetch: network as typeof fetch,
    storage: { getItem: (key) => store.get(key) ?? null, setItem: (key, value) => void store.set(key, value) },
    location: () => place,
    now: () => now,
    user: () => who.user,
  });
  configure({ baseUrl: '', getToken: () => 'token-1', fetch: startup.fetch });
  return {
    sent,
    store,
    startup,
    place,
    who,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

async function element(tag: string, attributes: Record<string, string>) {
  const el = document.createElement(tag) as SaldoElement<unknown>;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  await el.updateComplete;
  await expect.poll(() => el.state.status).toMatch(/data|empty|error/);
  return el;
}

const period = { board: 'b1', from: '2026-01-01', to: '2026-06-30' };

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the dashboard start-up requests', () => {
  it('asks at start-up for what the elements asked for last time, and the elements take those answers', async () => {
    const h = harness();
    await element('saldo-turnover', period);
    await element('saldo-mrr', period);
    const first = h.sent.map((s) => s.url);
    expect(first).toHaveLength(2);

    // The next start-up (a reload): the same two asked for at once, with the headers the SDK sends…
    document.body.innerHTML = '';
    h.sent.length = 0;
    expect(h.startup.prefetch('b1', '', 'token-1').sort()).toEqual([...first].sort());
    expect(h.sent.map((s) => s.url).sort()).toEqual([...first].sort());
    for (const { headers } of h.sent)
      expect(headers).toMatchObject({
        accept: 'application/json',
        'x-board-id': 'b1',
        authorization: 'Bearer token-1',
      });

    // …and the elements, once there, send nothing more: they show the answers already asked for.
    const turnover = await element('saldo-turnover', period);
    await element('saldo-mrr', period);
    expect(h.sent).toHaveLength(2);
    expect(turnover.state).toMatchObject({
      status: 'data',
      data: expect.objectContaining({ total: expect.any(Number) }),
    });
    expect(turnover.notice).toBe(true);

    // An answer is taken once: asking again (a reload of one widget) goes to the network.
    turnover.reload();
    await expect.poll(() => h.sent.length).toBe(3);
  });

  it('a widget gone from the board is not asked for at the start-up after next', async () => {
    const h = harness();
    await element('saldo-turnover', period);
    await element('saldo-mrr', period);
    document.body.innerHTML = '';
    h.startup.prefetch('b1', '', 'token-1');
    // This view shows the turnover only (the MRR was removed); its prefetched answer goes unread.
    await element('saldo-turnover', period);
    const next = h.startup.prefetch('b1', '', 'token-1');
    expect(next.map((url) => new URL(url, 'http://x').pathname)).toEqual(['/api/widgets/turnover']);
  });

  it('keeps each board and address apart, and nothing from other pages', async () => {
    const h = harness('/dashboard', '?period=lastYear');
    await element('saldo-turnover', period);
    expect(h.startup.prefetch('b1', '', 'token-1')).toEqual([]);
    expect(h.startup.prefetch('b2', '?period=lastYear', 'token-1')).toEqual([]);
    expect(h.startup.prefetch('b1', '?period=lastYear', 'token-1')).toHaveLength(1);

    // A report page's elements are the report page's own.
    document.body.innerHTML = '';
    h.place.pathname = '/profit';
    await element('saldo-profit-loss', { ...period, board: 'b3' });
    expect(h.startup.prefetch('b3', '?period=lastYear', 'token-1')).toEqual([]);
    expect(placeKey('b1', '?b=2&a=1')).toBe(placeKey('b1', '?a=1&b=2'));
  });

  it('an answer older than its time is not shown: the element asks anew', async () => {
    const h = harness();
    await element('saldo-turnover', period);
    document.body.innerHTML = '';
    h.startup.prefetch('b1', '', 'token-1');
    h.advance(PREFETCH_TTL_MS + 1);
    h.sent.length = 0;
    await element('saldo-turnover', period);
    expect(h.sent).toHaveLength(1);
  });

  it('a prefetch that failed on the way is asked again when the element asks', async () => {
    const h = harness();
    await element('saldo-turnover', { ...period, board: 'fail' });
    document.body.innerHTML = '';
    h.sent.length = 0;
    h.startup.prefetch('fail', '', 'token-1');
    expect(h.sent).toHaveLength(1);
    const el = await element('saldo-turnover', { ...period, board: 'fail' });
    // The network is down for it both times, so the element shows the error, after asking itself.
    expect(h.sent).toHaveLength(2);
    expect(el.state).toMatchObject({ status: 'error', error: { code: 'BAD_NETWORK' } });
  });

  it('an answer to an expired token is asked again with the element’s token', async () => {
    const h = harness();
    await element('saldo-turnover', period);
    document.body.innerHTML = '';
    h.sent.length = 0;
    h.startup.prefetch('b1', '', 'expired');
    const el = await element('saldo-turnover', period);
    expect(h.sent.map((s) => s.headers.authorization)).toEqual(['Bearer expired', 'Bearer token-1']);
    expect(el.state.status).toBe('data');
  });

  it('an answer asked for one user is not shown to the next one signed in', async () => {
    const h = harness();
    await element('saldo-turnover', period);
    document.body.innerHTML = '';
    h.startup.prefetch('b1', '', 'token-1');
    h.who.user = 'u2';
    h.sent.length = 0;
    await element('saldo-turnover', period);
    expect(h.sent).toHaveLength(1);
  });

  it('a damaged remembered list is dropped, not followed', async () => {
    const h = harness();
    h.store.set('dashboardStartup', JSON.stringify({ b1: 'not a list', b2: [1, 2] }));
    expect(h.startup.prefetch('b1', '', 'token-1')).toEqual([]);
    expect(h.startup.prefetch('b2', '', 'token-1')).toEqual([]);
    await element('saldo-turnover', period);
    expect(h.startup.prefetch('b1', '', 'token-1')).toHaveLength(1);
    h.store.set('dashboardStartup', '{');
    expect(h.startup.prefetch('b1', '', 'token-1')).toEqual([]);
  });
});
