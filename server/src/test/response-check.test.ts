import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { describe, expect, it } from 'vitest';
import { checkResponses, contractProblem, ResponseContractError } from './response-check.ts';

/**
 * The check every HTTP test runs through (create-test-app.ts): a tiny app answering on real routes
 * of the table breaks their schemas on purpose, and the check must refuse each break.
 */
function appAnswering(path: string, body: unknown, status: 200 | 201 = 200) {
  return checkResponses(
    new Hono().post(`/api${path}`, (c) => c.json(body, status)).get(`/api${path}`, (c) => c.json(body, status)),
  );
}

describe('response check', () => {
  it('lets an answer that keeps its schema through', async () => {
    const res = await appAnswering('/feedback/status', { enabled: true }).request('/api/feedback/status');
    expect(await res.json()).toEqual({ enabled: true });
  });

  it('fails an answer with a misspelled field', async () => {
    const app = appAnswering('/feedback/status', { enabeld: true });
    await expect(app.request('/api/feedback/status')).rejects.toThrow(ResponseContractError);
    await expect(app.request('/api/feedback/status')).rejects.toThrow(
      /^GET \/feedback\/status[\s\S]*"enabeld"[\s\S]*at enabled$/,
    );
  });

  it('fails an answer with a field its schema does not name', async () => {
    const app = appAnswering('/feedback/status', { enabled: true, address: 'x@saldo.no' });
    await expect(app.request('/api/feedback/status')).rejects.toThrow(/Unrecognized key.*address/);
  });

  it('fails an answer of the wrong type deep inside', async () => {
    const board = { firstBookedMonth: '2024-01', lastBookedMonth: '2026-10', fiscalYearStart: '1' };
    const app = appAnswering('/group-account/:groupId/periods', board);
    await expect(app.request('/api/group-account/b1/periods')).rejects.toThrow(/fiscalYearStart/);
  });

  it('fails a success status other than the route says', async () => {
    const feedback = appAnswering('/feedback', { sent: true }, 200);
    await expect(feedback.request('/api/feedback', { method: 'POST' })).rejects.toThrow(/answered 200.*says 201/);
    const created = appAnswering('/feedback', { sent: true }, 201);
    expect((await created.request('/api/feedback', { method: 'POST' })).status).toBe(201);
  });

  it('fails JSON from a route that answers none, and from a route missing from the table', async () => {
    const avatar = appAnswering('/profile/avatar/:file', { file: 'a.png' });
    await expect(avatar.request('/api/profile/avatar/a.png')).rejects.toThrow(/says it answers no JSON/);
    const unknown = appAnswering('/no-such-route', { ok: true });
    await expect(unknown.request('/api/no-such-route')).rejects.toThrow(/has no schema/);
  });

  it('checks error answers against the error schema, the text and the status of their code', async () => {
    const json = (body: unknown, status: number) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const key = 'GET /feedback/status';
    const message = 'Not found';
    expect(await contractProblem(key, undefined, json({ code: 'NOT_FOUND', message }, 404))).toBeNull();
    expect(
      await contractProblem(key, undefined, json({ code: 'NOT_FOUND', message, details: { id: 'x' } }, 404)),
    ).toBeNull();
    expect(await contractProblem(key, undefined, json({ code: 'NOT_FOUND' }, 404))).toMatch(/outside the error schema/);
    expect(await contractProblem(key, undefined, json({ code: 'NO_SUCH_CODE', message }, 404))).toMatch(/code/);
    expect(await contractProblem(key, undefined, json({ error: 'not found' }, 404))).toMatch(/error schema/);
    expect(await contractProblem(key, undefined, json({ code: 'NOT_FOUND', message: 'Gone' }, 404))).toMatch(
      /not its text/,
    );
    expect(await contractProblem(key, undefined, json({ code: 'NOT_FOUND', message }, 400))).toMatch(
      /with 400, but the error map gives it 404/,
    );
  });

  it("checks each event of a stream against its event's schema as it passes", async () => {
    const progress = { apiAccounts: [], progress: 40, isSyncDone: false };
    const streaming = (events: Array<{ event: string; data: string }>) =>
      checkResponses(
        new Hono().get('/api/sync-board/progress', (c) =>
          streamSSE(c, async (stream) => {
            for (const e of events) await stream.writeSSE(e);
          }),
        ),
      );
    const read = async (events: Array<{ event: string; data: string }>) =>
      (await streaming(events).request('/api/sync-board/progress')).text();
    const good = { event: 'syncing_board', data: JSON.stringify(progress) };
    expect(await read([good, good])).toContain('event: syncing_board');
    await expect(
      read([good, { event: 'syncing_board', data: JSON.stringify({ ...progress, progress: '40' }) }]),
    ).rejects.toThrow(/outside its schema[\s\S]*progress/);
    await expect(read([{ event: 'synced', data: JSON.stringify(progress) }])).rejects.toThrow(/"synced"/);
    await expect(read([{ event: 'syncing_board', data: 'done' }])).rejects.toThrow(/no JSON/);
  });

  it('leaves non-JSON answers to the tests', async () => {
    const error = new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
    expect(await contractProblem('GET /feedback/status', undefined, error)).toBeNull();
    const csv = new Response('a;b', { status: 200, headers: { 'content-type': 'text/csv' } });
    expect(await contractProblem('GET /budgets/:groupId/template', undefined, csv)).toBeNull();
  });
});
