import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './csp';
import {
  ADMIN,
  DEMO,
  ensureSuperAdmin,
  fill,
  type Ids,
  loginThroughForm,
  PROTECTED,
  prepare,
  SUPER_ADMIN_ONLY,
  WITHOUT_LOGIN,
} from './route-list';

/**
 * Every route of the spec at a phone's width (390×844) and a desktop's (1440×900): no page is wider
 * than the window, axe finds no serious or critical violation of WCAG 2.2 A/AA, and each page is
 * photographed (test-results/playwright/…/<viewport>-<route>.png). One page and two logins per
 * viewport keep it quick; every problem is collected, so one run names them all.
 */
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let ids: Ids;
test.beforeAll(async ({ request }) => {
  ids = await prepare(request, 'Layouttest');
  await ensureSuperAdmin(request);
});

const slug = (route: string) =>
  route
    .replace(/^\//, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/-$/, '') || 'root';

/** Waits until nothing on the page (the SDK's shadow roots included) still says it is loading. */
async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"], .loading-block')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

/** The page's width, axe's serious and critical findings, and a screenshot; problems are added to `problems`. */
async function check(page: Page, info: TestInfo, viewport: string, label: string, problems: string[]) {
  await settle(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  if (scrollWidth > innerWidth)
    problems.push(`${label}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  for (const violation of violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const where = violation.nodes
      .slice(0, 4)
      .map((node) => node.target.join(' >>> '))
      .join(' | ');
    problems.push(`${label}: ${violation.id} (${violation.impact}, ${violation.nodes.length}×) ${where}`);
  }
  await page.screenshot({ path: info.outputPath(`${viewport}-${slug(label)}.png`), fullPage: true });
}

async function open(page: Page, route: string, testId: string) {
  await page.goto(route);
  await expect(page.getByTestId(testId), route).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`every route fits a ${viewport.name} and passes axe`, async ({ page }, info) => {
      test.setTimeout(600_000);
      const problems: string[] = [];
      for (const [route, testId] of WITHOUT_LOGIN) {
        await open(page, fill(route, ids), testId);
        await check(page, info, viewport.name, route, problems);
      }

      await loginThroughForm(page, DEMO);
      await expect(page.getByTestId('dashboard')).toBeVisible();
      for (const [route, testId] of PROTECTED) {
        await open(page, fill(route, ids), testId);
        await check(page, info, viewport.name, route, problems);
      }

      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await loginThroughForm(page, ADMIN);
      await expect(page.getByTestId('dashboard')).toBeVisible();
      for (const [route, testId] of SUPER_ADMIN_ONLY) {
        await open(page, fill(route, ids), testId);
        await check(page, info, viewport.name, route, problems);
      }
      expect(problems).toEqual([]);
    });
  });
}
