import { test as base, expect } from '@playwright/test';

/**
 * Playwright's `test`, with every page watched for Content-Security-Policy violations: the server
 * sends a strict CSP (server/src/http/security-headers.ts), and a page that breaks it would lose a
 * script, a style or an image without anyone noticing. Chromium logs each violation to the console;
 * the `securitypolicyviolation` listener also catches those inside the SDK's shadow roots. A test that
 * saw one fails, naming it.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/content.security.policy/i.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener(
          'securitypolicyviolation',
          (e) => console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
          true,
        );
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
