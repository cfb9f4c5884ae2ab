/**
 * CPU per request of one process: the load bench's 18 widget and report calls of the demo board,
 * through app.request() (no sockets), on a libSQL file as a server has. CPU time, unlike req/s, is
 * robust on a shared machine. Run it under `node --cpu-prof --import tsx` to see where the time goes.
 * Usage: tsx bench/request-cpu.ts [rounds]; PER_PATH=1 adds each call's CPU, PROFILE=file a profile.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createApp } from '../src/app.ts';
import { createTestApp } from '../src/test/create-test-app.ts';
import { MIX_CUSTOM_WIDGETS, mixPaths } from './load-mix.ts';

const ROUNDS = Number(process.argv[2] ?? 300);
const CONCURRENCY = 20;

const t = await createTestApp({ database: 'file', devOutbox: false });
const { jwtToken: token } = await t.login();
const b = t.boardId;
const ids: string[] = [];
for (const body of MIX_CUSTOM_WIDGETS) {
  const res = await t.request(`/api/widgets/${b}/custom/create`, { method: 'POST', token, body: JSON.stringify(body) });
  ids.push((await res.json())._id);
}
const paths = mixPaths(b, ids);
// The app as main.ts serves it: the test app's requests also check each answer against its schema.
const app = createApp(t.deps);
const headers = { authorization: `Bearer ${token}` };
const call = async (path: string) => {
  const res = await app.request(path, { headers });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
};
// Warm-up: every path once (caches filled, code compiled), as a server that has run a while.
for (let i = 0; i < 3; i++) for (const p of paths) await call(p);

const perPath = new Map<string, number>();
// PROFILE=file.cpuprofile: a CPU profile of the measured requests only, not of the set-up.
const inspector = process.env.PROFILE ? new Session() : null;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
  await inspector.post('Profiler.start');
}
const start = process.cpuUsage();
const wall = performance.now();
let n = 0;
const client = async (offset: number) => {
  for (let r = 0; r < ROUNDS / CONCURRENCY; r++)
    for (let i = 0; i < paths.length; i++) {
      await call(paths[(i + offset) % paths.length]!);
      n++;
    }
};
await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => client(i)));
const used = process.cpuUsage(start);
if (inspector) {
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(process.env.PROFILE!, JSON.stringify(profile));
}
const cpuMs = (used.user + used.system) / 1000;
console.log(
  `${n} requests, ${(cpuMs / n).toFixed(3)} ms CPU per request (user ${(used.user / 1000 / n).toFixed(3)}, system ${(used.system / 1000 / n).toFixed(3)}), wall ${((performance.now() - wall) / n).toFixed(3)} ms per request`,
);
// One path at a time, sequentially: which calls cost most.
if (process.env.PER_PATH) {
  for (const p of paths) {
    const s = process.cpuUsage();
    for (let i = 0; i < 50; i++) await call(p);
    const u = process.cpuUsage(s);
    perPath.set(p.replaceAll(b, ':board').replace(/\/custom\/[^?]+/, '/custom/:id'), (u.user + u.system) / 1000 / 50);
  }
  for (const [p, ms] of perPath) console.log(`${ms.toFixed(3)} ms  ${p}`);
}
process.exit(0);
