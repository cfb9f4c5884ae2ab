import { Hono } from 'hono';
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

  it('leaves errors and non-JSON answers to the tests', async () => {
    const error = new Response(JSON.stringify({ code: 'NOT_FOUND' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
    expect(await contractProblem('GET /feedback/status', undefined, error)).toBeNull();
    const csv = new Response('a;b', { status: 200, headers: { 'content-type': 'text/csv' } });
    expect(await contractProblem('GET /budgets/:groupId/template', undefined, csv)).toBeNull();
  });
});
