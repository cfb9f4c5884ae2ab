import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

// The built Storybook (`npm run build -w @saldo/storybook`), served by a tiny static server so every
// data story renders in the real browser: no Storybook dev server, no dependencies.
const root = resolve(import.meta.dirname, '../../storybook/storybook-static');

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon',
};

function serve(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

interface IndexEntry {
  id: string;
  name: string;
  type: 'story' | 'docs';
}

/** The stories that show data: every story named "Data…" or with an id ending in `--data`. */
function dataStories(): IndexEntry[] {
  const index = JSON.parse(readFileSync(join(root, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> };
  return Object.values(index.entries).filter(
    (e) => e.type === 'story' && (/data/i.test(e.name) || e.id.endsWith('--data')),
  );
}

let server: Server | undefined;
let base = '';

test.beforeAll(async () => {
  test.skip(!existsSync(join(root, 'index.json')), 'storybook-static is not built (npm run build -w @saldo/storybook)');
  server = await serve(root);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
});

test('every data story of the built Storybook renders its element with data', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const stories = dataStories();
  const checked: string[] = [];
  for (const story of stories) {
    await test.step(story.id, async () => {
      await page.goto(`${base}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`);
      // The story's <saldo-*> element: no loading status left in its shadow root, and rows or amounts drawn.
      await page.waitForFunction(
        () => {
          const el = [...document.querySelectorAll('#storybook-root *')].find((e) => e.localName.startsWith('saldo-'));
          const shadow = el?.shadowRoot;
          if (!shadow) return false;
          if (shadow.querySelector('[role="status"]')) return false;
          // Rows or amounts; the AI widget's data is an answer text instead.
          return shadow.querySelector('[part~="row"], [part~="amount"], [part~="answer"]') !== null;
        },
        undefined,
        { timeout: 10_000 },
      );
      await page.screenshot({ path: testInfo.outputPath(`${story.id}.png`), fullPage: true });
      checked.push(story.id);
    });
  }
  console.info(`checked ${checked.length} stories: ${checked.join(', ')}`);
  expect(checked.length).toBeGreaterThanOrEqual(6);
  expect(errors).toEqual([]);
});
