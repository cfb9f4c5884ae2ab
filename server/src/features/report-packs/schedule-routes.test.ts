import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvent } from '../../db/schema/index.ts';
import { createTestApp, TEST_TODAY, type TestApp } from '../../test/create-test-app.ts';

// A report pack's schedule through the API (issue 30): what a schedule may say, who may set and read
// it, and the deliveries a send records.

let t: TestApp;
let owner: string;
let viewer: string;
let outsider: string;
let packId: string;
const path = (rest = '') => `/api/report-packs/${t.boardId}/${packId}${rest}`;

const call = (url: string, token: string, method = 'GET', body?: unknown) =>
  t.request(url, { method, token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const SCHEDULE = { rule: 'quarterly', day: 10, recipients: ['styret@nordlys.no', 'leder@nordlys.no'], message: 'Hei' };

beforeAll(async () => {
  t = await createTestApp({ now: () => TEST_TODAY.getTime() });
  owner = (await t.login()).jwtToken;
  viewer = (await t.signUp('viewer@example.no', { member: 'Viewer' })).token;
  outsider = (await t.signUp('outsider@example.no')).token;
  const made = await call(`/api/report-packs/${t.boardId}`, owner, 'POST', {
    name: 'Kvartal',
    sections: [{ kind: 'profitLoss', compare: 'none' }],
  });
  packId = (await made.json())._id;
});

describe('a report pack schedule', () => {
  it('is none until saved; saved, it names its next send day and its owner, and is recorded in the audit trail', async () => {
    expect(await (await call(path('/schedule'), owner)).json()).toBeNull();
    const res = await call(path('/schedule'), owner, 'PUT', SCHEDULE);
    expect(res.status).toBe(200);
    const saved = await res.json();
    // 2026-11-21: the third quarter's day (2026-10-10) has passed; the fourth's is 2027-01-10.
    expect(saved).toMatchObject({ ...SCHEDULE, ownerId: t.userId, since: '2026-11-21', nextSendDay: '2027-01-10' });
    expect(await (await call(path('/schedule'), viewer)).json()).toEqual(saved);
    // Saved again, it keeps its id.
    const again = await (await call(path('/schedule'), owner, 'PUT', { ...SCHEDULE, rule: 'when-booked' })).json();
    expect([again._id, again.day, again.nextSendDay]).toEqual([saved._id, null, null]);
    const records = await t.deps.db.select().from(auditEvent).where(eq(auditEvent.action, 'pack.scheduled'));
    expect(records.map((r) => r.target.rule)).toEqual(['quarterly', 'when-booked']);
  });

  it('refuses a bad rule, day, recipient list or message', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `styre${i}@nordlys.no`);
    for (const body of [
      { ...SCHEDULE, rule: 'weekly' },
      { ...SCHEDULE, day: 29 },
      { ...SCHEDULE, day: 0 },
      { ...SCHEDULE, recipients: [] },
      { ...SCHEDULE, recipients: many },
      { ...SCHEDULE, recipients: ['ikke en adresse'] },
      { ...SCHEDULE, recipients: ['a@nordlys.no', 'A@nordlys.no'] },
      { ...SCHEDULE, message: 'x'.repeat(2_001) },
      { ...SCHEDULE, extra: true },
    ]) {
      const res = await call(path('/schedule'), owner, 'PUT', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });

  it('needs the share right to change, and is 404 for a pack or board that is not there', async () => {
    expect((await call(path('/schedule'), viewer, 'PUT', SCHEDULE)).status).toBe(403);
    expect((await call(path('/schedule'), viewer, 'DELETE')).status).toBe(403);
    const foreign = await call(path('/schedule'), outsider, 'PUT', SCHEDULE);
    expect(foreign.status).toBe(404);
    const missing = await call(`/api/report-packs/${t.boardId}/no-such-pack/schedule`, owner, 'PUT', SCHEDULE);
    expect([missing.status, (await missing.json()).code]).toEqual([404, 'PACK_NOT_FOUND']);
  });

  it('stops when deleted (once), and is recorded', async () => {
    expect((await call(path('/schedule'), owner, 'DELETE')).status).toBe(200);
    const again = await call(path('/schedule'), owner, 'DELETE');
    expect([again.status, (await again.json()).code]).toEqual([404, 'PACK_SCHEDULE_NOT_FOUND']);
    expect(await (await call(path('/schedule'), owner)).json()).toBeNull();
    expect(await t.deps.db.select().from(auditEvent).where(eq(auditEvent.action, 'pack.unscheduled'))).toHaveLength(1);
  });
});

describe("a pack's deliveries", () => {
  it('lists each mail of a send, for a Viewer too, newest first; another board’s member sees none', async () => {
    expect(await (await call(path('/deliveries'), owner)).json()).toEqual([]);
    const sent = await call(path('/send'), owner, 'POST', {
      startDate: '2026-07-01',
      endDate: '2026-09-30',
      recipients: ['styret@nordlys.no', 'leder@nordlys.no'],
    });
    expect(sent.status).toBe(201);
    const snapshotId = (await sent.json())._id;
    const listed = await (await call(path('/deliveries'), viewer)).json();
    expect(
      listed.map((d: Record<string, unknown>) => [d.recipient, d.status, d.attempts, d.snapshotId, d.scheduleId]),
    ).toEqual([
      ['leder@nordlys.no', 'sent', 1, snapshotId, null],
      ['styret@nordlys.no', 'sent', 1, snapshotId, null],
    ]);
    expect(listed.every((d: { sentAt: string | null }) => d.sentAt !== null)).toBe(true);
    expect((await call(path('/deliveries'), outsider)).status).toBe(404);
  });
});
