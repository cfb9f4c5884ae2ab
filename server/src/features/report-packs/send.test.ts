import { createHash } from 'node:crypto';
import type { Portfolio } from '@saldo/contract';
import type { PackSnapshot, SnapshotChanges } from '@saldo/contract/schemas/report-packs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedMail, type SmtpPeer, startSmtpPeer } from '../../../test-tools/smtp-peer.ts';
import { demoPeriod } from '../../connectors/demo/demo-company.ts';
import { generateDemoLedger } from '../../connectors/demo/demo-connector.ts';
import type { LedgerRecord } from '../../connectors/types.ts';
import { apiAccount, auditEvent, packSnapshot, scheduledJob } from '../../db/schema/index.ts';
import { PACK_RECHECK_JOB } from '../../jobs/pack-schedules.ts';
import { scheduledJobs } from '../../jobs/scheduled.ts';
import { createMailer } from '../../mail/mailer.ts';
import { TEST_TODAY } from '../../test/create-test-app.ts';
import { FIRM_PROFILE, putFirm } from '../../test/firm.ts';
import { getOk, ledgerOf, type SignedIn, signedInApp } from '../../test/ledger-boards.ts';
import { pageText, readBack } from '../exports/pdf/read-back.ts';
import { ingestLedger } from '../sync/ingest.ts';
import { recheckSentPacks } from './changed.ts';
import { packScheduler } from './schedule-run.ts';
import { SNAPSHOT_LINK_DAYS } from './send.ts';

// Issue 30: a pack sent through the API to a real SMTP server (smtp-server on a loopback port). Each
// recipient gets one message with the PDF attached; the attachment's bytes are the snapshot's, which
// the API serves unchanged after a resync has changed the ledger, and whose `changes` then name
// exactly the figures the new posting moved.

const PERIOD = { startDate: '2026-01-01', endDate: '2026-06-30' };
const RECIPIENTS = ['styret@nordlys.no', 'leder@nordlys.no'];
const OBSERVATION = 'Salgsinntekten økte mot samme periode i fjor.';
/** A sale of 10 000 kr on account 3000 in March 2026, paid to the bank: booked after the pack was sent. */
const LATE_SALE = 1_000_000;

/** The demo company's ledger with the late sale, synced in as a sync writes it (a new ledger version). */
const resync = () =>
  ingestLedger(
    app.t.deps.db,
    app.t.apiAccountId,
    ledgerOf([
      ...generateDemoLedger({ seed: 4102, ...demoPeriod(TEST_TODAY) }),
      { kind: 'posting', date: '2026-03-15', voucher: 'SEN-1', accountNumber: 1920, amount: LATE_SALE },
      { kind: 'posting', date: '2026-03-15', voucher: 'SEN-1', accountNumber: 3000, amount: -LATE_SALE },
    ] satisfies LedgerRecord[]),
  );

let smtp: SmtpPeer;
let app: SignedIn;
let packId: string;
let sent: PackSnapshot;

/** The parts of a MIME message (one level of multipart is enough for nodemailer's mixed message). */
function attachmentOf(raw: string): { type: string; bytes: Buffer } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)![1]!;
  const parts = raw.split(`--${boundary}`);
  const pdf = parts.find((p) => /content-type:\s*application\/pdf/i.test(p))!;
  const body = pdf.slice(pdf.search(/\r?\n\r?\n/)).replace(/\s+/g, '');
  expect(pdf).toMatch(/content-transfer-encoding:\s*base64/i);
  return { type: 'application/pdf', bytes: Buffer.from(body, 'base64') };
}

const api = (path: string, init: { method?: string; body?: unknown; token?: string | null } = {}) =>
  app.t.request(`/api/report-packs/${app.t.boardId}${path}`, {
    method: init.method ?? 'GET',
    ...(init.token === null ? {} : { token: init.token ?? app.token }),
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  smtp = await startSmtpPeer();
  const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'Saldo <no-reply@saldo.no>' });
  app = await signedInApp({ mailer });
  expect((await putFirm(app.t, app.token)).status).toBe(200);
  const sections = [
    { kind: 'cover' },
    { kind: 'profitLoss', compare: 'none' },
    { kind: 'commentary', text: 'Driftsinntekter {{line:revenue}} kr.', compare: 'lastYear' },
  ];
  const made = await api('', { method: 'POST', body: { name: 'Halvårsrapport', language: 'nor', sections } });
  expect(made.status).toBe(201);
  packId = (await made.json())._id;
  const res = await api(`/${packId}/send`, {
    method: 'POST',
    body: {
      ...PERIOD,
      recipients: RECIPIENTS,
      message: 'Hei styret,\n\nher er halvårsrapporten.',
      observations: [OBSERVATION],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  sent = await res.json();
}, 120_000);
afterAll(() => smtp.close());

describe('a report pack sent', () => {
  it('answers the snapshot: the period, the recipients, the sender, the hash and size of the bytes', async () => {
    expect(sent).toMatchObject({ packId, ...PERIOD, recipients: RECIPIENTS, sentBy: app.t.userId, language: 'nor' });
    expect(sent.figureCount).toBeGreaterThan(20);
    const listed = await (await api(`/${packId}/snapshots`)).json();
    expect(listed).toEqual([sent]);
  });

  it('mails each recipient once, under the firm name, with the PDF attached whose bytes are the snapshot’s', async () => {
    expect(smtp.received.map((m) => m.to)).toEqual(RECIPIENTS.map((r) => [r]));
    const frozen = new Uint8Array(await (await api(`/${packId}/snapshots/${sent._id}`)).arrayBuffer());
    expect(sha256(frozen)).toBe(sent.contentHash);
    expect(frozen.length).toBe(sent.bytes);
    for (const mail of smtp.received) {
      expect(mail.raw).toMatch(/^From: "?Accountflow Regnskap"? <no-reply@saldo\.no>/m);
      expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${FIRM_PROFILE.replyTo}`, 'mi'));
      const attached = attachmentOf(mail.raw);
      expect(Buffer.compare(attached.bytes, Buffer.from(frozen))).toBe(0);
      expect(decodedMail(mail.raw)).toContain('her er halvårsrapporten.');
    }
    const read = await readBack(frozen);
    const text = Array.from({ length: read.pages }, (_, i) => pageText(read, i + 1)).join('\n');
    expect(text).toContain(OBSERVATION);
    expect(text).toContain('Resultatregnskap');
  });

  it('refuses a bad recipient list or message, and then sends and stores nothing', async () => {
    const mails = smtp.received.length;
    const many = Array.from({ length: 21 }, (_, i) => `styre${i}@nordlys.no`);
    for (const body of [
      { recipients: [] },
      { recipients: many },
      { recipients: ['ikke en adresse'] },
      { recipients: ['a@nordlys.no', 'A@nordlys.no'] },
      { recipients: ['a@nordlys.no'], message: 'x'.repeat(2_001) },
      { recipients: ['a@nordlys.no'], observations: ['x'.repeat(1_001)] },
    ]) {
      const res = await api(`/${packId}/send`, { method: 'POST', body: { ...PERIOD, ...body } });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const reversed = await api(`/${packId}/send`, {
      method: 'POST',
      body: { startDate: PERIOD.endDate, endDate: PERIOD.startDate, recipients: ['a@nordlys.no'] },
    });
    expect([reversed.status, (await reversed.json()).code]).toEqual([400, 'INVALID_DATE_RANGE']);
    expect(smtp.received.length).toBe(mails);
    expect(await (await api(`/${packId}/snapshots`)).json()).toHaveLength(1);
  });

  it('refuses a pack that would run over 100 pages, with how many, and then sends and stores nothing', async () => {
    const mails = smtp.received.length;
    // Three notes of 2 000 short paragraphs each: well over 100 pages in a body of 60 KB.
    const text = 'Merknad.\n\n'.repeat(2_000).trim();
    const made = await api('', {
      method: 'POST',
      body: { name: 'For lang', sections: Array.from({ length: 3 }, () => ({ kind: 'notes', text })) },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const long = (await made.json())._id as string;
    const res = await api(`/${long}/send`, { method: 'POST', body: { ...PERIOD, recipients: ['a@nordlys.no'] } });
    const body = await res.json();
    expect([res.status, body.code]).toEqual([422, 'PACK_TOO_MANY_PAGES']);
    expect(body.details.pages).toBeGreaterThan(100);
    expect(smtp.received.length).toBe(mails);
    expect(await (await api(`/${long}/snapshots`)).json()).toEqual([]);
    expect(await (await api(`/${long}/deliveries`)).json()).toEqual([]);
  }, 120_000);

  it('records the send in the audit trail, and withdraws the snapshot and its record when a mail cannot be sent', async () => {
    const sends = async () =>
      (await app.t.deps.db.select().from(auditEvent).where(eq(auditEvent.action, 'pack.sent'))).map((e) => e.target);
    expect(await sends()).toEqual([{ snapshotId: sent._id, packId, ...PERIOD, recipients: RECIPIENTS }]);
    const mails = smtp.received.length;
    // The mail host refuses the recipient for good.
    smtp.refuseNext(1, 550);
    const res = await api(`/${packId}/send`, { method: 'POST', body: { ...PERIOD, recipients: ['nei@nordlys.no'] } });
    expect([res.status, (await res.json()).code]).toEqual([502, 'PACK_SEND_FAILED']);
    expect(smtp.received.length).toBe(mails);
    expect(await (await api(`/${packId}/snapshots`)).json()).toHaveLength(1);
    expect(await sends()).toHaveLength(1);
  });

  it('opens the same bytes through the mailed link without a login, and nothing through a made-up one', async () => {
    // The mail links to the portal's page of the snapshot, which reads the API's public snapshot by its secret.
    const page = /https?:\/\/\S+\/pack\/([\w-]+)/.exec(decodedMail(smtp.received[0]!.raw))!;
    expect(page[0]).toBe(`${app.t.deps.baseUrl}/pack/${page[1]}`);
    const link = `${app.t.deps.baseUrl}/api/public/pack-snapshots/${page[1]}`;
    const res = await app.t.request(new URL(link).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sent.contentHash);
    const info = await (await app.t.request(`${new URL(link).pathname}/info`)).json();
    expect(info).toEqual({
      name: 'Halvårsrapport',
      board: 'Nordlys Energiteknikk AS',
      ...PERIOD,
      language: 'nor',
      sentAt: sent.sentAt,
      contentHash: sent.contentHash,
      linkExpiresAt: sent.linkExpiresAt,
      firm: { name: FIRM_PROFILE.name, primaryColor: '#0b6e4f', secondaryColor: '#f4d35e' },
    });
    const wrong = await app.t.request('/api/public/pack-snapshots/not-a-secret-at-all');
    expect([wrong.status, (await wrong.json()).code]).toEqual([404, 'PACK_SNAPSHOT_LINK_NOT_FOUND']);
    // It expires as a public link does (SNAPSHOT_LINK_DAYS after sending): then 410, while the board's members still read it.
    expect(Date.parse(sent.linkExpiresAt) - Date.parse(sent.sentAt)).toBe(SNAPSHOT_LINK_DAYS * 86_400_000);
    await app.t.deps.db
      .update(packSnapshot)
      .set({ linkExpiresAt: new Date(Date.now() - 1) })
      .where(eq(packSnapshot.id, sent._id));
    for (const path of [new URL(link).pathname, `${new URL(link).pathname}/info`]) {
      const expired = await app.t.request(path);
      expect([expired.status, (await expired.json()).code]).toEqual([410, 'PACK_SNAPSHOT_LINK_EXPIRED']);
    }
    expect((await api(`/${packId}/snapshots/${sent._id}`)).status).toBe(200);
  });

  it('keeps the bytes after a resync changes the ledger, and lists exactly the figures the new posting moved', async () => {
    const before = (await (await api(`/${packId}/snapshots/${sent._id}/changes`)).json()) as SnapshotChanges;
    expect([before.changes, before.gone, before.added, before.synced]).toEqual([[], [], [], false]);
    expect(before.vouchers).toEqual({
      added: [],
      changed: [],
      removed: [],
      counts: { added: 0, changed: 0, removed: 0 },
    });

    await resync();

    const frozen = new Uint8Array(await (await api(`/${packId}/snapshots/${sent._id}`)).arrayBuffer());
    expect(sha256(frozen)).toBe(sent.contentHash);

    const after = (await (await api(`/${packId}/snapshots/${sent._id}/changes`)).json()) as SnapshotChanges;
    expect(after.synced).toBe(true);
    expect([after.gone, after.added]).toEqual([[], []]);
    // A sale on 3000 moves its account's line, its group and every sum from operating income down to the
    // year's result, in March and in the period's total, by 10 000 kr each; and the commentary's income.
    const rows = [
      'Salgsinntekt',
      '  3000 Salgsinntekt, avgiftspliktig',
      'Sum driftsinntekter',
      'Bruttofortjeneste',
      'Driftsresultat',
      'Ordinært resultat før skattekostnad',
      'Årsresultat',
    ];
    const table = after.changes.filter((c) => c.id.includes('/Resultatregnskap/'));
    const moved = new Set(table.map((c) => c.id.split('/')[2]));
    expect([...moved].sort()).toEqual([...rows].sort());
    expect(table).toHaveLength(rows.length * 2);
    for (const change of table) {
      expect(change.id.split('/')[3]).toMatch(/^(mar 2026|Totalt)$/);
      expect(Number(change.now) - Number(change.sent), change.label).toBe(LATE_SALE / 100);
    }
    const commentary = after.changes.filter((c) => c.id.includes('/Kommentar/'));
    expect(commentary).toHaveLength(1);
    const kroner = (text: unknown) => Number(String(text).replace(/\D/g, ''));
    expect(kroner(commentary[0]!.now) - kroner(commentary[0]!.sent)).toBe(LATE_SALE / 100);
    expect(after.changes).toHaveLength(table.length + 1);
    // And the voucher booked since, with its debit total; nothing else of the period was touched.
    expect(after.vouchers).toEqual({
      added: [{ date: '2026-03-15', voucher: 'SEN-1', description: null, debitSent: null, debitNow: LATE_SALE }],
      changed: [],
      removed: [],
      counts: { added: 1, changed: 0, removed: 0 },
    });
  }, 120_000);

  it("keeps for the portfolio, after each sync, the sent packs whose figures differ now (each pack's latest snapshot)", async () => {
    const { db, tokens } = app.t.deps;
    const recheck = () =>
      recheckSentPacks({ db, tokens, fetchApi: async (r) => app.t.app.fetch(r) }, app.t.apiAccountId);
    const count = async () =>
      (await getOk<Portfolio>(app, '/api/portfolio', 'startDate=2026-01-01&endDate=2026-06-30')).sentPacks;
    // A second pack, on last year's half, sent after the late sale: nothing in it moved.
    const made = await api('', {
      method: 'POST',
      body: { name: 'Fjorårets halvår', sections: [{ kind: 'profitLoss', compare: 'none' }] },
    });
    const other = (await made.json())._id as string;
    const send = (id: string, period: { startDate: string; endDate: string }) =>
      api(`/${id}/send`, { method: 'POST', body: { ...period, recipients: ['styret@nordlys.no'] } });
    const otherSent = await send(other, { startDate: '2025-01-01', endDate: '2025-06-30' });
    expect(otherSent.status).toBe(201);
    const otherId = (await otherSent.json())._id as string;
    // The portfolio reads what the check after a sync kept: none has run since the late sale was written.
    expect(await count()).toEqual({ sent: 2, changed: 0, snapshots: [] });
    // The check reads the half-year pack again (the other was sent at the version it would read).
    expect(await recheck()).toBe(1);
    const first = await count();
    // The half-year pack: seven P&L lines in two columns, and the commentary's income.
    expect(first).toEqual({
      sent: 2,
      changed: 1,
      snapshots: [{ snapshotId: sent._id, groupId: app.t.boardId, packId, name: 'Halvårsrapport', figures: 15 }],
    });
    expect(await recheck()).toBe(0);
    // Synced again with the same ledger: a new version, the same figures.
    await resync();
    expect(await recheck()).toBe(2);
    const same = (await (await api(`/${other}/snapshots/${otherId}/changes`)).json()) as SnapshotChanges;
    expect([same.synced, same.changes, same.vouchers?.counts]).toEqual([
      true,
      [],
      { added: 0, changed: 0, removed: 0 },
    ]);
    expect(await count()).toEqual(first);
    // Sent again, the pack's latest snapshot shows the live figures.
    expect((await send(packId, PERIOD)).status).toBe(201);
    expect(await count()).toEqual({ sent: 2, changed: 0, snapshots: [] });
  }, 120_000);

  it('queues the check of the sent packs when a sync of the source ends, once per data version', async () => {
    const { db, sync } = app.t.deps;
    await sync.enqueue([app.t.apiAccountId]);
    await sync.drain();
    const [source] = await db.select().from(apiAccount).where(eq(apiAccount.id, app.t.apiAccountId));
    const queued = await db.select().from(scheduledJob).where(eq(scheduledJob.kind, PACK_RECHECK_JOB));
    expect(queued.map((j) => [j.slot, j.status, j.payload])).toEqual([
      [`${app.t.apiAccountId}@${source!.dataVersion}`, 'queued', { sourceId: app.t.apiAccountId }],
    ]);
    // The process's scheduled jobs run it: the demo ledger is back without the late sale, so the pack sent
    // with it has moved.
    const runner = scheduledJobs(
      { backup: undefined, databaseUrl: ':memory:', dataDir: app.t.dataDir, baseUrl: 'http://localhost:3000' },
      {
        db,
        mailer: app.t.deps.mailer,
        packs: packScheduler({ ...app.t.deps, fetchApi: async (r) => app.t.app.fetch(r) }),
      },
    )!;
    while (await runner.runNext());
    const [ran] = await db.select().from(scheduledJob).where(eq(scheduledJob.id, queued[0]!.id));
    expect([ran!.status, ran!.result]).toEqual(['done', '2 sent packs compared with the synced ledger']);
    const portfolio = await getOk<Portfolio>(app, '/api/portfolio', 'startDate=2026-01-01&endDate=2026-06-30');
    expect(portfolio.sentPacks.snapshots.map((s) => s.name)).toEqual(['Halvårsrapport']);
  }, 120_000);
});
