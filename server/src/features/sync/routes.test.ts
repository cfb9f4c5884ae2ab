import type { SyncProgressMessage } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiAccount, boardApiAccount } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { syncEvents } from '../../test/sync-harness.ts';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp({ syncOptions: { pollMs: 20, progressEveryMs: 0 } });
  token = (await t.login()).jwtToken;
});
afterEach(() => t.deps.sync.stop());

/** Reads a Server-Sent Events response to its end, returning the data of each `syncing_board` event. */
async function readEvents(res: Response): Promise<SyncProgressMessage[]> {
  return syncEvents(await res.text());
}

describe('board sync', () => {
  it('queues the board’s accounts and streams progress until isSyncDone', async () => {
    const start = await t.request('/api/sync-board', {
      method: 'POST',
      token,
      body: JSON.stringify({ groupId: t.boardId }),
    });
    expect(start.status).toBe(202);
    const started = await start.json();
    expect(started.apiIds).toEqual([t.apiAccountId]);
    expect(started.jobs).toHaveLength(1);

    // The stream is open (headers sent, first event queued) before a worker picks the job up.
    const stream = await t.request(`/api/sync-board/progress?apiIds[]=${t.apiAccountId}`, { token });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    t.deps.sync.start();
    const events = await readEvents(stream as unknown as Response);
    expect(events[0]!.apiAccounts[0]!.syncInfo.status).toBe('queued');
    expect(events.length).toBeGreaterThanOrEqual(2);
    const last = events.at(-1)!;
    expect(last.isSyncDone).toBe(true);
    expect(last.progress).toBe(100);
    expect(last.apiAccounts[0]).toMatchObject({ _id: t.apiAccountId, syncInfo: { status: 'done', percentage: 100 } });
    const seen = events.map((e) => e.progress);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(events.slice(0, -1).every((e) => !e.isSyncDone)).toBe(true);
  });

  it('does not queue a second job while one is queued or running', async () => {
    const first = await t.deps.sync.enqueue([t.apiAccountId]);
    const second = await t.deps.sync.enqueue([t.apiAccountId]);
    expect(second.map((j) => j.id)).toEqual(first.map((j) => j.id));
  });

  it('refuses a board without valid accounts, and the stream without a token', async () => {
    await t.deps.db.update(apiAccount).set({ apiKeyIsInvalid: true }).where(eq(apiAccount.id, t.apiAccountId));
    const res = await t.request('/api/sync-board', {
      method: 'POST',
      token,
      body: JSON.stringify({ groupId: t.boardId }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'NO_VALID_API_ACCOUNTS',
      message: 'Connect API to the board to view reports',
    });
    await t.deps.db.delete(boardApiAccount);
    expect(
      (
        await (
          await t.request('/api/sync-board', { method: 'POST', token, body: JSON.stringify({ groupId: t.boardId }) })
        ).json()
      ).code,
    ).toBe('NO_VALID_API_ACCOUNTS');
    expect((await t.request(`/api/sync-board/progress?apiIds[]=${t.apiAccountId}`)).status).toBe(401);
  });

  it("shows nothing of another user's accounts in the stream", async () => {
    const other = await t.addApiAccount('demo');
    const { user: stranger } = await t.deps.auth.api.signUpEmail({
      body: { email: 'stranger@example.no', password: 'Stranger1', name: 'S T', firstName: 'S', lastName: 'T' },
    });
    await t.deps.db.update(apiAccount).set({ ownerId: stranger.id }).where(eq(apiAccount.id, other));
    const res = await t.request(`/api/sync-board/progress?apiIds[]=${other}`, { token });
    const events = await readEvents(res as unknown as Response);
    expect(events.every((e) => e.apiAccounts.length === 0)).toBe(true);
  });
});
