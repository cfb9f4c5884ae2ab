/**
 * The built product on a fresh data folder, for the scripts that film or photograph it (the welcome video,
 * the docs' screenshots): a free port, `server/dist/main.js` started there, and Debian's Chromium.
 * Needs `npm run build` first and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from '@playwright/test';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');

export interface BuiltServer {
  base: string;
  /** The server's data folder (its outbox is `outbox/`). */
  dataDir: string;
  /** A scratch folder of the run, removed by `stop`. */
  work: string;
  stop: () => void;
}

/** Starts the built server on a free port and a new data folder; resolves once `/api/health` answers. */
export async function startBuiltServer(name: string, env: Record<string, string> = {}): Promise<BuiltServer> {
  const work = mkdtempSync(join(tmpdir(), `saldo-${name}-`));
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const dataDir = join(work, 'data');
  const server: ChildProcess = spawn(process.execPath, [join(repoRoot, 'server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      SALDO_DATA_DIR: dataDir,
      SALDO_BASE_URL: base,
      STRIPE_STANDIN: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const kill = () => server.kill('SIGTERM');
  process.on('exit', kill);
  await untilHealthy(base);
  return {
    base,
    dataDir,
    work,
    stop: () => {
      kill();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, without scrollbars in the pictures. */
/** Waits for a starting server's /api/health (polled every 100 ms, up to a minute). */
export async function untilHealthy(base: string): Promise<void> {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (i > 600) throw new Error('the server did not start (is it built? npm run build)');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars'],
  });
}
