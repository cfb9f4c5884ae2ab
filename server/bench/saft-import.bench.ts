/**
 * SAF-T import benchmark: `npm run bench:saft -w @saldo/server [-- 250000 1000000]`.
 *
 * For generated SAF-T 1.30 files (kept in os.tmpdir() and reused), each measurement runs in its
 * own child process so its peak RSS (getrusage maxRSS) is its own:
 *   parse      saxes (namespaces off) over the file, counting <Line> elements, no database
 *   connector  saftConnector's records consumed without a database (parsing + validation + records)
 *   import     saftConnector + ingestLedger into a fresh `file:` libSQL database in tmpdir
 * The import also reports how its time splits between the connector and ingest (inserts, and the
 * tail: the monthly-balance rebuild and commit after the last record).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TextDecoder } from 'node:util';
import { SaxesParser } from 'saxes';
import { saftConnector } from '../src/connectors/saft/saft-connector.ts';
import { threadedConnector } from '../src/connectors/threaded.ts';
import {
  batched,
  type Connector,
  type LedgerRecord,
  quietContext,
  recordBatches,
  type SyncContext,
} from '../src/connectors/types.ts';
import { openDatabase } from '../src/db/client.ts';
import { apiAccount, user } from '../src/db/schema/index.ts';
import { ingestLedger } from '../src/features/sync/ingest.ts';
import { generateSaft } from './generate-saft.ts';

type Mode = 'parse' | 'connector' | 'import' | 'import1';
interface Measured {
  mode: Mode;
  lines: number;
  seconds: number;
  /** CPU time of all the process's threads: on a shared machine, less noisy than the wall clock. */
  cpuSeconds: number;
  maxRssMb: number;
  sampledPeakMb: number;
  /** CPU seconds of this process's main thread and of its busiest other thread (the import worker): from /proc, on Linux. */
  mainCpuSeconds?: number;
  otherCpuSeconds?: number;
  connectorSeconds?: number;
  ingestSeconds?: number;
  tailSeconds?: number;
}

const self = fileURLToPath(import.meta.url);

function fileFor(lines: number): string {
  return join(tmpdir(), `saldo-saft-bench-${lines}.xml`);
}

async function parseOnly(path: string): Promise<number> {
  const parser = new SaxesParser({ xmlns: false });
  let lines = 0;
  parser.on('opentag', (tag) => {
    const n = tag.name;
    if (n === 'Line' || n.endsWith(':Line')) lines += 1;
  });
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    parser.write(decoder.decode(chunk as Buffer, { stream: true }));
  }
  parser.close();
  return lines;
}

async function connectorOnly(path: string): Promise<number> {
  let lines = 0;
  for await (const records of recordBatches(saftConnector({ path }), quietContext()))
    for (const record of records) if (record.kind === 'posting') lines += 1;
  return lines;
}

/** Wraps a connector to time how long ingest waits for records (the connector's share). */
function timed(inner: Connector, clock: { connector: number; lastRecordAt: number; lines: number }): Connector {
  return {
    type: inner.type,
    parts: inner.parts,
    read: (ctx) => batched(batches(ctx)),
  };
  async function* batches(ctx: SyncContext): AsyncGenerator<readonly LedgerRecord[]> {
    const it = recordBatches(inner, ctx)[Symbol.asyncIterator]();
    for (;;) {
      const t0 = performance.now();
      const next = await it.next();
      const t1 = performance.now();
      clock.connector += t1 - t0;
      if (next.done) {
        clock.lastRecordAt = t1;
        return;
      }
      for (const record of next.value) if (record.kind === 'posting') clock.lines += 1;
      yield next.value;
    }
  }
}

async function fullImport(
  path: string,
  threaded: boolean,
): Promise<Omit<Measured, 'mode' | 'seconds' | 'cpuSeconds' | 'maxRssMb' | 'sampledPeakMb'>> {
  const dbFile = join(tmpdir(), `saldo-saft-bench-${process.pid}.db`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
  const { db, client } = await openDatabase(`file:${dbFile}`);
  const userId = randomUUID();
  const now = new Date();
  await db
    .insert(user)
    .values({ id: userId, name: 'Bench', email: `${userId}@bench.invalid`, createdAt: now, updatedAt: now });
  const apiAccountId = randomUUID();
  await db
    .insert(apiAccount)
    .values({ id: apiAccountId, ownerId: userId, name: 'SAF-T bench', provider: 'saft', createdAt: now });
  const clock = { connector: 0, lastRecordAt: 0, lines: 0 };
  const started = performance.now();
  // The product parses in a worker thread (as the sync does); import1 keeps it on this thread for comparison.
  const connector = threaded ? threadedConnector({ kind: 'saft', path }) : saftConnector({ path });
  await ingestLedger(db, apiAccountId, timed(connector, clock));
  const ended = performance.now();
  client.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(dbFile + suffix, { force: true });
  const total = (ended - started) / 1000;
  const connectorSeconds = clock.connector / 1000;
  const tailSeconds = (ended - clock.lastRecordAt) / 1000;
  return {
    lines: clock.lines,
    connectorSeconds,
    tailSeconds,
    ingestSeconds: total - connectorSeconds - tailSeconds,
  };
}

/** CPU seconds so far of each of this process's threads (Linux /proc; empty elsewhere), by thread id. */
function threadCpu(into: Map<string, number>): void {
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const tid of tasks) {
    try {
      // utime and stime are fields 14 and 15; the name before them is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      into.set(tid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // The thread ended between listing and reading.
    }
  }
}

async function child(mode: Mode, path: string): Promise<void> {
  let sampled = process.memoryUsage().rss;
  const threads = new Map<string, number>();
  const timer = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage().rss);
    threadCpu(threads);
  }, 20);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const extra =
    mode === 'parse'
      ? { lines: await parseOnly(path) }
      : mode === 'connector'
        ? { lines: await connectorOnly(path) }
        : await fullImport(path, mode === 'import');
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(timer);
  threadCpu(threads);
  sampled = Math.max(sampled, process.memoryUsage().rss);
  const others = [...threads].filter(([tid]) => tid !== String(process.pid)).map(([, s]) => s);
  const measured: Measured = {
    mode,
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    sampledPeakMb: sampled / 1024 / 1024,
    ...(threads.size > 0
      ? { mainCpuSeconds: threads.get(String(process.pid)) ?? 0, otherCpuSeconds: Math.max(0, ...others) }
      : {}),
    ...extra,
  };
  console.log(JSON.stringify(measured));
}

/** Reads the whole file, so the page cache holds it before a measurement. */
async function readThrough(path: string): Promise<void> {
  for await (const _chunk of createReadStream(path, { highWaterMark: 4 * 1024 * 1024 })) {
    // Only the reading matters.
  }
}

function runChild(mode: Mode, path: string): Measured {
  const res = spawnSync(process.execPath, ['--import', 'tsx', self, '--child', mode, path], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const last = res.stdout.trim().split('\n').pop() ?? '';
  if (res.status !== 0 || !last.startsWith('{')) throw new Error(`${mode} on ${path} failed (exit ${res.status})`);
  return JSON.parse(last) as Measured;
}

const pad = (s: string, n: number) => s.padStart(n);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }).replace(/,/g, ' ');

async function main(): Promise<void> {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  if (sizes.length === 0) sizes.push(250_000, 1_000_000);
  const rows: { size: number; mb: number; m: Measured }[] = [];
  for (const size of sizes) {
    const path = fileFor(size);
    if (!existsSync(path)) {
      const t0 = performance.now();
      const g = await generateSaft(`${path}.partial`, size);
      (await import('node:fs')).renameSync(`${path}.partial`, path);
      console.log(
        `generated ${path}: ${fmt(g.lines)} lines, ${fmt(g.bytes / 1e6)} MB in ${fmt((performance.now() - t0) / 1000, 1)} s`,
      );
    }
    const mb = statSync(path).size / 1e6;
    for (const mode of ['parse', 'connector', 'import1', 'import'] as const) {
      // Each measurement reads the file from memory: a cold read of 639 MB from this machine's disk took
      // parse-only 32 s for 8 s of CPU, and the measurement after it found the file cached.
      await readThrough(path);
      const m = runChild(mode, path);
      if (m.lines !== size) throw new Error(`${mode} counted ${m.lines} lines in a file of ${size}`);
      rows.push({ size, mb, m });
      console.log(
        `  ${mode} ${fmt(size)} lines: ${fmt(m.seconds, 1)} s (CPU ${fmt(m.cpuSeconds, 1)} s), max RSS ${fmt(m.maxRssMb)} MB`,
      );
    }
  }
  console.log(`\nSAF-T import benchmark (Node ${process.version})\n`);
  const header = `${pad('lines', 10)} ${pad('file MB', 8)}  ${'measurement'.padEnd(22)} ${pad('seconds', 8)} ${pad('CPU s', 6)} ${pad('lines/s', 9)} ${pad('vs parse', 8)} ${pad('max RSS MB', 10)} ${pad('sampled MB', 10)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  const label = {
    parse: 'parse only (saxes)',
    connector: 'connector, no database',
    import1: 'import, one thread',
    import: 'full import (product)',
  };
  for (const { size, mb, m } of rows) {
    const parse = rows.find((r) => r.size === size && r.m.mode === 'parse')!.m;
    console.log(
      `${pad(fmt(size), 10)} ${pad(fmt(mb), 8)}  ${label[m.mode].padEnd(22)} ${pad(fmt(m.seconds, 1), 8)} ${pad(fmt(m.cpuSeconds, 1), 6)} ${pad(fmt(m.lines / m.seconds), 9)} ${pad(`${fmt((parse.seconds / m.seconds) * 100)} %`, 8)} ${pad(fmt(m.maxRssMb), 10)} ${pad(fmt(m.sampledPeakMb), 10)}`,
    );
  }
  console.log('\nimport time split (connector = time ingest waits for records; tail = monthly balances + commit):');
  for (const { size, m } of rows.filter((r) => r.m.mode === 'import' || r.m.mode === 'import1'))
    console.log(
      `${pad(fmt(size), 10)} lines, ${label[m.mode]}: connector ${fmt(m.connectorSeconds ?? 0, 1)} s, ingest inserts ${fmt(m.ingestSeconds ?? 0, 1)} s, tail ${fmt(m.tailSeconds ?? 0, 1)} s${m.mainCpuSeconds === undefined ? '' : `; CPU of the main thread ${fmt(m.mainCpuSeconds, 1)} s, of the busiest other ${fmt(m.otherCpuSeconds ?? 0, 1)} s`}`,
    );
  console.log(`\n${summary(rows)}`);
}

/** The issue's figure: the product's import at the largest size, its share of parse-only speed, its peak RSS at each size. */
function summary(rows: { size: number; m: Measured }[]): string {
  const imports = rows.filter((r) => r.m.mode === 'import');
  const largest = imports.at(-1);
  if (!largest) return '';
  const parse = rows.find((r) => r.size === largest.size && r.m.mode === 'parse')!.m;
  const rss = imports.map((r) => `${fmt(r.m.maxRssMb)} MB at ${fmt(r.size)} lines`).join(', ');
  const line = `SAF-T import at ${fmt(largest.size)} lines: ${fmt(largest.m.lines / largest.m.seconds)} lines/s, ${fmt((parse.seconds / largest.m.seconds) * 100)} % of parse-only speed (${fmt(parse.lines / parse.seconds)} lines/s); peak RSS ${rss}`;
  const { mainCpuSeconds: main, otherCpuSeconds: worker } = largest.m;
  if (main === undefined || worker === undefined || parse.mainCpuSeconds === undefined) return line;
  // On a machine others share, the wall clock punishes the import (two threads) more than parsing
  // (one): the busier thread's CPU against the parser's is what two free cores would give.
  const bound = Math.max(main, worker);
  return `${line}
by CPU: the busier of the import's threads (${main >= worker ? 'main' : 'worker'}) used ${fmt(bound, 1)} s, parsing alone ${fmt(parse.mainCpuSeconds, 1)} s: ${fmt((parse.mainCpuSeconds / bound) * 100)} % on two free cores`;
}

if (process.argv[2] === '--child') await child(process.argv[3] as Mode, process.argv[4]!);
else await main();
