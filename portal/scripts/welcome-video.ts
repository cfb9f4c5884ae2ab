/**
 * Makes the welcome video (portal/public/welcome.mp4) and its captions (welcome.nb.vtt, welcome.en.vtt)
 * from screenshots of the product: it starts the built server on a fresh data folder, walks a new
 * user's first minutes in Debian's Chromium (sign up, the guided start, the demo company, the
 * dashboard, reports, drill-down, sharing, export, sources and help), and joins the screenshots with
 * ffmpeg into a silent H.264 clip with cross-fades. The captions carry the words, in both languages.
 *
 * The files are committed, so neither CI nor `npm start` needs ffmpeg. To make them again:
 *   npm run build && npm run welcome-video -w @saldo/portal
 * Needs ffmpeg (`apt-get install ffmpeg`) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { launchChromium, repoRoot, startBuiltServer } from './built-server.ts';

const publicDir = join(repoRoot, 'portal/public');
const WIDTH = 1280;
const HEIGHT = 800;
/** Seconds each scene is shown, and the cross-fade between two. */
const SCENE_SECONDS = 4.5;
const FADE_SECONDS = 0.6;

interface Scene {
  file: string;
  nb: string;
  en: string;
}

if (spawnSync('ffmpeg', ['-version']).status !== 0) {
  console.error('ffmpeg is missing: apt-get install ffmpeg');
  process.exit(1);
}

const { base, dataDir, work, stop } = await startBuiltServer('welcome');

// A new user, verified through the link the server wrote to its outbox (no SMTP here).
// The data folder is new each run, so the same address is free every time.
const user = { email: 'ingrid.hansen@example.no', password: 'Velkommen2026' };
const signup = await fetch(`${base}/api/auth/signup`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    firstName: 'Ingrid',
    lastName: 'Hansen',
    email: user.email,
    password: user.password,
    companyName: 'Hansen Regnskap AS',
    termsAccepted: true,
    language: 'nor',
  }),
});
if (!signup.ok) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
const outbox = join(dataDir, 'outbox');
const mail = readdirSync(outbox)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(outbox, f), 'utf8')) as { to: string; links: string[] })
  .find((m) => m.to === user.email);
const token = new URL(mail?.links.find((l) => l.includes('verify-account')) ?? 'http://x/').searchParams.get('token');
const verified = await fetch(`${base}/api/auth/account/verify`, {
  method: 'PATCH',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ token, password: user.password }),
});
if (!verified.ok) throw new Error(`verification failed: ${verified.status}`);

const browser = await launchChromium();
const page = await browser.newPage({
  viewport: { width: WIDTH, height: HEIGHT },
  locale: 'nb-NO',
  timezoneId: 'Europe/Oslo',
});
const scenes: Scene[] = [];

/** A ring around what a scene is about, drawn over the page (styles set through the DOM: the CSP allows it). */
async function ring(target: Locator | null) {
  await page.evaluate(() => document.getElementById('video-ring')?.remove());
  const box = target ? await target.boundingBox() : null;
  if (!box) return;
  await page.evaluate((b) => {
    const el = document.createElement('div');
    el.id = 'video-ring';
    Object.assign(el.style, {
      position: 'fixed',
      left: `${b.x - 6}px`,
      top: `${b.y - 6}px`,
      width: `${b.width + 12}px`,
      height: `${b.height + 12}px`,
      border: '3px solid #2f6bff',
      borderRadius: '12px',
      boxShadow: '0 0 0 6px rgb(47 107 255 / 0.18)',
      pointerEvents: 'none',
      zIndex: '1000',
    });
    document.body.append(el);
  }, box);
}

async function shot(nb: string, en: string, target: Locator | null = null) {
  await ring(target);
  await page.waitForTimeout(400);
  const file = join(work, `scene-${String(scenes.length).padStart(2, '0')}.png`);
  await page.screenshot({ path: file });
  scenes.push({ file, nb, en });
  await ring(null);
}

async function closeWelcomeCard(p: Page) {
  const card = p.getByTestId('welcome-dismiss');
  if (await card.isVisible().catch(() => false)) await card.click();
}

/** Notifications stay three seconds; a scene waits them out rather than show one over what it is about. */
async function quiet(p: Page) {
  await p.getByTestId('notification').first().waitFor({ state: 'detached', timeout: 10_000 });
}

// 1. Logging in.
await page.goto(`${base}/login`);
await page.getByTestId('lang-nor').click();
await page.locator('input[name="email"]').fill(user.email);
await page.locator('input[name="password"]').fill(user.password);
await shot(
  'Velkommen til Saldo: regnskapstallene til selskapene dine, samlet på tavler.',
  'Welcome to Saldo: your companies’ accounting figures, brought together on boards.',
);
await page.locator('button[type="submit"]').click();

// 2. The guided start, and the demo company in one click.
await page.getByTestId('guided-start').waitFor();
await closeWelcomeCard(page);
await quiet(page);
await shot(
  'Kom i gang: koble til Tripletex, last opp en SAF-T-fil, eller prøv demoselskapet.',
  'Get started: connect Tripletex, upload a SAF-T file, or try the demo company.',
  page.getByTestId('guided-start').locator('.guided-start__paths'),
);
await page.getByTestId('guided-demo-button').click();
await page.getByTestId('board-grid').waitFor({ timeout: 60_000 });
await shot(
  'Ett klikk gir en tavle, og Saldo henter regnskapet mens du ser på.',
  'One click makes a board, and Saldo fetches the accounts while you watch.',
  page.getByTestId('sync'),
);
await quiet(page);

// 3. The dashboard with figures.
await page.locator('saldo-top-customers [part~="row"]').first().waitFor({ timeout: 120_000 });
await page.locator('saldo-profit-loss [part~="result-row"]').first().waitFor({ timeout: 60_000 });
await page.waitForTimeout(2500);
await shot(
  'Dashbordet viser nøkkeltallene: største kunder, resultat og mer.',
  'The dashboard shows the key figures: largest customers, profit and more.',
  page.getByTestId('grid-widget').first(),
);

// 4. Adding widgets.
await page.getByTestId('add-widget-button').click();
await page.getByTestId('widget-drawer').waitFor();
await shot(
  'Legg til widgeter fra katalogen, og dra dem dit du vil ha dem.',
  'Add widgets from the catalogue, and drag them where you want them.',
  page.getByTestId('widget-drawer'),
);
await page.keyboard.press('Escape');
await page.goto(`${base}/dashboard`);

// 5. Reports, and the postings behind a figure.
await page.goto(`${base}/profit`);
await page.getByTestId('range-lastYear').click();
await page.locator('saldo-profit-loss [part~="result-row"][data-line="result"]').waitFor({ timeout: 60_000 });
await page.waitForTimeout(1500);
await shot(
  'Resultatregnskap, balanse og kontantstrøm, med sammenligning mot i fjor.',
  'Profit and loss, balance sheet and cash flow, compared with last year.',
);
await page.locator('saldo-profit-loss [data-group="salesRevenue"] button.toggle').click();
await page.locator('saldo-profit-loss [part~="account-row"]').first().locator('button').click();
await page.getByTestId('drill-panel').waitFor();
await page.getByTestId('posting-row').first().waitFor();
await shot(
  'Klikk på et tall for å se posteringene bak det.',
  'Click a figure to see the postings behind it.',
  page.getByTestId('drill-panel'),
);
await page.keyboard.press('Escape');

// 6. Sharing and exporting.
await page.goto(`${base}/dashboard`);
await page.locator('saldo-top-customers [part~="row"]').first().waitFor({ timeout: 60_000 });
await page.getByTestId('share-button').click();
await page.getByTestId('share-panel').waitFor();
await shot(
  'Del tavlen med en lenke, eller bygg den inn i ditt eget system.',
  'Share the board with a link, or embed it in your own system.',
  page.getByTestId('share-panel'),
);
await page.keyboard.press('Escape');
await page.getByTestId('export-button').click();
await page.getByTestId('export-modal').waitFor();
await shot(
  'Eksporter widgeter og rapporter til PDF, Excel, CSV eller PNG.',
  'Export widgets and reports to PDF, Excel, CSV or PNG.',
  page.getByTestId('export-modal'),
);
await page.keyboard.press('Escape');

// 7. Sources, and help.
await page.goto(`${base}/api-settings/api-accounts`);
await page.getByTestId('api-account-list').waitFor();
await shot(
  'Koble til Tripletex eller last opp SAF-T; Saldo sjekker tallene og sier fra om noe ikke stemmer.',
  'Connect Tripletex or upload SAF-T; Saldo checks the figures and tells you when something is off.',
  page.locator('.page__actions'),
);
await page.goto(`${base}/dashboard`);
await page.getByTestId('profile-menu-button').click();
await shot(
  'Under Hjelp: API-dokumentasjonen, hva som er nytt, og et skjema for tilbakemeldinger.',
  'Under Help: the API reference, what’s new, and a form for feedback.',
  page.getByTestId('help-api-docs').locator('..'),
);

await browser.close();

// --- the clip: each screenshot held, cross-faded into the next ---
const inputs = scenes.flatMap((s) => ['-loop', '1', '-t', String(SCENE_SECONDS), '-i', s.file]);
const prepared = scenes.map((_, i) => `[${i}:v]scale=${WIDTH}:${HEIGHT},fps=25,format=yuv420p,settb=AVTB[s${i}]`);
const fades: string[] = [];
let last = 's0';
for (let i = 1; i < scenes.length; i++) {
  const offset = (i * (SCENE_SECONDS - FADE_SECONDS)).toFixed(3);
  const out = i === scenes.length - 1 ? 'out' : `f${i}`;
  fades.push(`[${last}][s${i}]xfade=transition=fade:duration=${FADE_SECONDS}:offset=${offset}[${out}]`);
  last = out;
}
const video = join(publicDir, 'welcome.mp4');
const ffmpeg = spawnSync(
  'ffmpeg',
  [
    '-y',
    '-loglevel',
    'error',
    ...inputs,
    '-filter_complex',
    [...prepared, ...fades].join(';'),
    '-map',
    '[out]',
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-tune',
    'stillimage',
    '-crf',
    '31',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-an',
    video,
  ],
  { stdio: 'inherit' },
);
if (ffmpeg.status !== 0) throw new Error('ffmpeg failed');

// --- the captions: each scene's words while it is fully in view ---
const stamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const mm = String(Math.floor(ms / 60_000)).padStart(2, '0');
  const ss = String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0');
  return `${mm}:${ss}.${String(ms % 1000).padStart(3, '0')}`;
};
for (const lang of ['nb', 'en'] as const) {
  const cues = scenes.map((scene, i) => {
    const start = i * (SCENE_SECONDS - FADE_SECONDS) + (i > 0 ? FADE_SECONDS / 2 : 0);
    const end = (i + 1) * (SCENE_SECONDS - FADE_SECONDS) + (i < scenes.length - 1 ? FADE_SECONDS / 2 : FADE_SECONDS);
    return `${i + 1}\n${stamp(start)} --> ${stamp(end)}\n${scene[lang]}\n`;
  });
  writeFileSync(join(publicDir, `welcome.${lang}.vtt`), `WEBVTT\n\n${cues.join('\n')}`);
}

stop();
const seconds = scenes.length * SCENE_SECONDS - (scenes.length - 1) * FADE_SECONDS;
console.log(
  `${video}: ${scenes.length} scenes, ${seconds.toFixed(1)} s, ${(statSync(video).size / 1024).toFixed(0)} KB; captions welcome.nb.vtt, welcome.en.vtt`,
);
