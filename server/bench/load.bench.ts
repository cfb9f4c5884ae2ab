/**
 * Load: many clients reading the demo board's dashboard and reports at once, against the built
 * server as `npm start` runs it (SALDO_PROCESSES HTTP processes, default one per core, and its sync
 * processes). Each client goes round the same 18 widget and report calls. At 20 and 50 concurrent
 * clients, without and with the board re-syncing continuously, it prints throughput, p50, p99, max
 * and errors, and the CPU all the server's processes spent per request answered (robust on a busy machine,
 * where the rest is not), beside a bare Hono endpoint on as many processes as the ceiling.
 * Usage: npm run bench:load -w @saldo/server [seconds per run]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { type BenchServer, freePort, startServer, untilSynced, waitFor } from './cluster-server.ts';
import { MIX_CUSTOM_WIDGETS, mixPaths } from './load-mix.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const PROCESSES = Number(process.env.SALDO_PROCESSES ?? availableParallelism());
/** BENCH_CLIENTS=1 with a 1 s run checks the bench itself on a busy machine; the figures then mean nothing. */
const CLIENTS = (process.env.BENCH_CLIENTS ?? '20,50').split(',').map(Number);

/** The mix (load-mix.ts) on the bench server's board. */
async function mix(server: BenchServer): Promise<string[]> {
  const ids: string[] = [];
  for (const body of MIX_CUSTOM_WIDGETS) {
    const res = await server.post(`/api/widgets/${server.boardId}/custom/create`, body);
    ids.push(((await res.json()) as { _id: string })._id);
  }
  return mixPaths(server.boardId, ids);
}

/**
 * CPU time (ms) used so far by a process and every process below it (the server's HTTP and sync
 * processes), from /proc: robust where req/s and latencies are not, on a machine others share.
 * null where there is no /proc.
 */
const TICK_MS = existsSync('/proc/self/stat') ? 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString()) : 0;
function treeCpuMs(pid: number): number | null {
  if (!TICK_MS) return null;
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) ms += treeCpuMs(Number(child)) ?? 0;
    return ms;
  } catch {
    return 0; // a process that ended meanwhile
  }
}

interface Row {
  target: string;
  clients: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  syncs: string;
  /** The server's CPU (all its processes) per request answered, ms; '' for the bare endpoint. */
  cpu: string;
}

async function run(url: string, paths: string[], clients: number, headers: Record<string, string>, pid?: number) {
  // Every path is checked once first: a run that measured error pages would be worthless.
  for (const path of paths) {
    const res = await fetch(`${url}${path}`, { headers });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  }
  const cpuBefore = pid === undefined ? null : treeCpuMs(pid);
  const result = await autocannon({
    url,
    connections: clients,
    duration: SECONDS,
    requests: paths.map((path) => ({ method: 'GET' as const, path, headers })),
  });
  const cpuAfter = pid === undefined ? null : treeCpuMs(pid);
  const cpu =
    cpuBefore === null || cpuAfter === null ? '' : ((cpuAfter - cpuBefore) / result.requests.total).toFixed(2);
  return {
    cpu,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Re-syncs the board one job after another until stopped; counts the syncs that finished. */
function continuousSyncs(server: BenchServer) {
  let stopped = false;
  let done = 0;
  const loop = (async () => {
    while (!stopped) {
      const res = await server.post('/api/sync-board', { groupId: server.boardId });
      if (res.status !== 202) throw new Error(`sync-board: ${res.status} ${await res.text()}`);
      await untilSynced(server);
      done += 1;
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return done;
    },
  };
}

async function bareHono(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'bare-hono.ts'), String(port), String(PROCESSES)],
    {
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url);
  return { url, child };
}

const loadBefore = loadavg()[0]!;
const rows: Row[] = [];
let calls = 0;
const server = await startServer(PROCESSES);
try {
  const paths = await mix(server);
  calls = paths.length;
  const headers = { authorization: `Bearer ${server.token}` };
  for (const clients of CLIENTS) {
    rows.push({
      target: `${paths.length} calls`,
      clients,
      ...(await run(server.base, paths, clients, headers, server.child.pid)),
      syncs: '',
    });
    const syncs = continuousSyncs(server);
    const r = await run(server.base, paths, clients, headers, server.child.pid);
    rows.push({ target: `${paths.length} calls, syncing`, clients, ...r, syncs: String(await syncs.stop()) });
  }
} finally {
  await server.stop();
}
const bare = await bareHono();
try {
  for (const clients of CLIENTS)
    rows.push({
      target: 'bare Hono c.json',
      clients,
      ...(await run(bare.url, ['/'], clients, {})),
      syncs: '',
      cpu: '',
    });
} finally {
  bare.child.kill('SIGTERM');
}

console.log(
  `\nLoad: the demo board's ${calls} widget and report calls in turn per client, ${SECONDS} s a run, ${PROCESSES} HTTP processes (Node ${process.version}, ${availableParallelism()} cores, 1-minute load average before: ${loadBefore.toFixed(2)})\n`,
);
const head = ['target', 'clients', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', 'syncs done', 'server CPU ms/req'];
const cells = rows.map((r) => [
  r.target,
  String(r.clients),
  r.rps.toFixed(0),
  r.p50.toFixed(1),
  r.p99.toFixed(1),
  r.max.toFixed(0),
  String(r.errors),
  r.syncs,
  r.cpu,
]);
const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
console.log(line(head));
console.log('-'.repeat(line(head).length));
for (const c of cells) console.log(line(c));
console.log(
  '\ntargets (issue 19): at least 1 442 req/s (twice 721); p99 ≤ 50 ms without syncs, ≤ 100 ms while syncing; 0 errors.',
);
