import type { Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expect, test } from './csp';

/** Runs an inline script, which the server's CSP (`script-src 'self'`) refuses. */
async function breakCsp(page: Page, where: string) {
  await page.goto(`${E2E.saldoUrl}/login?watch=${where}`);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.inline = "ran"';
    document.head.append(script);
  });
  await expect(page.locator('body')).not.toHaveAttribute('data-inline', 'ran');
}

test('the CSP watch sees a violation in every page of every context a journey opens', async ({
  page,
  browser,
  cspViolations,
}) => {
  const seen = (where: string) => cspViolations.filter((v) => v.includes(`watch=${where}`)).length;
  await breakCsp(page, 'own-page');
  await expect.poll(() => seen('own-page')).toBeGreaterThan(0);

  // A second page of the test's own context, a visitor's new context, and browser.newPage().
  await breakCsp(await page.context().newPage(), 'second-page');
  await expect.poll(() => seen('second-page')).toBeGreaterThan(0);
  const visitor = await browser.newContext();
  try {
    await breakCsp(await visitor.newPage(), 'new-context');
    await expect.poll(() => seen('new-context')).toBeGreaterThan(0);
  } finally {
    await visitor.close();
  }
  const single = await browser.newPage();
  try {
    await breakCsp(single, 'new-page');
    await expect.poll(() => seen('new-page')).toBeGreaterThan(0);
  } finally {
    await single.close();
  }

  // These were made on purpose; any other would still fail this test when it ends.
  cspViolations.length = 0;
});
