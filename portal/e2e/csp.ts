import { type BrowserContext, test as base, expect } from '@playwright/test';

/** Collects the CSP violations of every page of `context`, those open now and those it opens later. */
async function watch(context: BrowserContext, violations: string[]): Promise<void> {
  context.on('console', (message) => {
    if (/content.security.policy/i.test(message.text()))
      violations.push(`${message.page()?.url() ?? 'a worker'}: ${message.text()}`);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
      true,
    );
  });
}

/**
 * Playwright's `test`, with every page watched for Content-Security-Policy violations: the server
 * sends a strict CSP (server/src/http/security-headers.ts), and a page that breaks it would lose a
 * script, a style or an image without anyone noticing. Chromium logs each violation to the console;
 * the `securitypolicyviolation` listener also catches those inside the SDK's shadow roots. The watch
 * covers the test's own context and every context the test opens with `browser.newContext()` or
 * `browser.newPage()` (a visitor, an invited user, a partner's page). A test that saw one fails, naming it.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      await watch(context, violations);
      // Browser has no hook that runs before a new context's first page loads, so newContext (which
      // newPage calls too) is wrapped for this test: the watch is in place before the caller gets it.
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const opened = await newContext.call(browser, options);
        await watch(opened, violations);
        return opened;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
