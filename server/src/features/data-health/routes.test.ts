import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { ApiAccount, BoardDataHealth, CreatedEmbedKey, SyncStats } from '@saldo/contract';
import { DATA_NOTICE_HEADER, healthAdvice, SEVERITY } from '@saldo/contract/sources/data-health';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMutations } from '../../../test-tools/saft-mutations/mutate.ts';
import { apiAccount } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

// A board over a flawed SAF-T file (part of the test tools' mutations: an unknown customer, on top of
// the example file's own unbalanced openings and closing balances) against the clean demo board.

let t: TestApp;
let token: string;
let dir: string;
let flawed: string;
let account: ApiAccount;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
  dir = mkdtempSync(join(tmpdir(), 'saldo-data-health-'));
  const path = writeMutations(dir).get('888-unknown-customer')!;
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)], { type: 'text/xml' }), basename(path));
  const created: ApiAccount = await (
    await t.request('/api/api-account/saft', { method: 'POST', token, body: form })
  ).json();
  await t.deps.sync.drain();
  account = await (await t.request(`/api/api-account/${created._id}`, { token })).json();
  const board = await t.request('/api/group-account', {
    method: 'POST',
    token,
    body: JSON.stringify({ name: 'Feil AS', apis: [account._id] }),
  });
  flawed = (await board.json())._id;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A public link to the flawed board sharing the turnover widget and the P&L: its visitor's header. */
async function turnoverAndProfitLossLink(): Promise<{ 'x-public-board-id': string }> {
  const share = await t.request(`/api/group-account/${flawed}/public/share-board`, {
    method: 'POST',
    token,
    body: JSON.stringify({
      widgets: [{ id: 'turnover', widget: 'turnover', x: 0, y: 0, width: 6, height: 4 }],
      pages: [{ name: 'profitloss' }],
    }),
  });
  return { 'x-public-board-id': (await share.json()).boardId as string };
}

describe('GET /api/data-health/:groupId', () => {
  it("lists each source's warnings with severity, the accounts and amounts they touch", async () => {
    const res = await t.request(`/api/data-health/${flawed}`, { token });
    expect(res.status).toBe(200);
    const health: BoardDataHealth = await res.json();
    expect(health.groupId).toBe(flawed);
    expect(health.sources).toHaveLength(1);
    const [source] = health.sources;
    expect(source).toMatchObject({ _id: account._id, name: account.name, provider: 'saft', syncError: null });
    // The same warnings the sync stored, in order, each with its severity from the one table.
    expect(source!.warnings.map((w) => [w.code, w.params])).toEqual(
      account.stats!.warnings.map((w) => [w.code, w.params]),
    );
    for (const w of source!.warnings) expect(w.severity).toBe(SEVERITY[w.code]);
    const unknown = source!.warnings.find((w) => w.code === 'SAFT_UNKNOWN_CUSTOMER')!;
    const params = account.stats!.warnings.find((w) => w.code === 'SAFT_UNKNOWN_CUSTOMER')!.params as {
      amount: number;
    };
    expect(unknown).toMatchObject({ severity: 'warning', party: 'K404', accounts: [], amount: params.amount });
    const closing = source!.warnings.find((w) => w.code === 'SAFT_CLOSING_MISMATCH' && w.accounts[0] === '1920')!;
    const p = closing.params as { stated: number; computed: number };
    expect(closing).toMatchObject({ severity: 'error', amount: p.computed - p.stated });
    expect(source!.severity).toBe('error');
    expect(health.severity).toBe('error');
    expect(health.counts).toEqual({
      error: source!.warnings.filter((w) => SEVERITY[w.code] === 'error').length,
      warning: 1,
      info: 0,
    });
  });

  it('says nothing is wrong with the demo board', async () => {
    const health: BoardDataHealth = await (await t.request(`/api/data-health/${t.boardId}`, { token })).json();
    expect(health).toMatchObject({ severity: null, counts: { error: 0, warning: 0, info: 0 } });
    expect(health.sources.map((s) => s.warnings)).toEqual([[]]);
  });

  it("refuses a visitor and someone else's board alike", async () => {
    expect((await t.request(`/api/data-health/${flawed}`)).status).toBe(401);
    expect((await t.request('/api/data-health/not-a-board', { token })).status).toBe(404);
  });

  it('has advice in both languages for every code', () => {
    for (const code of Object.keys(SEVERITY) as Array<keyof typeof SEVERITY>) {
      expect(healthAdvice(code, 'nor')).toMatch(/\S/);
      expect(healthAdvice(code, 'en')).not.toBe(healthAdvice(code, 'nor'));
    }
  });
});

describe('the data notice beside each element', () => {
  const notice = async (path: string, board: string, headers: Record<string, string> = {}) => {
    const res = await t.request(`/api${path}/data-notice?groupId=${board}&startDate=2017-01-01&endDate=2017-12-31`, {
      token: headers['x-public-board-id'] ? undefined : token,
      headers,
    });
    return { status: res.status, body: await res.json() };
  };

  it('is on when the figures rest on a source with errors, off otherwise', async () => {
    expect(await notice('/profit-loss', flawed)).toEqual({ status: 200, body: { notice: true } });
    expect(await notice('/widgets/top-ten/customers', flawed)).toEqual({ status: 200, body: { notice: true } });
    expect(await notice('/profit-loss', t.boardId)).toEqual({ status: 200, body: { notice: false } });
  });

  it('a public link reads it for what it shares, learns nothing more, and nothing of what it does not share', async () => {
    const visitor = await turnoverAndProfitLossLink();
    expect(await notice('/profit-loss', flawed, visitor)).toEqual({ status: 200, body: { notice: true } });
    expect(await notice('/widgets/turnover', flawed, visitor)).toEqual({ status: 200, body: { notice: true } });
    expect((await notice('/balance-sheet', flawed, visitor)).status).toBe(403);
    expect((await notice('/widgets/top-ten/customers', flawed, visitor)).status).toBe(403);
    // Another board than the link's: refused, not answered.
    expect((await notice('/profit-loss', t.boardId, visitor)).status).toBe(403);
    const panel = await t.request(`/api/data-health/${flawed}`, { headers: visitor });
    expect(panel.status).toBe(401);
  });

  it('an embed token reads it for the elements it names, on its own board only', async () => {
    const PARTNER = 'https://partner.example';
    const keyFor = async (board: string): Promise<CreatedEmbedKey> => {
      const res = await t.request(`/api/group-account/${board}/embed-keys`, {
        method: 'POST',
        token,
        body: JSON.stringify({ name: 'Regnskapspartner', origins: [PARTNER] }),
      });
      expect(res.status).toBe(201);
      return res.json();
    };
    // Signed as a partner's backend signs it (docs/embedding.md).
    const sign = (key: CreatedEmbedKey, board: string) => {
      const iat = Math.floor(Date.now() / 1000);
      return new SignJWT({ board, elements: ['profit-loss', 'top-customers'] })
        .setProtectedHeader({ alg: 'HS256', kid: key._id })
        .setIssuedAt(iat)
        .setExpirationTime(iat + 600)
        .sign(new TextEncoder().encode(key.secret));
    };
    const read = async (path: string, board: string, jwt: string) => {
      const res = await t.request(`/api${path}/data-notice?groupId=${board}&startDate=2017-01-01&endDate=2017-12-31`, {
        headers: { authorization: `Bearer ${jwt}`, origin: PARTNER },
      });
      return { status: res.status, body: await res.json() };
    };
    const jwt = await sign(await keyFor(flawed), flawed);
    // On the data answer itself too, which the partner's page may read (the header is exposed to its origin).
    const data = await t.request(`/api/profit-loss?groupId=${flawed}&startDate=2017-01-01&endDate=2017-12-31`, {
      headers: { authorization: `Bearer ${jwt}`, origin: PARTNER },
    });
    expect(data.status).toBe(200);
    expect(data.headers.get(DATA_NOTICE_HEADER)).toBe('true');
    expect(data.headers.get('access-control-expose-headers')?.toLowerCase()).toContain(DATA_NOTICE_HEADER);
    expect(await read('/profit-loss', flawed, jwt)).toEqual({ status: 200, body: { notice: true } });
    expect(await read('/widgets/top-ten/customers', flawed, jwt)).toEqual({ status: 200, body: { notice: true } });
    // What the token does not name, and another board than its own, are refused, not answered.
    const balance = await read('/balance-sheet', flawed, jwt);
    expect(balance).toMatchObject({ status: 403, body: { code: 'EMBED_NOT_ALLOWED' } });
    expect(balance.body).not.toHaveProperty('notice');
    expect((await read('/profit-loss', t.boardId, jwt)).status).toBe(403);
    // The clean demo board's own token: no notice.
    const clean = await sign(await keyFor(t.boardId), t.boardId);
    expect(await read('/profit-loss', t.boardId, clean)).toEqual({ status: 200, body: { notice: false } });
  });
});

describe('the data notice on the data answer itself', () => {
  const headerOf = async (path: string, board: string, headers: Record<string, string> = {}) => {
    const sep = path.includes('?') ? '&' : '?';
    const res = await t.request(`/api${path}${sep}groupId=${board}&startDate=2017-01-01&endDate=2017-12-31`, {
      token: headers['x-public-board-id'] ? undefined : token,
      headers,
    });
    await res.arrayBuffer();
    return { status: res.status, notice: res.headers.get(DATA_NOTICE_HEADER) };
  };

  it("says the same as the element's …/data-notice, on every element's data route", async () => {
    const custom = await t.request(`/api/widgets/${flawed}/custom/create`, {
      method: 'POST',
      token,
      body: JSON.stringify({ name: 'Salg', type: 'accountRange', range: { from: '3000', to: '3999' } }),
    });
    expect(custom.status).toBe(201);
    const customPath = `/widgets/${flawed}/custom/${(await custom.json())._id}`;
    for (const path of ['/profit-loss', '/balance-sheet', '/cashflow', '/widgets/top-ten/customers', '/widgets/kpi']) {
      expect(await headerOf(path, flawed)).toEqual({ status: 200, notice: 'true' });
      expect(await headerOf(path, t.boardId)).toEqual({ status: 200, notice: 'false' });
    }
    expect(await headerOf(customPath, flawed)).toEqual({ status: 200, notice: 'true' });
    const beside = await t.request(`/api${customPath}/data-notice?startDate=2017-01-01&endDate=2017-12-31`, { token });
    expect(await beside.json()).toEqual({ notice: true });
  });

  it("follows a source's stats as they change, on the next call", async () => {
    const [demo] = await t.deps.db
      .select({ stats: apiAccount.stats })
      .from(apiAccount)
      .where(eq(apiAccount.id, t.apiAccountId));
    const setStats = (stats: SyncStats | null) =>
      t.deps.db.update(apiAccount).set({ stats }).where(eq(apiAccount.id, t.apiAccountId));
    try {
      expect(await headerOf('/widgets/top-ten/customers', t.boardId)).toEqual({ status: 200, notice: 'false' });
      // The flawed file's warnings on the demo source, as a sync that found them would store them.
      await setStats(account.stats);
      expect(await headerOf('/widgets/top-ten/customers', t.boardId)).toEqual({ status: 200, notice: 'true' });
      await setStats({
        ...account.stats!,
        warnings: account.stats!.warnings.filter((w) => SEVERITY[w.code] !== 'error'),
      });
      expect(await headerOf('/widgets/top-ten/customers', t.boardId)).toEqual({ status: 200, notice: 'false' });
    } finally {
      await setStats(demo!.stats);
    }
  });

  it('goes only with an answer: a refused call, and routes that are no element, carry none', async () => {
    expect(await headerOf('/profit-loss', 'not-a-board')).toMatchObject({ notice: null });
    expect((await headerOf('/profit-loss', flawed, { 'x-public-board-id': 'no-such-link' })).notice).toBeNull();
    const health = await t.request(`/api/data-health/${flawed}`, { token });
    expect(health.status).toBe(200);
    expect(health.headers.get(DATA_NOTICE_HEADER)).toBeNull();
  });

  it('a public link gets it with what it shares', async () => {
    const visitor = await turnoverAndProfitLossLink();
    expect(await headerOf('/profit-loss', flawed, visitor)).toEqual({ status: 200, notice: 'true' });
    expect(await headerOf('/widgets/turnover', flawed, visitor)).toEqual({ status: 200, notice: 'true' });
    expect(await headerOf('/balance-sheet', flawed, visitor)).toEqual({ status: 403, notice: null });
  });
});
