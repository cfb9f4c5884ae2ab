import type { AlertEvent, AlertRule, Board, Portfolio } from '@saldo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { boardThroughApi, getOk, ledgerOf, type SignedIn, signedInApp } from '../../test/ledger-boards.ts';
import { ingestLedger } from '../sync/ingest.ts';
import { evaluateAfterSync } from './after-sync.ts';

// Alert rules fire and stay quiet on crafted ledgers, through the routes, the evaluation after a sync,
// the portfolio's flag and the history; a figure a board cannot compute is '–' with its reason.

let app: SignedIn;
let loss: string;
let profit: string;
let noRevenue: string;

/** June 2025 of a company: revenue and costs (kr), the difference in the bank. */
const june = (revenueKr: number, costsKr: number) => {
  const line = (accountNumber: number, amount: number) =>
    ({ kind: 'posting', date: '2025-06-15', voucher: 'V1', accountNumber, amount }) as const;
  return ledgerOf([line(3000, -revenueKr * 100), line(6300, costsKr * 100), line(1920, (revenueKr - costsKr) * 100)]);
};

const call = (path: string, method = 'GET', body?: unknown, token = app.token) =>
  app.t.request(path, { method, token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const sourceOf = async (boardId: string) => (await getOk<Board>(app, `/api/group-account/${boardId}`)).apis[0]!;

beforeAll(async () => {
  app = await signedInApp();
  loss = await boardThroughApi(app, 'Tapet AS', june(100_000, 150_000));
  profit = await boardThroughApi(app, 'Overskudd AS', june(100_000, 50_000));
  noRevenue = await boardThroughApi(app, 'Uten inntekt AS', june(0, 10_000));
  for (const id of [loss, profit, noRevenue]) {
    const res = await call(`/api/group-account/${id}/assignment`, 'PUT', { tags: [' bygg ', 'bygg', 'Oslo'] });
    expect(res.status).toBe(200);
  }
});

const rule = {
  name: 'Underskudd',
  metric: 'result',
  comparison: 'below',
  threshold: 0,
  period: 'lastMonth',
  scope: { kind: 'tag', tag: 'bygg' },
};

describe('alert rules on crafted ledgers', () => {
  let ruleId: string;

  it('says of each board in scope whether the rule is met now, and why', async () => {
    const res = await call('/api/alerts', 'POST', rule);
    expect(res.status).toBe(201);
    const made = (await res.json()) as AlertRule;
    ruleId = made._id;
    const byBoard = Object.fromEntries(made.boards.map((b) => [b.name, [b.state, b.value, b.reason]]));
    expect(byBoard).toEqual({
      'Tapet AS': ['met', -5_000_000, 'below'],
      'Overskudd AS': ['quiet', 5_000_000, null],
      'Uten inntekt AS': ['met', -1_000_000, 'below'],
    });
  });

  it('opens an event after the sync of a board that meets it, flags its portfolio row, and keeps the others quiet', async () => {
    for (const id of [loss, profit]) await evaluateAfterSync(app.t.deps.db, await sourceOf(id));
    const portfolio = await getOk<Portfolio>(app, '/api/portfolio', 'startDate=2025-01-01&endDate=2025-12-31');
    const row = (id: string) => portfolio.rows.find((r) => r.groupId === id)!;
    expect(row(loss).alerts).toEqual([
      {
        ruleId,
        ruleName: 'Underskudd',
        metric: 'result',
        reason: 'below',
        value: -5_000_000,
        threshold: 0,
        period: '2025-06',
      },
    ]);
    expect(row(loss).needsAttention).toBe(true);
    expect(row(profit).alerts).toEqual([]);
    const open = await getOk<AlertEvent[]>(app, '/api/alerts/events', `groupId=${loss}&state=open`);
    expect(open.map((e) => [e.ruleId, e.reason, e.value, e.resolvedAt])).toEqual([[ruleId, 'below', -5_000_000, null]]);
    expect(await getOk<AlertEvent[]>(app, '/api/alerts/events', `groupId=${profit}`)).toEqual([]);
  });

  it('keeps one open event while the rule stays met, and resolves it when the ledger no longer meets it (history kept)', async () => {
    const source = await sourceOf(loss);
    await evaluateAfterSync(app.t.deps.db, source);
    expect(await getOk<AlertEvent[]>(app, '/api/alerts/events', `groupId=${loss}`)).toHaveLength(1);
    await ingestLedger(app.t.deps.db, source, june(100_000, 40_000));
    await evaluateAfterSync(app.t.deps.db, source);
    expect(await getOk<AlertEvent[]>(app, '/api/alerts/events', `groupId=${loss}&state=open`)).toEqual([]);
    const all = await getOk<AlertEvent[]>(app, '/api/alerts/events', `groupId=${loss}&state=all`);
    expect(all).toHaveLength(1);
    expect(all[0]!.resolvedAt).not.toBeNull();
    const portfolio = await getOk<Portfolio>(app, '/api/portfolio', 'startDate=2025-01-01&endDate=2025-12-31');
    expect(portfolio.rows.find((r) => r.groupId === loss)!.alerts).toEqual([]);
    // Met again: a new event, the old one stays in the history.
    await ingestLedger(app.t.deps.db, source, june(100_000, 150_000));
    await evaluateAfterSync(app.t.deps.db, source);
    const again = await getOk<AlertEvent[]>(app, '/api/alerts/events', `groupId=${loss}`);
    expect(again.map((e) => e.resolvedAt === null)).toEqual([true, false]);
  });

  it("shows '–' with the reason for a ratio the board cannot compute, and never opens an alert for it", async () => {
    const res = await call('/api/alerts', 'POST', {
      name: 'Lav bruttomargin',
      metric: 'grossMargin',
      comparison: 'below',
      threshold: 10,
      scope: { kind: 'board', groupId: noRevenue },
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as AlertRule;
    expect(made.scope).toEqual({ kind: 'board', groupId: noRevenue, name: 'Uten inntekt AS' });
    expect(made.boards).toEqual([
      {
        groupId: noRevenue,
        name: 'Uten inntekt AS',
        state: 'unknown',
        value: null,
        period: '2025-06',
        reason: 'noBase',
      },
    ]);
    const change = await call('/api/alerts', 'POST', {
      name: 'Fall i omsetning',
      metric: 'revenue',
      comparison: 'changeBelow',
      threshold: -20,
      scope: { kind: 'board', groupId: profit },
    });
    expect(((await change.json()) as AlertRule).boards[0]).toMatchObject({ state: 'unknown', reason: 'noLastYear' });
    await evaluateAfterSync(app.t.deps.db, await sourceOf(noRevenue));
    const events = await getOk<AlertEvent[]>(app, '/api/alerts/events', `groupId=${noRevenue}`);
    // Only the loss rule (met); the gross margin over no revenue is no alert.
    expect(events.map((e) => e.ruleName)).toEqual(['Underskudd']);
  });

  it('lists, changes and deletes only the user’s own rules', async () => {
    const list = await getOk<AlertRule[]>(app, '/api/alerts');
    expect(list.map((r) => r.name)).toEqual(['Underskudd', 'Lav bruttomargin', 'Fall i omsetning']);
    const other = await app.t.signUp('annen@example.no');
    expect(await (await call('/api/alerts', 'GET', undefined, other.token)).json()).toEqual([]);
    const theirs = await call(`/api/alerts/${ruleId}`, 'PUT', rule, other.token);
    expect([theirs.status, (await theirs.json()).code]).toEqual([404, 'ALERT_NOT_FOUND']);
    expect((await call(`/api/alerts/${ruleId}`, 'DELETE', undefined, other.token)).status).toBe(404);
    // A rule on a board they may not view is refused as if it did not exist.
    const notTheirs = await call(
      '/api/alerts',
      'POST',
      { ...rule, scope: { kind: 'board', groupId: loss } },
      other.token,
    );
    expect([notTheirs.status, (await notTheirs.json()).code]).toEqual([404, 'BOARD_NOT_FOUND']);
    const changed = await call(`/api/alerts/${ruleId}`, 'PUT', { ...rule, threshold: -10_000_000 });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as AlertRule).boards.map((b) => b.state)).toEqual(['quiet', 'quiet', 'quiet']);
    const last = list[2]!._id;
    expect(await (await call(`/api/alerts/${last}`, 'DELETE')).json()).toEqual({ isDeleted: true });
    expect((await getOk<AlertRule[]>(app, '/api/alerts')).map((r) => r.name)).toEqual([
      'Underskudd',
      'Lav bruttomargin',
    ]);
  });

  it('refuses a bad rule with a clear code, and writes nothing', async () => {
    const bad = async (body: unknown) => {
      const res = await call('/api/alerts', 'POST', body);
      return [res.status, (await res.json()).code];
    };
    const before = (await getOk<AlertRule[]>(app, '/api/alerts')).length;
    expect(await bad({ ...rule, metric: 'ebitda' })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await bad({ ...rule, metric: 'dataAgeDays', comparison: 'changeAbove' })).toEqual([
      400,
      'ALERT_RULE_INVALID',
    ]);
    expect(await bad({ ...rule, name: 'x'.repeat(101) })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await bad({ ...rule, scope: { kind: 'tag', tag: '' } })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await bad({ ...rule, threshold: 'ti' })).toEqual([400, 'VALIDATION_FAILED']);
    expect((await getOk<AlertRule[]>(app, '/api/alerts')).length).toBe(before);
  });
});

describe('the evaluation after a sync', () => {
  it('runs where the sync finishes: a data-age rule is judged after the demo source syncs', async () => {
    const res = await call('/api/alerts', 'POST', {
      name: 'Gamle data',
      metric: 'dataAgeDays',
      comparison: 'above',
      threshold: -1,
      scope: { kind: 'board', groupId: app.t.boardId },
    });
    expect(res.status).toBe(201);
    expect(await getOk<AlertEvent[]>(app, '/api/alerts/events', `groupId=${app.t.boardId}`)).toEqual([]);
    await app.t.deps.sync.enqueue([app.t.apiAccountId]);
    await app.t.deps.sync.drain();
    const events = await getOk<AlertEvent[]>(app, '/api/alerts/events', `groupId=${app.t.boardId}`);
    expect(events.map((e) => [e.ruleName, e.reason, e.value])).toEqual([['Gamle data', 'above', 0]]);
  });
});

describe('tags and the responsible accountant', () => {
  it('keeps tags trimmed and once each, shows them on the board list, and sets a member as responsible', async () => {
    const boards = await getOk<Board[]>(app, '/api/group-account');
    expect(boards.find((b) => b._id === loss)!.tags).toEqual(['bygg', 'Oslo']);
    const member = await app.t.signUp('regnskap@example.no', { member: 'Editor', name: 'Kari' });
    const res = await call(`/api/group-account/${app.t.boardId}/assignment`, 'PUT', { responsibleUserId: member.id });
    expect(await res.json()).toEqual({
      groupId: app.t.boardId,
      tags: [],
      responsible: { id: member.id, name: expect.stringContaining('Kari') },
    });
    const row = (await getOk<Portfolio>(app, '/api/portfolio', 'startDate=2025-01-01&endDate=2025-12-31')).rows.find(
      (r) => r.groupId === app.t.boardId,
    )!;
    expect(row.responsible?.id).toBe(member.id);
    // The Editor may not set them; the owner clears the responsible with null.
    const editor = await call(`/api/group-account/${app.t.boardId}/assignment`, 'PUT', { tags: ['x'] }, member.token);
    expect([editor.status, (await editor.json()).code]).toEqual([403, 'BOARD_SHARE_NOT_ALLOWED']);
    const cleared = await call(`/api/group-account/${app.t.boardId}/assignment`, 'PUT', { responsibleUserId: null });
    expect((await cleared.json()).responsible).toBeNull();
  });

  it('refuses a responsible who is not on the board, more than 20 tags, and a tag over 40 characters', async () => {
    const stranger = await app.t.signUp('fremmed@example.no');
    const bad = async (body: unknown) => {
      const res = await call(`/api/group-account/${loss}/assignment`, 'PUT', body);
      return [res.status, (await res.json()).code];
    };
    expect(await bad({ responsibleUserId: stranger.id })).toEqual([400, 'RESPONSIBLE_NOT_MEMBER']);
    expect(await bad({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await bad({ tags: ['x'.repeat(41)] })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await bad({ tags: ['  '] })).toEqual([400, 'VALIDATION_FAILED']);
    expect((await getOk<Board>(app, `/api/group-account/${loss}`)).tags).toEqual(['bygg', 'Oslo']);
  });
});
