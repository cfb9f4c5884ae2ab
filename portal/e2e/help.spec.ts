import type { Page, TestInfo } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expect, test } from './csp';
import { DEMO, dismissWelcome, loginThroughForm } from './session';

/** Issue 17's help menu: the API reference, feedback by mail, What's new, and the welcome video. */

async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await page.waitForTimeout(300); // let transitions settle
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function logIn(page: Page) {
  await loginThroughForm(page, DEMO, '/login', 'nor');
  await expect(page.getByTestId('current-board-name')).toBeVisible();
  await dismissWelcome(page);
}

/** What the reference page keeps of Swagger UI on `window` (docs/routes.ts). */
interface SwaggerWindow {
  ui: { specSelectors: { operations(): { size: number } } };
}

test('the API reference at /api/docs renders the OpenAPI document under its CSP, from this server only', async ({
  page,
}, testInfo) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(E2E.saldoUrl) && !request.url().startsWith('data:')) outside.push(request.url());
  });
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Swagger UI parses and renders ~100 operations: on a loaded 2-core machine that outlasts the default 5 s.
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Saldo API', { timeout: 30_000 });
  // Every route of the document is read, and every tag listed (collapsed: with 130 operations expanded
  // at once, Swagger UI rendered only the first three tags); a tag opens on its routes.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as SwaggerWindow).ui.specSelectors.operations().size))
    .toBeGreaterThan(80);
  // As many tags as the served document names (each API topic is one; new topics add theirs).
  const doc = (await (await page.request.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  const tags = new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])));
  expect(tags.size).toBeGreaterThan(20);
  await expect(page.locator('.opblock-tag')).toHaveCount(tags.size);
  await page.locator('.opblock-tag[data-tag="api-accounts"]').click();
  await page.locator('.opblock-tag[data-tag="help"]').click();
  await expect(page.locator('.opblock-summary-path[data-path="/api-account/demo"]')).toBeVisible();
  await expect(page.locator('.opblock-summary-path[data-path="/feedback"]')).toBeVisible();
  // An operation opens with its description.
  await page.locator('.opblock-summary-path[data-path="/feedback"]').first().click();
  await expect(page.locator('.opblock.is-open')).toContainText('4000');
  await shoot(page, testInfo, 'help-1-api-docs', false);
  expect(outside, 'requests outside this server').toEqual([]);
});

test('help: the API reference link, feedback mailed to the configured address, What’s new, the welcome video', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await logIn(page);

  // --- the links ---
  await page.getByTestId('profile-menu-button').click();
  await expect(page.getByTestId('help-api-docs')).toHaveAttribute('href', '/api/docs');
  await shoot(page, testInfo, 'help-2-menu', false);

  // --- a bug report ---
  await page.getByTestId('help-bug-report').click();
  const dialog = page.getByTestId('feedback-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Meld en feil');
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-error')).toHaveText('Skriv en melding først');
  const report = `Eksportdialogen mister fokus etter ni Tab-trykk (${Date.now()}).`;
  await page.getByTestId('feedback-message').fill(report);
  await expect(page.getByTestId('feedback-count')).toContainText(`${report.length} av maks 4000 tegn`);
  await shoot(page, testInfo, 'help-3-feedback-form', false);
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-sent')).toContainText('Takk! Meldingen er sendt.');
  await shoot(page, testInfo, 'help-4-feedback-sent', false);
  await page.getByTestId('feedback-done').click();
  await expect(dialog).toHaveCount(0);

  // It reached the configured address, through the same mail as everything else (the local outbox).
  await page.goto('/dev/outbox');
  const mail = page
    .getByTestId('outbox-message')
    .filter({ has: page.getByTestId('outbox-to').getByText(E2E.feedback, { exact: true }) })
    .filter({ hasText: report })
    .first();
  await expect(mail).toBeVisible();
  await expect(mail).toContainText('Saldo: bug report from Demo Bruker');
  // Written on the start page, where the login lands.
  await expect(mail).toContainText(/Page: \/\s+Browser: /);

  // --- What's new: the repository's CHANGELOG.md ---
  await page.goto('/dashboard');
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('help-whats-new').click();
  await expect(page).toHaveURL(/\/whats-new$/);
  const changelog = page.getByTestId('changelog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hva er nytt');
  // Written for users in their language (issue 27), not the developers' changelog.
  await expect(changelog.locator('h2').first()).toHaveText('Siste nytt');
  expect(await changelog.locator('h2').count()).toBeGreaterThan(2);
  await expect(changelog).toContainText('veiviser');
  await expect(changelog).not.toContainText('*');
  await shoot(page, testInfo, 'help-5-whats-new');

  // --- the welcome video: the file plays, at the spec's height, with captions in the UI's language ---
  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('help-video').click();
  const player = page.getByTestId('welcome-video-player');
  await expect(player).toBeVisible();
  await expect(page.getByTestId('welcome-video-fallback')).toHaveCount(0);
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  const facts = await player.evaluate((v: HTMLVideoElement) => ({
    duration: v.duration,
    width: v.videoWidth,
    height: v.videoHeight,
    // Layout height, not the painted box: a dialog opening transition can scale the painted box by a hair.
    shown: v.offsetHeight,
    tracks: [...v.textTracks].map((t) => ({ lang: t.language, mode: t.mode })),
  }));
  expect(facts.duration).toBeGreaterThan(20);
  expect([facts.width, facts.height]).toEqual([1280, 800]);
  expect(facts.shown).toBe(400);
  expect(facts.tracks).toEqual([
    { lang: 'nb', mode: 'showing' },
    { lang: 'en', mode: 'disabled' },
  ]);
  // Past its first seconds, the frame is the product and the caption its Norwegian words.
  await player.evaluate(async (v: HTMLVideoElement) => {
    v.currentTime = 6;
    await new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
  });
  await expect
    .poll(() =>
      player.evaluate((v: HTMLVideoElement) => [...(v.textTracks[0]?.activeCues ?? [])].map((c) => (c as VTTCue).text)),
    )
    .toEqual([expect.stringContaining('Kom i gang')]);
  await shoot(page, testInfo, 'help-6-welcome-video', false);
});
