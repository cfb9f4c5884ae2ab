import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TICKET_TTL_MS } from '../access/stream-ticket.ts';
import { verification } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

/**
 * Issue 25, finding 10 (stream): the sync progress stream took the access token in its URL, where
 * logs, proxies and the browser's history keep it. Now the page asks for a ticket with its token
 * (POST, header) and opens the stream with that: single-use, about a minute, bound to the user's
 * session and to the stream's API accounts.
 */
let t: TestApp;
let token: string;
let refresh: string;
let clock = Date.parse('2026-11-24T09:00:00Z');

beforeEach(async () => {
  clock = Date.parse('2026-11-24T09:00:00Z');
  t = await createTestApp({ now: () => clock });
  const session = await t.login();
  token = session.jwtToken;
  refresh = session.refreshToken;
});
afterEach(() => t.deps.sync.stop());

const askTicket = (apiIds: string[]) =>
  t.request('/api/sync-board/progress/ticket', { method: 'POST', token, body: JSON.stringify({ apiIds }) });

async function ticketFor(apiIds: string[]): Promise<string> {
  const res = await askTicket(apiIds);
  expect(res.status).toBe(201);
  const body = await res.json();
  expect(Date.parse(body.expiresAt)).toBe(clock + TICKET_TTL_MS);
  return body.ticket;
}

const open = (query: string) => t.request(`/api/sync-board/progress?${query}`);

describe('the progress stream’s ticket (issue 25, finding 10)', () => {
  it('no longer takes the access token in its URL', async () => {
    const res = await open(`token=${token}&apiIds[]=${t.apiAccountId}`);
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('UNAUTHORIZED');
  });

  it('opens the stream once with a ticket, which is stored only as a hash', async () => {
    const ticket = await ticketFor([t.apiAccountId]);
    const [row] = await t.deps.db.select().from(verification).where(eq(verification.identifier, 'stream-ticket'));
    expect(JSON.stringify(row)).not.toContain(ticket);
    expect(row!.value).not.toContain(token);

    const res = await open(`ticket=${ticket}&apiIds[]=${t.apiAccountId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(await res.text()).toContain('event: syncing_board');
    // Used: the browser's own reconnect with the same URL is refused, and the page asks for another.
    expect((await open(`ticket=${ticket}&apiIds[]=${t.apiAccountId}`)).status).toBe(401);
  });

  it('is refused for another stream, after its minute, without a login, and once its session ended', async () => {
    const other = await t.addApiAccount('demo');
    const forOne = await ticketFor([t.apiAccountId]);
    expect((await open(`ticket=${forOne}&apiIds[]=${other}`)).status).toBe(401);
    // A refused ticket is spent too.
    expect((await open(`ticket=${forOne}&apiIds[]=${t.apiAccountId}`)).status).toBe(401);

    // The order of the accounts is the stream's own business.
    const forTwo = await ticketFor([other, t.apiAccountId]);
    expect((await open(`apiIds[]=${t.apiAccountId}&ticket=${forTwo}&apiIds[]=${other}`)).status).toBe(200);

    const late = await ticketFor([t.apiAccountId]);
    clock += TICKET_TTL_MS;
    expect((await open(`ticket=${late}&apiIds[]=${t.apiAccountId}`)).status).toBe(401);

    const anonymous = await t.request('/api/sync-board/progress/ticket', {
      method: 'POST',
      body: JSON.stringify({ apiIds: [t.apiAccountId] }),
    });
    expect(anonymous.status).toBe(401);
    expect((await askTicket([])).status).toBe(400);

    const ended = await ticketFor([t.apiAccountId]);
    const logout = await t.request('/api/auth/logout', {
      method: 'POST',
      body: JSON.stringify({ refreshToken: refresh }),
    });
    expect(logout.status).toBe(200);
    expect((await open(`ticket=${ended}&apiIds[]=${t.apiAccountId}`)).status).toBe(401);
  });
});
