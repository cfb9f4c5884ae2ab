/**
 * The scheduled half of bench:packs (issue 30): `n` generated companies, each a board of its own with a
 * report pack scheduled for the same moment, planned by one planner run and sent by the job runner to a
 * local SMTP server (smtp-server on a loopback port), two recipients each: every pack rendered, frozen
 * and mailed as a scheduled run does it (features/report-packs/schedule-run.ts). Prints the time from the
 * plan to the last delivery (target: 500 packs within 10 minutes) and the process's peak memory.
 * The companies' ledgers are made and synced in before the clock starts.
 */
import { eq } from 'drizzle-orm';
import { generateDemoLedger } from '../src/connectors/demo/demo-ledger.ts';
import { packDelivery, packSchedule, scheduledJob } from '../src/db/schema/index.ts';
import { packScheduler } from '../src/features/report-packs/schedule-run.ts';
import { PACK_SEND_JOB } from '../src/jobs/pack-schedules.ts';
import { scheduledJobs } from '../src/jobs/scheduled.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { createTestApp } from '../src/test/create-test-app.ts';
import { boardOfLedger, ledgerOf } from '../src/test/ledger-boards.ts';
import { startSmtpPeer } from '../test-tools/smtp-peer.ts';

/** How many runs one process works on at once (each awaits its renders' reads and the SMTP server). */
const RUNNERS = 4;
const SECTIONS = [
  { kind: 'cover' },
  { kind: 'profitLoss', compare: 'lastYear' },
  { kind: 'balanceSheet', compare: 'lastYear' },
  { kind: 'commentary', text: 'Driftsinntektene ble {{line:revenue}} kr.', compare: 'lastYear' },
];

export async function benchScheduledPacks(n: number): Promise<void> {
  const smtp = await startSmtpPeer();
  const t = await createTestApp({
    database: 'file',
    mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'Saldo <no-reply@saldo.no>' }),
  });
  const token = (await t.login()).jwtToken;
  const setUp = performance.now();
  for (let i = 0; i < n; i++) {
    const records = generateDemoLedger({ seed: 9_000 + i, fromMonth: '2025-01', toMonth: '2026-10', scale: 0.25 });
    const { boardId } = await boardOfLedger(t, ledgerOf(records), { source: `Selskap ${i}`, board: `Selskap ${i} AS` });
    const base = `/api/report-packs/${boardId}`;
    const made = await t.request(base, {
      method: 'POST',
      token,
      body: JSON.stringify({ name: 'Månedsrapport', sections: SECTIONS }),
    });
    const packId = (await made.json())._id as string;
    const body = { rule: 'monthly', recipients: [`styret${i}@example.no`, `leder${i}@example.no`], message: 'Hei' };
    const saved = await t.request(`${base}/${packId}/schedule`, { method: 'PUT', token, body: JSON.stringify(body) });
    if (saved.status !== 200) throw new Error(`schedule ${i}: ${saved.status} ${await saved.text()}`);
  }
  // Every schedule saved long ago: all owe their latest month at the same moment.
  await t.deps.db.update(packSchedule).set({ since: '2000-01-01' });
  console.log(`${n} companies with a scheduled pack made in ${((performance.now() - setUp) / 1000).toFixed(0)} s`);

  const packs = packScheduler({ ...t.deps, fetchApi: async (request) => t.app.fetch(request) });
  const runner = scheduledJobs(
    { backup: undefined, databaseUrl: t.deps.databaseUrl, dataDir: t.dataDir, baseUrl: 'http://localhost:3000' },
    { db: t.deps.db, mailer: t.deps.mailer, packs },
    { retryMs: 1_000 },
  )!;
  let peakRss = 0;
  let peakHeap = 0;
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 100);
  const t0 = performance.now();
  await packs.plan();
  const work = async () => {
    while (await runner.runNext());
  };
  await Promise.all(Array.from({ length: RUNNERS }, work));
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sample);
  const jobs = await t.deps.db.select().from(scheduledJob).where(eq(scheduledJob.kind, PACK_SEND_JOB));
  const sent = await t.deps.db.select().from(packDelivery).where(eq(packDelivery.status, 'sent'));
  const done = jobs.filter((j) => j.status === 'done').length;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(
    `${n} scheduled packs rendered and sent: ${seconds.toFixed(1)} s (${((seconds * 1000) / n).toFixed(0)} ms a pack, ${RUNNERS} runs at once; at that pace 500 take ${(((seconds / n) * 500) / 60).toFixed(1)} min, target ≤ 10), ${done}/${jobs.length} runs done, ${sent.length} mails accepted by the SMTP server (${smtp.received.length} received); peak RSS ${mb(peakRss)} MB, heap ${mb(peakHeap)} MB`,
  );
  if (done !== n || smtp.received.length !== 2 * n) throw new Error('not every scheduled pack was sent exactly once');
  await smtp.close();
}
