import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './csp';
import { type Ids, prepare, walkAsVisitors } from './route-list';

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
      .map((node) => `${node.target.join(' >>> ')}${node.any[0]?.message ? ` (${node.any[0].message})` : ''}`)
      .join(' | ');
    problems.push(`${label}: ${violation.id} (${violation.impact}, ${violation.nodes.length}×) ${where}`);
  }
  await page.screenshot({ path: info.outputPath(`${viewport}-${slug(label)}.png`), fullPage: true });
}

async function open(page: Page, route: string, testId: string) {
  await page.goto(route);
  await expect(page.getByTestId(testId), route).toBeVisible();
}

/** The phone's menu: a drawer over the page that keeps the focus, stays open over a reload, closes on a choice. */
async function phoneDrawer(page: Page, info: TestInfo, problems: string[]) {
  await page.goto('/dashboard');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).not.toBeInViewport();
  await page.getByTestId('menu-button').click();
  await expect(sidebar).toBeInViewport();
  await expect(sidebar).toHaveAttribute('role', 'dialog');
  await check(page, info, 'phone', '/dashboard (menu open)', problems);
  await page.reload();
  await expect(page.getByTestId('sidebar')).toBeInViewport();
  await page.getByTestId('nav-ProfitLoss').click();
  await expect(page.getByTestId('report-page-profit')).toBeVisible();
  await expect(page.getByTestId('sidebar')).not.toBeInViewport();
  await expect(page.getByTestId('menu-button')).toHaveAttribute('aria-expanded', 'false');
  // One screen of the dashboard on a phone, for a person to look at (docs/img/phone-dashboard.png is taken by
  // `npm run docs:screenshots`, held current by doc-screenshots.test.ts).
  await page.goto('/dashboard');
  await expect(page.locator('saldo-top-customers [part~="row"]').first()).toBeVisible();
  await settle(page);
  await page.screenshot({ path: info.outputPath('phone-dashboard-screen.png') });
}

/** The folded sidebar stays folded from page to page and over a reload. */
async function foldedSidebar(page: Page) {
  await page.goto('/dashboard');
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('shell')).toHaveClass(/shell--collapsed/);
  await page.goto('/profit');
  await expect(page.getByTestId('shell')).toHaveClass(/shell--collapsed/);
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('shell')).not.toHaveClass(/shell--collapsed/);
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test(`every route fits a ${viewport.name} and passes axe`, async ({ page }, info) => {
      test.setTimeout(600_000);
      const problems: string[] = [];
      await walkAsVisitors(page, ids, {
        landing: 'dashboard',
        visit: async (address, testId, route) => {
          await open(page, address, testId);
          await check(page, info, viewport.name, route, problems);
        },
        demoLast: () => (viewport.name === 'phone' ? phoneDrawer(page, info, problems) : foldedSidebar(page)),
      });
      expect(problems).toEqual([]);
    });
  });
}
