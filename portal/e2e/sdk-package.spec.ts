import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { E2E } from '../../playwright.config';
import { expect, test } from './csp';

/**
 * What a partner gets from npm: @saldo/contract and @saldo/sdk packed with `npm pack` (from the
 * builds `npm test` has just made), installed into a project outside the workspace, a small usage
 * type-checked against the packages' own .d.ts, bundled by the partner's bundler and shown in
 * Chromium with data from the running Saldo through an embed token the partner's backend signs.
 */
const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules/.bin');
const PAGE_PORT = E2E.partnerPort + 1;
const PAGE = `http://localhost:${PAGE_PORT}`;
const DEMO = { email: 'demo@saldo.no', password: 'Demo1234' };

const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });

/** The partner's code: the plain element, the React wrapper and `configure`, with their types. */
const USAGE = `
import type { TopListItem } from '@saldo/contract';
import { formatAmount } from '@saldo/contract/numbers/format';
import { configure, type SaldoLang } from '@saldo/sdk';
import '@saldo/sdk/register';
import { SaldoTopCustomers } from '@saldo/sdk/react';
import { createRoot } from 'react-dom/client';

declare global {
  interface Window {
    partner: { board: string; from: string; to: string };
  }
}

configure({
  baseUrl: ${JSON.stringify(E2E.saldoUrl)},
  getToken: async () => ((await (await fetch('/token')).json()) as { token: string }).token,
});
const { board, from, to } = window.partner;
const lang: SaldoLang = 'en';

// The plain element, by its tag, with attributes.
const turnover = document.createElement('saldo-turnover');
turnover.setAttribute('board', board);
turnover.setAttribute('from', from);
turnover.setAttribute('to', to);
turnover.setAttribute('lang', lang);
document.getElementById('plain')!.append(turnover);

// The React wrapper: typed props and the element's events.
function App() {
  const first = (items: TopListItem[]) => (items[0] ? formatAmount(items[0].amount) : '');
  return (
    <SaldoTopCustomers
      board={board}
      from={from}
      to={to}
      lang={lang}
      onSaldoReady={(event) => {
        document.body.dataset.ready = 'yes';
        document.body.dataset.first = first(event.detail);
      }}
    />
  );
}
createRoot(document.getElementById('react')!).render(<App />);

// The types are the packages' own, not 'any': these lines must not type-check.
// @ts-expect-error lang is 'nor' | 'en'
const wrong: SaldoLang = 'de';
// @ts-expect-error an amount is a number of øre
const item: TopListItem = { _id: 'x', name: 'y', amount: '1' };
void wrong;
void item;
`;

let dir = '';
let server: Server | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = mkdtempSync(join(tmpdir(), 'saldo-partner-'));
  const packed = JSON.parse(
    run('npm', ['pack', './server/contract', './sdk', '--pack-destination', dir, '--json'], ROOT),
  ) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const [contract, sdk] = packed;
  // The packages carry their builds and declarations, not the workspace's sources or tests.
  expect(sdk!.files.map((f) => f.path)).toEqual(
    expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/react.d.ts']),
  );
  expect(contract!.files.map((f) => f.path)).toEqual(
    expect.arrayContaining(['dist/index.d.ts', 'dist/numbers/format.js']),
  );
  expect(sdk!.files.some((f) => f.path.endsWith('.test.ts'))).toBe(false);

  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'partner-app',
      private: true,
      type: 'module',
      dependencies: {
        '@saldo/contract': `file:./${contract!.filename}`,
        '@saldo/sdk': `file:./${sdk!.filename}`,
        react: '19.3.1',
        'react-dom': '19.3.1',
        '@types/react': '19.3.0',
        '@types/react-dom': '19.3.0',
      },
    }),
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include: ['src'],
    }),
  );
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'public'));
  writeFileSync(join(dir, 'src/app.tsx'), USAGE);
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], dir);
});

test.afterAll(() => {
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the packed contract and SDK install outside the workspace, type-check, and show data', async ({
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  // No workspace path leaks into what a partner installs.
  const installed = readFileSync(join(dir, 'node_modules/@saldo/sdk/package.json'), 'utf8');
  expect(installed).not.toContain('@saldo/server');
  expect(run('node', [join(BIN, 'tsc'), '-p', dir], dir)).toBe('');
  run(
    join(BIN, 'esbuild'),
    ['src/app.tsx', '--bundle', '--format=esm', '--jsx=automatic', '--outfile=public/app.js', '--log-level=error'],
    dir,
  );

  const login = await request.post('/api/auth/login', { data: DEMO });
  const { jwtToken } = (await login.json()) as { jwtToken: string };
  const auth = { authorization: `Bearer ${jwtToken}` };
  const boards = (await (await request.get('/api/group-account', { headers: auth })).json()) as Array<{
    _id: string;
    name: string;
  }>;
  const board = boards.find((b) => b.name === 'Nordlys Energiteknikk AS') ?? boards[0]!;
  const res = await request.post(`/api/group-account/${board._id}/embed-keys`, {
    headers: auth,
    data: { name: 'Packed SDK (e2e)', origins: [PAGE] },
  });
  expect(res.status()).toBe(201);
  const key = (await res.json()) as { _id: string; secret: string };

  const year = new Date().getFullYear() - 1;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title></head><body>
<div id="plain"></div><div id="react"></div>
<script>window.partner = ${JSON.stringify({ board: board._id, from: `${year}-01-01`, to: `${year}-12-31` })};</script>
<script type="module" src="/app.js"></script></body></html>`;
  server = createServer(async (req, out) => {
    if (req.url === '/token') {
      const token = await new SignJWT({ board: board._id, elements: ['top-customers', 'turnover'] })
        .setProtectedHeader({ alg: 'HS256', kid: key._id })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(key.secret));
      return out.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token }));
    }
    if (req.url === '/app.js')
      return out.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(join(dir, 'public/app.js')));
    out.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server!.listen(PAGE_PORT, resolve));

  await page.goto(PAGE);
  await expect(page.locator('saldo-top-customers [part~="row"]')).toHaveCount(10, { timeout: 30_000 });
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'yes');
  // The React wrapper's event carried the data, formatted by the contract's formatter.
  await expect(page.locator('body')).toHaveAttribute('data-first', /^\d{1,3}(\u00a0\d{3})*$/);
  await expect(page.locator('saldo-turnover [part~="value"]').first()).toBeVisible({ timeout: 30_000 });
  // uPlot's stylesheet travels inside the package (a partner's bundler cannot read `?raw`): the chart
  // keeps its own box instead of spilling over what follows.
  await expect(page.locator('saldo-turnover .u-wrap')).toHaveCSS('position', 'relative');
  await page.screenshot({ path: info.outputPath('sdk-package.png'), fullPage: true });
});
