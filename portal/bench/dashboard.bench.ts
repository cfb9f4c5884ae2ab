/**
 * The dashboard at size: 20 widgets on a board of 1 000 000 postings, in Debian's Chromium against the
 * built server and portal, driven over its bare DevTools pipe (bare-chromium.ts says why not through
 * Playwright). Prints the time from navigation to every widget rendered (p50 of several loads of the
 * dashboard in one tab, as a reload), with the first load (cold browser and server caches) apart.
 *
 * The board is the benchmarks' shared one (server/bench/million-board.ts: 5 API accounts, 24 months),
 * generated on first use by the server's own bench tool in a process of its own (the portal imports no server code). Its layout is set through the API as a user would leave it: the 13 catalogue
 * widgets (the consolidation widget over a consolidation group of the 5 API accounts) and 7 custom
 * widgets (account ranges and ratios).
 *
 * "Rendered" means: all 20 SDK elements are on the page, each holds its data (or its empty state),
 * and the browser has painted a frame after that.
 * Usage: npm run bench -w @saldo/portal [-- runs]
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BoardWidget, LoginResponse, WidgetConfiguration } from '@saldo/contract';
import { untilHealthy } from '../scripts/built-server';
import { launchBareChromium } from './bare-chromium';

const RUNS = Number(process.argv[2] ?? 9);
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

const board = await new Promise<{ url: string; dir: string; boardId: string; sources: string[]; postingCount: number }>(
  (resolve, reject) => {
    const tool = spawn(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'server/bench/million-board-cli.ts'), '1000000'],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    tool.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    tool.on('error', reject);
    tool.on('close', (code) => {
      if (code !== 0) return reject(new Error(`million-board-cli exited with ${code}`));
      const lines = out.trim().split('\n');
      // What the tool said while generating goes to the console; its last line is the board.
      for (const line of lines.slice(0, -1)) console.log(line);
      resolve(JSON.parse(lines.at(-1) ?? '{}'));
    });
  },
);

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(repoRoot, 'server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: board.url,
    SALDO_DATA_DIR: board.dir,
    SALDO_BASE_URL: base,
    SALDO_SYNC_WORKER: '0',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = () => server.kill('SIGTERM');
process.on('exit', stopServer);

await untilHealthy(base);

const login = (await (
  await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@saldo.no', password: 'Demo1234' }),
  })
).json()) as LoginResponse;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${login.jwtToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

// The layout: every catalogue widget once, then custom widgets up to 20, three to a row.
const { boardId } = board;
const configurations = await call<WidgetConfiguration[]>('GET', '/api/widgets/configurations');
const catalogue = [
  ...configurations.map((c) => c.widget).filter((type) => type !== 'custom' && type !== 'ai'),
  'profit-loss',
  'balance-sheet',
  'cash-flow',
];
if ((await call<unknown>('GET', `/api/consolidation/${boardId}`)) === null)
  await call('POST', `/api/consolidation/${boardId}`, { name: 'Konsern', apis: board.sources, deductAccounts: [] });
for (const old of await call<Array<{ _id: string }>>('GET', `/api/widgets/${boardId}/custom`))
  await call('DELETE', `/api/widgets/${boardId}/custom/${old._id}`);
const customs: Array<{ name: string; type: 'accountRange' | 'ratio'; [k: string]: unknown }> = [
  { name: 'Salgsinntekter', type: 'accountRange', range: { from: '3000', to: '3999' } },
  { name: 'Varekostnad', type: 'accountRange', range: { from: '4000', to: '4999' } },
  { name: 'Lønn', type: 'accountRange', range: { from: '5000', to: '5999' } },
  { name: 'Andre driftskostnader', type: 'accountRange', range: { from: '6000', to: '7999' } },
  { name: 'Bank', type: 'accountRange', range: { from: '1900', to: '1999' } },
  { name: 'Lønn / salg', type: 'ratio', dividend: { from: '5000', to: '5999' }, divisor: { from: '3000', to: '3999' } },
  {
    name: 'Varekost / salg',
    type: 'ratio',
    dividend: { from: '4000', to: '4999' },
    divisor: { from: '3000', to: '3999' },
  },
];
const entries = catalogue.map((type) => ({ id: type, name: '', widget: type }));
for (const custom of customs.slice(0, 20 - entries.length)) {
  const created = await call<{ _id: string }>('POST', `/api/widgets/${boardId}/custom/create`, custom);
  entries.push({ id: created._id, name: custom.name, widget: 'custom' });
}
const widgets: BoardWidget[] = entries.map((entry, i) => ({
  ...entry,
  x: (i % 3) * 4,
  y: Math.floor(i / 3) * 4,
  width: 4,
  height: 4,
  view: 'single',
}));
await call('PATCH', `/api/widgets/board-preference/${boardId}/update`, { groupId: boardId, widgets });
const expected = widgets.length;

const chromium = await launchBareChromium({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  width: 1440,
  height: 900,
  lang: 'nb-NO',
});
const { page } = chromium;
const { jwtToken, refreshToken, ...user } = login;
// Signed in as a person who was here before: the session in localStorage when each document starts.
const storage: Record<string, string> = {
  jwtToken,
  refreshToken,
  user: JSON.stringify(user),
  apiGroupName: boardId,
  i18nextLng: 'nor',
};
await page.send('Page.addScriptToEvaluateOnNewDocument', {
  source: `try { for (const [k, v] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(k, v); } catch {}`,
});

interface Run {
  ms: number;
  /** When the first data call started, and the last one's answer arrived (ms from navigation). */
  firstCall: number;
  lastAnswer: number;
  apiCalls: number;
  slowest: Array<{ path: string; ms: number }>;
}

// In the page: resolves when every widget holds its data (or its empty state) and a frame has been
// painted after that, checked every frame; says which widget failed, or what the page shows after 120 s.
const rendered = `new Promise((resolve) => {
  const given = performance.now() + 120000;
  const check = () => {
    const elements = [...document.querySelectorAll('[data-saldo-widget]')];
    const failed = elements.find((el) => el.state?.status === 'error');
    if (failed) return resolve({ error: failed.tagName + ': ' + failed.state?.error?.message });
    const done = elements.length >= ${expected} && elements.every((el) => ['data', 'empty'].includes(el.state?.status ?? ''));
    if (!done && performance.now() > given)
      return resolve({ error: 'timeout at ' + location.href + ' (' + document.body.innerText.slice(0, 200).replace(/\\s+/g, ' ') + '); ' + elements.length + '/${expected} widgets: ' + elements.map((el) => el.tagName.toLowerCase() + ':' + el.state?.status).join(', ') });
    if (!done) return requestAnimationFrame(check);
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const api = performance.getEntriesByType('resource').filter((entry) =>
        new URL(entry.name).pathname.startsWith('/api/widgets/') || /\\/api\\/(profit-loss|balance-sheet|cashflow)/.test(entry.name));
      const slowest = [...api].sort((a, b) => b.duration - a.duration).slice(0, 3);
      resolve({
        ms: performance.now(),
        firstCall: Math.min(...api.map((entry) => entry.startTime)),
        lastAnswer: Math.max(...api.map((entry) => entry.responseEnd)),
        apiCalls: api.length,
        slowest: slowest.map((entry) => ({ path: new URL(entry.name).pathname, ms: entry.duration })),
      });
    }));
  };
  check();
})`;

// Every load is a new document in one tab, as when a person reloads the dashboard or comes back to it;
// the first has cold caches (the browser's, and the server's answers).
async function loadOnce(): Promise<Run> {
  page.takeErrors();
  await page.navigate(`${base}/dashboard`);
  const result = await page.evaluate<Run | { error: string }>(rendered);
  if ('error' in result) throw new Error(`the dashboard did not render: ${result.error}`);
  const errors = page.takeErrors();
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  return result;
}

const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await loadOnce());
await chromium.close();
stopServer();

const [first, ...warm] = runs;
const sorted = [...warm].sort((a, b) => a.ms - b.ms);
const p50 = sorted[Math.floor(sorted.length / 2)]!;
const fmt = (ms: number) => `${Math.round(ms)} ms`;
console.log(
  `\nDashboard: ${expected} widgets (${catalogue.length} catalogue + ${expected - catalogue.length} custom) on a board of ${board.postingCount.toLocaleString('en').replace(/,/g, ' ')} postings (${board.sources.length} API accounts), ${chromium.version}, 1440×900`,
);
console.log(`navigation → all widgets rendered, ${warm.length} loads in the same tab after the first:`);
console.log(`  p50 ${fmt(p50.ms)}   min ${fmt(sorted[0]!.ms)}   max ${fmt(sorted.at(-1)!.ms)}`);
console.log(`  first load (cold browser and server caches): ${fmt(first!.ms)}`);
console.log(
  `  in the p50 run: first data call at ${fmt(p50.firstCall)}, last answer at ${fmt(p50.lastAnswer)}, all drawn at ${fmt(p50.ms)}`,
);
console.log(
  `  data calls per load: ${p50.apiCalls}; slowest: ${p50.slowest.map((c) => `${c.path.replace(boardId, '{board}')} ${fmt(c.ms)}`).join(', ')}`,
);
