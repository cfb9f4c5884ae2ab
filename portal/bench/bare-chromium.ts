/**
 * Debian's Chromium driven over its own DevTools pipe, with nothing else attached: for timing a page.
 *
 * Playwright instruments every page it drives (network events for every request, its injected
 * scripts, a context without a disk cache) and that costs the page time on this machine's two cores:
 * the dashboard bench measured 478–590 ms p50 through Playwright against 398–452 ms here, the same
 * build, back to back. A person's browser has none of that instrumentation and a profile on disk, as
 * this one has (a fresh folder per run). Only the DevTools domains the bench needs are used.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

interface Reply {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
}

export interface BarePage {
  /** A DevTools command on the page. */
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** Evaluates `expression` in the page (awaiting a promise) and returns its value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Loads `url` as a new document and resolves once it has one (its time origin changed). */
  navigate(url: string): Promise<void>;
  /** Exceptions the page threw since the last call. */
  takeErrors(): string[];
}

export interface BareChromium {
  page: BarePage;
  version: string;
  /** Ends Chromium and removes its profile. */
  close(): Promise<void>;
}

export async function launchBareChromium(options: {
  executablePath: string;
  width: number;
  height: number;
  lang: string;
}): Promise<BareChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'saldo-bench-chromium-'));
  const child: ChildProcess = spawn(
    options.executablePath,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      `--lang=${options.lang}`,
      `--window-size=${options.width},${options.height}`,
      `--user-data-dir=${profile}`,
      '--remote-debugging-pipe',
      'about:blank',
    ],
    // fd 3: what Chromium reads; fd 4: what it writes (NUL-separated JSON messages).
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toChrome = child.stdio[3] as Writable;
  const fromChrome = child.stdio[4] as Readable;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  const errors: string[] = [];
  let buffered = '';
  fromChrome.setEncoding('utf8');
  fromChrome.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end)) as Reply;
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const call = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error) call?.reject(new Error(message.error.message));
        else call?.resolve(message);
      } else if (message.method === 'Runtime.exceptionThrown') {
        const details = message.params?.exceptionDetails as { exception?: { description?: string }; text?: string };
        errors.push(details.exception?.description ?? details.text ?? 'an exception');
      }
    }
  });
  const command = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<Reply>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve, reject });
      toChrome.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });

  const version = String(((await command('Browser.getVersion')).result as { product: string }).product);
  const { targetInfos } = (await command('Target.getTargets')).result as {
    targetInfos: Array<{ targetId: string; type: string }>;
  };
  const target = targetInfos.find((t) => t.type === 'page');
  if (!target) throw new Error('Chromium opened no page');
  const { sessionId } = (await command('Target.attachToTarget', { targetId: target.targetId, flatten: true }))
    .result as { sessionId: string };

  const send = async <T>(method: string, params: Record<string, unknown> = {}) =>
    (await command(method, params, sessionId)).result as T;
  const evaluate = async <T>(expression: string): Promise<T> => {
    const { result, exceptionDetails } = await send<{
      result: { value: T };
      exceptionDetails?: { exception?: { description?: string } };
    }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? 'evaluation failed');
    return result.value;
  };
  // Page: scripts added for new documents run only with it on.
  await send('Page.enable');
  await send('Runtime.enable');
  await send('Emulation.setDeviceMetricsOverride', {
    width: options.width,
    height: options.height,
    deviceScaleFactor: 1,
    mobile: false,
  });

  return {
    version,
    page: {
      send,
      evaluate,
      async navigate(url) {
        const before = await evaluate<number>('performance.timeOrigin');
        await send('Page.navigate', { url });
        for (;;) {
          const now = await evaluate<number>('performance.timeOrigin').catch(() => before);
          if (now !== before) return;
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      },
      takeErrors: () => errors.splice(0),
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
