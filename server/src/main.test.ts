import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs main.ts as `npm start` would, on a port something else holds, and collects what it says. */
async function startOnTakenPort(processes: number) {
  const taken = createServer();
  await new Promise<void>((done) => taken.listen(0, '0.0.0.0', done));
  const port = (taken.address() as AddressInfo).port;
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'main.ts')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      SALDO_DATA_DIR: mkdtempSync(join(tmpdir(), 'saldo-port-')),
      SALDO_PROCESSES: String(processes),
      SALDO_SYNC_PROCESSES: '1',
      STRIPE_STANDIN: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What it says, on either stream: the log (ops/log.ts) writes its lines to stdout.
  let said = '';
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk) => {
      said += chunk;
    });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  taken.close();
  return { port, code, said };
}

describe('npm start on a port that is taken', () => {
  it.each([1, 2])(
    'says so once and stops, with %i HTTP process(es), instead of restarting',
    async (processes) => {
      const { port, code, said } = await startOnTakenPort(processes);
      expect(code).not.toBe(0);
      expect(said.match(/is in use/g)).toEqual(['is in use']);
      expect(said).toContain(`Port ${port} is in use`);
      expect(said).not.toContain('starting another');
    },
    60_000,
  );
});

describe('a sync process', () => {
  it('runs at a lower priority than the HTTP processes, so requests go first on a busy host', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'main.ts')], {
      env: {
        PATH: process.env.PATH,
        SALDO_DATA_DIR: mkdtempSync(join(tmpdir(), 'saldo-sync-nice-')),
        // As the primary forks it (a process started by hand is a primary of its own).
        SALDO_ROLE: 'sync',
        SALDO_PROCESSES: '1',
        STRIPE_STANDIN: '0',
      },
      stdio: 'ignore',
    });
    try {
      const own = getPriority();
      let seen = own;
      // It lowers itself first thing; until then it runs at ours (or has not started).
      for (let i = 0; i < 300 && seen === own && child.exitCode === null; i++) {
        await new Promise((r) => setTimeout(r, 100));
        seen = getPriority(child.pid);
      }
      expect(seen).toBe(Math.min(19, own + 5));
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
