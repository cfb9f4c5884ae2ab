import type { Page, Request } from '@playwright/test';
import { expect, test } from './csp';
import { DEMO, loginThroughForm } from './route-list';

/**
 * The dashboard's start-up is no waterfall: on a reload, the user's profile (menu), the board list (the
 * layouts), the board's periods and the widgets' data are all asked for before any of them has answered,
 * and each widget's data is asked for once. Facts of order, not of time: the browser's request events in
 * the order they happened.
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
/** A widget's data (or its data notice): the SDK's requests name their board in `x-board-id`. */
const isWidgetData = (request: Request) =>
  request.method() === 'GET' && request.headers()['x-board-id'] !== undefined && pathOf(request).startsWith('/api/');

test('a reload of the dashboard asks for profile, boards, periods and every widget’s data together, each once', async ({
  page,
}) => {
  await loginThroughForm(page, DEMO, '/login?redirect=%2Fdashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await widgetsDrawn(page);
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
  const answered = (test: (request: Request) => boolean) =>
    events.flatMap((event, at) => (event.kind === 'answered' && test(event.request) ? [at] : []));

  const profile = (r: Request) => pathOf(r) === '/api/profile/me';
  const boards = (r: Request) => pathOf(r) === '/api/group-account' && r.method() === 'GET';
  const periods = (r: Request) => /^\/api\/group-account\/[^/]+\/periods$/.test(pathOf(r));
  const startup = (r: Request) => profile(r) || boards(r) || periods(r) || isWidgetData(r);

  for (const [name, test] of Object.entries({ profile, boards, periods })) expect(sent(test), name).toHaveLength(1);
  // Each element's data and its data notice, asked for once: the elements took the answers asked for at start-up.
  const widgetUrls = sent(isWidgetData).map((at) => events[at]!.request.url());
  expect(widgetUrls.length).toBeGreaterThanOrEqual(widgetCount);
  expect(new Set(widgetUrls).size, widgetUrls.join('\n')).toBe(widgetUrls.length);

  // All of them were on their way before the first of them came back: none waited on another's answer.
  const firstAnswer = Math.min(...answered(startup));
  const lastSent = Math.max(...sent(startup));
  const order = events
    .filter((event) => startup(event.request))
    .map((event) => `${event.kind} ${pathOf(event.request)}`)
    .join('\n');
  expect(lastSent, order).toBeLessThan(firstAnswer);
});
