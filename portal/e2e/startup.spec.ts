import type { Page, Request } from '@playwright/test';
import { expect, test } from './csp';
import { DEMO, loginThroughForm } from './session';

/**
 * The dashboard's start-up is no waterfall: on a reload, the user's profile (menu), the board list (the
 * layouts), the board's periods, its budget and the widgets' data are all asked for before any of them has answered,
 * and each widget's data is answered once (the elements take what was asked for at start-up). Facts of
 * order, not of time: the browser's request events in the order they happened.
 */

/** Every SDK element on the board holds its data or its empty state. */
async function widgetsDrawn(page: Page) {
  await expect(page.locator('[data-saldo-widget]').first()).toBeAttached();
  await expect
    .poll(() =>
      page.$$eval('[data-saldo-widget]', (elements) =>
        elements.map((el) => (el as Element & { state?: { status: string } }).state?.status ?? 'none'),
      ),
    )
    .toEqual(expect.arrayContaining(['data']));
  await expect
    .poll(() =>
      page.$$eval('[data-saldo-widget]', (elements) =>
        elements.every((el) =>
          ['data', 'empty'].includes((el as Element & { state?: { status: string } }).state?.status ?? ''),
        ),
      ),
    )
    .toBe(true);
}

type Event = { kind: 'sent' | 'answered'; request: Request };

const pathOf = (request: Request) => new URL(request.url()).pathname;
/** A widget's data: the SDK's requests name their board in `x-board-id`. */
const isWidgetData = (request: Request) =>
  request.method() === 'GET' && request.headers()['x-board-id'] !== undefined && pathOf(request).startsWith('/api/');

/** Logs in through the form, lands on the dashboard and waits until its widgets are drawn. */
async function logInToDrawnDashboard(page: Page) {
  await loginThroughForm(page, DEMO, '/login?redirect=%2Fdashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await widgetsDrawn(page);
}

test('a reload of the dashboard asks for profile, boards, periods, budget and every widget’s data together, each answered once', async ({
  page,
}) => {
  await logInToDrawnDashboard(page);
  const widgetCount = await page.locator('[data-saldo-widget]').count();

  const events: Event[] = [];
  page.on('request', (request) => events.push({ kind: 'sent', request }));
  page.on('requestfinished', (request) => events.push({ kind: 'answered', request }));
  page.on('requestfailed', (request) => events.push({ kind: 'answered', request }));
  await page.reload();
  await widgetsDrawn(page);
  expect(await page.locator('[data-saldo-widget]').count()).toBe(widgetCount);

  const sent = (test: (request: Request) => boolean) =>
    events.flatMap((event, at) => (event.kind === 'sent' && test(event.request) ? [at] : []));
  const profile = (r: Request) => pathOf(r) === '/api/profile/me';
  const boards = (r: Request) => pathOf(r) === '/api/group-account' && r.method() === 'GET';
  const periods = (r: Request) => /^\/api\/group-account\/[^/]+\/periods$/.test(pathOf(r));
  // Whether the board has a budget: the grid waits for it (period/comparisons.ts).
  const budget = (r: Request) => /^\/api\/budgets\/[^/]+$/.test(pathOf(r));
  const startup = (r: Request) => profile(r) || boards(r) || periods(r) || budget(r) || isWidgetData(r);

  // The e2e server's tokens live 4 s, so one may expire on the way: such a call is answered 401 and asked
  // again after the renewal. What counts is each URL's first asking, and its one good answer.
  const statuses = await Promise.all(
    events.map(async (event) => (event.kind === 'answered' ? ((await event.request.response())?.status() ?? 0) : 0)),
  );
  const goodAnswers = (test: (request: Request) => boolean) =>
    events.flatMap((event, at) =>
      event.kind === 'answered' && statuses[at] === 200 && test(event.request) ? [event.request.url()] : [],
    );
  for (const [name, test] of Object.entries({ profile, boards, periods, budget })) {
    expect(sent(test).length, name).toBeGreaterThan(0);
    expect(goodAnswers(test), name).toHaveLength(1);
  }
  // Each element's data answered once: the elements took the answers asked for at start-up.
  const widgetUrls = goodAnswers(isWidgetData);
  expect(widgetUrls.length).toBeGreaterThanOrEqual(widgetCount);
  expect(new Set(widgetUrls).size, widgetUrls.join('\n')).toBe(widgetUrls.length);

  // All of them were on their way before the first of them came back: none waited on another's answer.
  const firstAsked = new Map<string, number>();
  for (const at of sent(startup))
    if (!firstAsked.has(events[at]!.request.url())) firstAsked.set(events[at]!.request.url(), at);
  const firstAnswer = events.findIndex((event) => event.kind === 'answered' && startup(event.request));
  const order = events
    .flatMap((event, at) =>
      startup(event.request) ? [`${event.kind} ${pathOf(event.request)} ${statuses[at] || ''}`] : [],
    )
    .join('\n');
  expect(Math.max(...firstAsked.values()), order).toBeLessThan(firstAnswer);
});

test('each widget shows its data when its own answer arrives, while the others still wait for theirs', async ({
  page,
}) => {
  await logInToDrawnDashboard(page);
  expect(await page.locator('[data-saldo-widget]').count(), 'a board of two widgets or more').toBeGreaterThan(1);

  // Every widget's data is held back on its way from the server but the first one asked for.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let first: string | null = null;
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      const request = route.request();
      if (request.headers()['x-board-id'] === undefined) return route.continue();
      first ??= request.url();
      if (request.url() !== first) await held;
      return route.continue();
    },
  );
  await page.reload();
  const statuses = () =>
    page.$$eval('[data-saldo-widget]', (elements) =>
      elements.map((el) => (el as Element & { state?: { status: string } }).state?.status ?? 'none'),
    );
  await expect
    .poll(async () => (await statuses()).some((status) => status === 'data' || status === 'empty'))
    .toBe(true);
  // One element shows its answer; the others still say they are loading: no gate waits for all of them.
  expect(await statuses()).toContain('loading');
  release();
  await widgetsDrawn(page);
});
