/**
 * Takes the screenshots of README.md and docs/ from the built product (issue 31), as the welcome video
 * is made: the built server on a fresh data folder with its demo user and board, Debian's Chromium, the
 * Norwegian UI. Writes docs/img/<file>.png for every entry of doc-shots.ts and docs/img/manifest.json
 * with the hash of each picture and of the sources it shows; a unit test fails when those sources change
 * afterwards (server/test-tools/repo-rules/doc-screenshots.test.ts). To take them again:
 *   npm run build && npm run docs:screenshots
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { launchChromium, repoRoot, startBuiltServer } from './built-server.ts';
import {
  DOC_SHOTS,
  DOCS_IMG,
  type DocShot,
  fileHash,
  MANIFEST,
  type Manifest,
  sourceFiles,
  sourcesHash,
} from './doc-shots.ts';

const DEMO = { email: 'demo@saldo.no', password: 'Demo1234' };
const imgDir = join(repoRoot, DOCS_IMG);

// The manifest says the pictures show the sources as they are now, so the build must not be older than them
// (here, on the machine that builds, modification times are a fair guard).
const built = statSync(join(repoRoot, 'portal/dist/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0;
const newer = sourceFiles(
  repoRoot,
  DOC_SHOTS.flatMap((s) => s.sources),
).filter((f) => statSync(join(repoRoot, f)).mtimeMs > built);
if (newer.length > 0) {
  console.error(
    `The built portal is older than ${newer.slice(0, 3).join(', ')}${newer.length > 3 ? ', …' : ''}: npm run build first`,
  );
  process.exit(1);
}

const { base, stop } = await startBuiltServer('docs');
const browser = await launchChromium();
const page = await browser.newPage({
  viewport: { width: 1280, height: 800 },
  locale: 'nb-NO',
  timezoneId: 'Europe/Oslo',
});

/** Notifications and the welcome card would sit over what a picture is about. */
async function quiet(p: Page) {
  const card = p.getByTestId('welcome-dismiss');
  if (await card.isVisible().catch(() => false)) await card.click();
  await p.getByTestId('notification').first().waitFor({ state: 'detached', timeout: 10_000 });
}

async function dashboardReady(p: Page) {
  await p.getByTestId('dashboard').waitFor();
  await p.locator('saldo-top-customers [part~="row"]').first().waitFor({ timeout: 120_000 });
  await p.locator('saldo-profit-loss [part~="result-row"]').first().waitFor({ timeout: 60_000 });
}

await page.goto(`${base}/login`);
await page.getByTestId('lang-nor').click();
await page.locator('input[name="email"]').fill(DEMO.email);
await page.locator('input[name="password"]').fill(DEMO.password);
await page.locator('button[type="submit"]').click();
await dashboardReady(page);
await page.goto(`${base}/group`);
await page.getByTestId('boards-page-embed').first().click();
await page.waitForURL(/\/group\/[^/]+\/embed$/);
const board = new URL(page.url()).pathname.split('/')[2]!;

/** How each screen is brought to the state its picture shows. */
const prepare: Record<string, (p: Page) => Promise<void>> = {
  'dashboard.png': dashboardReady,
  'phone-dashboard.png': dashboardReady,
  'profit-loss.png': async (p) => {
    await p.getByTestId('range-lastYear').click();
    await p.locator('saldo-profit-loss [part~="result-row"][data-line="result"]').waitFor({ timeout: 60_000 });
  },
  'sources.png': async (p) => {
    await p.getByTestId('api-account-list').waitFor();
  },
  'embed-keys.png': async (p) => {
    await p.getByTestId('embed-board-id').waitFor();
    const form = p.getByTestId('embed-key-form');
    await form.getByTestId('embed-key-name').fill('Partnerside');
    await form.getByTestId('embed-key-origins').fill('https://app.partner.example');
    await form.getByTestId('embed-key-create').click();
    await p.getByTestId('embed-key-done').click();
    await p.getByTestId('embed-key').first().waitFor();
  },
};

async function take(shot: DocShot) {
  const ready = prepare[shot.file];
  if (!ready) throw new Error(`doc-shots.ts lists ${shot.file}, which this script does not know how to take`);
  await page.setViewportSize(shot.viewport);
  await page.goto(`${base}${shot.path.replace('{board}', board)}`);
  await ready(page);
  await quiet(page);
  // Charts settle and fonts load after the data.
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(imgDir, shot.file), fullPage: shot.fullPage ?? false });
}

mkdirSync(imgDir, { recursive: true });
for (const old of readdirSync(imgDir)) if (old.endsWith('.png')) rmSync(join(imgDir, old));
const manifest: Manifest = {};
for (const shot of DOC_SHOTS) {
  await take(shot);
  manifest[shot.file] = {
    alt: shot.alt,
    sources: shot.sources,
    sourcesHash: sourcesHash(repoRoot, shot.sources),
    imageHash: fileHash(join(imgDir, shot.file)),
  };
  console.log(`${DOCS_IMG}/${shot.file}`);
}
writeFileSync(join(repoRoot, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${MANIFEST}: ${DOC_SHOTS.length} pictures`);
await browser.close();
stop();
