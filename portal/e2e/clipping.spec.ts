import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { findClips, report } from './clipping';
import { expect, test } from './csp';
import { type Ids, prepare, walkAsVisitors } from './route-list';

/**
 * Nothing a person needs to read is cut off (issue 27): every route of the spec and every SDK element
 * (each story of the built Storybook, and each again in a partner's 300 px column) at 390, 768 and
 * 1440 px, with the dashboard's panels opened one by one (share panel, period picker, board and
 * profile menus, export dialog). clipping.ts says what counts as clipped. Every finding is collected,
 * so one run names them all.
 */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
] as const;

let ids: Ids;
test.beforeAll(async ({ request }) => {
  ids = await prepare(request, 'Klippetest');
});

async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"], .loading-block')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  // Elements draw after their data arrives; two frames let the last layout land.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function visit(page: Page, route: string, testId: string, label: string, problems: string[]) {
  const t0 = Date.now();
  await page.goto(route);
  await expect(page.getByTestId(testId), route).toBeVisible();
  await settle(page);
  const t1 = Date.now();
  problems.push(...report(label, await findClips(page)));
  if (process.env.CLIP_DEBUG) console.info(`${label}: load ${t1 - t0} ms, check ${Date.now() - t1} ms`);
}

/** The dashboard's panels, each opened, checked and closed; every one of them must open. */
const PANELS: Array<[button: string, panel: string]> = [
  ['share-button', 'share-panel'],
  ['period-button', 'period-picker'],
  ['board-dropdown-button', 'board-dropdown'],
  ['profile-menu-button', 'profile-dropdown'],
  ['export-button', 'export-dialog'],
];

async function panels(page: Page, width: number, problems: string[]) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  for (const [button, panel] of PANELS) {
    let opener = page.getByTestId(button);
    if (!(await opener.isVisible()) && (await page.getByTestId('menu-button').isVisible())) {
      // On a phone some openers live in the menu drawer.
      await page.getByTestId('menu-button').click();
      opener = page.getByTestId(button);
    }
    if (process.env.CLIP_DEBUG) console.info(`${width} px: opening ${panel}`);
    await expect(opener, `${width} px: ${button}`).toBeVisible();
    await opener.click();
    const opened = page
      .locator(
        `[data-testid="${panel}"] .dropdown__panel, [data-testid="${panel}"][role="dialog"], [role="dialog"]:visible`,
      )
      .first();
    await expect(opened, `${width} px: ${panel}`).toBeVisible();
    await settle(page);
    problems.push(...report(`${width} px /dashboard (${panel} open)`, await findClips(page)));
    await page.keyboard.press('Escape');
    if (await opened.isVisible()) {
      await page.goto('/dashboard');
      await expect(page.getByTestId('dashboard')).toBeVisible();
    }
  }
}

for (const size of WIDTHS) {
  test(`every route and panel at ${size.width} px: no figure or label cut off`, async ({ page }) => {
    test.setTimeout(480_000);
    await page.setViewportSize(size);
    const problems: string[] = [];
    await walkAsVisitors(page, ids, {
      landing: 'dashboard',
      visit: (address, testId, route) => visit(page, address, testId, `${size.width} px ${route}`, problems),
      demoLast: () => panels(page, size.width, problems),
    });
    expect(problems).toEqual([]);
  });
}

// The SDK's elements, from the built Storybook served as static files (as storybook.spec.ts does).
const storybook = resolve(import.meta.dirname, '../../storybook/storybook-static');

function serve(dir: string): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.json': 'application/json',
    '.css': 'text/css',
  };
  const server = createServer((req, res) => {
    let file = normalize(join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': `${types[extname(file)] ?? 'application/octet-stream'}; charset=utf-8` });
    createReadStream(file).pipe(res);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

test('every SDK element at 390, 768 and 1440 px and in a 300 px column: no figure or label cut off', async ({
  page,
}) => {
  test.setTimeout(480_000);
  // The Storybook is part of `npm run build`; without it this check has nothing to look at and fails.
  expect(existsSync(join(storybook, 'index.json')), 'storybook-static is built').toBe(true);
  const server = await serve(storybook);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const index = JSON.parse(readFileSync(join(storybook, 'index.json'), 'utf8')) as {
    entries: Record<string, { id: string; type: string }>;
  };
  // Every story but the loading ones (nothing to cut) and the dark twins (the same layout).
  const stories = Object.values(index.entries)
    .filter((e) => e.type === 'story' && !/--(loading|dark|error-english-dark)$/.test(e.id))
    .map((e) => e.id);
  expect(stories.length).toBeGreaterThan(40);
  const problems: string[] = [];
  try {
    for (const id of stories) {
      await page.setViewportSize(WIDTHS[2]);
      await page.goto(`${base}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`);
      await page.waitForFunction(() => {
        const el = [...document.querySelectorAll('#storybook-root *')].find((e) => e.localName.startsWith('saldo-'));
        return !!el?.shadowRoot && !el.shadowRoot.querySelector('[role="status"][aria-busy="true"]');
      });
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await settle(page);
        problems.push(...report(`${id} at ${size.width} px`, await findClips(page)));
      }
      // A partner's narrow column: the element in 300 px beside the page's other content.
      await page.evaluate(() => {
        const el = [...document.querySelectorAll('#storybook-root *')].find((e) => e.localName.startsWith('saldo-'));
        (el as HTMLElement).style.width = '300px';
      });
      await settle(page);
      problems.push(...report(`${id} in a 300 px column`, await findClips(page)));
    }
  } finally {
    await new Promise<void>((done) => server.close(() => done()));
  }
  expect(problems).toEqual([]);
});
