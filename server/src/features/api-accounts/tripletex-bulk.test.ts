import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiAccount, Board, TripletexBulkResult, TripletexCompany } from '@saldo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { apiAccount, auditEvent, board, boardApiAccount, syncJob, user } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { standinClients } from '../../test/tripletex-standin/clients.ts';
import { startTripletexStandin, type TripletexStandin } from '../../test/tripletex-standin/standin.ts';

/**
 * Connecting all of an accountant's Tripletex clients, through the API with the real Tripletex client
 * against the stand-in: one employee token of an accounting office reaching three client companies, each
 * with its own ledger, and the product's consumer token from the configuration.
 */

let standin: TripletexStandin;
let t: TestApp;
let token: string;

beforeAll(async () => {
  standin = await startTripletexStandin({
    company: { seed: 11, fromMonth: '2025-01', toMonth: '2025-02', scale: 0.2 },
    clients: standinClients(3, { fromMonth: '2025-01', toMonth: '2025-06' }),
  });
});
afterAll(() => standin.close());
beforeEach(async () => {
  standin.failingCompanies.clear();
  t = await createTestApp({ tripletexBaseUrl: standin.url, tripletexConsumerToken: standin.consumerToken });
  token = (await t.login()).jwtToken;
});

const post = (path: string, body: unknown, as = token) =>
  t.request(`/api/api-account/tripletex/${path}`, { method: 'POST', token: as, body: JSON.stringify(body) });
const companies = async (employeeToken = standin.employeeToken) => post('companies', { employeeToken });
const bulk = (companyIds: number[], employeeToken = standin.employeeToken) =>
  post('bulk', { employeeToken, companyIds });
const ids = () => standin.clients.map((c) => c.id);

/** The caller's Tripletex sources and the boards over them, as stored. */
async function stored() {
  const sources = await t.deps.db
    .select()
    .from(apiAccount)
    .where(and(eq(apiAccount.ownerId, t.userId), eq(apiAccount.provider, 'tripletex')));
  const boards = await t.deps.db
    .select({ name: board.name, source: boardApiAccount.apiAccountId })
    .from(board)
    .innerJoin(boardApiAccount, eq(boardApiAccount.boardId, board.id))
    .where(eq(board.ownerId, t.userId));
  const jobs = await t.deps.db.select().from(syncJob);
  return {
    sources,
    boards: boards.filter((b) => sources.some((s) => s.id === b.source)),
    jobs: jobs.filter((j) => sources.some((s) => s.id === j.apiAccountId)),
  };
}

/** Each account's sum of its live ledger's postings (no opening balance), øre, from the database; none that sum to 0. */
async function ledgerSums(apiAccountId: string): Promise<Map<number, number>> {
  const rows = await t.deps.db.all<{ account: number; total: number }>(
    `select p.account_number as account, sum(p.amount) as total from posting p
       join api_account a on a.id = p.api_account_id and p.version = a.ledger_version
     where p.api_account_id = '${apiAccountId}' and p.voucher != 'IB' group by p.account_number`,
  );
  return new Map(rows.filter((r) => r.total !== 0).map((r) => [r.account, r.total]));
}

/** The same sums from the stand-in's own postings, which share no code with the sync. */
function standinSums(clientIndex: number): Map<number, number> {
  const sums = new Map<number, number>();
  for (const p of standin.clients[clientIndex]!.company.postings)
    sums.set(p.account.number, (sums.get(p.account.number) ?? 0) + p.ore);
  for (const [account, total] of sums) if (total === 0) sums.delete(account);
  return sums;
}

describe('listing the companies an employee token may log into', () => {
  it("lists the accounting office's clients, marking one already connected by hand with its company id", async () => {
    const first = await companies();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual(
      standin.clients.map((c) => ({
        id: c.id,
        name: c.name,
        organizationNumber: c.organizationNumber,
        connected: false,
      })),
    );

    // A source added by hand for the second client, with the per-account consumer token and its company id.
    const manual = await t.request('/api/api-account', {
      method: 'POST',
      token,
      body: JSON.stringify({
        provider: 'tripletex',
        name: 'Nordlys by hand',
        consumerId: standin.consumerToken,
        apiKey: standin.employeeToken,
        expirationDate: `${new Date().getFullYear() + 1}-12-31`,
        companyId: String(standin.clients[1]!.id),
      }),
    });
    expect(manual.status).toBe(201);
    const listed: TripletexCompany[] = await (await companies()).json();
    expect(listed.map((c) => c.connected)).toEqual([false, true, false]);
    // Nothing of the token is kept by listing.
    expect((await stored()).sources).toHaveLength(1);
  });
});

describe('connecting the companies in bulk', () => {
  it('makes a source and a board per company, named after it, whose syncs bring each its own ledger', async () => {
    const res = await bulk(ids());
    expect(res.status).toBe(200);
    const result: TripletexBulkResult = await res.json();
    expect(result.companies.map((c) => [c.id, c.name, c.status, c.error])).toEqual(
      standin.clients.map((c) => [c.id, c.name, 'connected', null]),
    );
    expect(result.apiAccountIds).toHaveLength(3);
    expect(JSON.stringify(result)).not.toContain(standin.employeeToken);

    const { sources, boards, jobs } = await stored();
    expect(sources.map((s) => [s.name, s.number]).sort()).toEqual(
      standin.clients.map((c) => [c.name, c.organizationNumber]).sort(),
    );
    expect(boards.map((b) => b.name).sort()).toEqual(standin.clients.map((c) => c.name).sort());
    expect(jobs.map((j) => j.status)).toEqual(['queued', 'queued', 'queued']);
    // Each company's source is in the audit trail, on its board, written with it.
    const records = await t.deps.db.select().from(auditEvent).where(eq(auditEvent.action, 'api_account.added'));
    expect(records.map((r) => [r.groupId, (r.target as { apiAccountId: string }).apiAccountId]).sort()).toEqual(
      result.companies.map((c) => [c.boardId, c.apiAccountId]).sort(),
    );
    for (const s of sources) {
      // Sealed: neither token in the clear, and no consumer token kept (the product's is read at each sync).
      expect(s.credentials).not.toContain(standin.employeeToken);
      expect(JSON.parse(t.deps.secrets.open(s.credentials!))).toEqual({
        employeeToken: standin.employeeToken,
        companyId: String(s.settings.tripletexCompanyId),
      });
    }
    // The boards are the caller's, listed as any board is.
    const listed: Board[] = await (await t.request('/api/group-account', { token })).json();
    for (const item of result.companies)
      expect(listed.find((b) => b._id === item.boardId)?.apiAccounts.map((a) => a._id)).toEqual([item.apiAccountId]);

    await t.deps.sync.drain();
    for (const [i, item] of result.companies.entries()) {
      const account: ApiAccount = await (await t.request(`/api/api-account/${item.apiAccountId}`, { token })).json();
      expect(account.syncInfo.status, item.name!).toBe('done');
      expect(account.stats?.postings).toBe(standin.clients[i]!.company.postings.length);
      expect(await ledgerSums(item.apiAccountId!)).toEqual(standinSums(i));
    }
    // Three different companies, three different ledgers.
    expect(new Set([0, 1, 2].map((i) => JSON.stringify([...standinSums(i)]))).size).toBe(3);
  });

  it('tags every board it makes as asked (trimmed, each once), and none when asked for none', async () => {
    const tagged = await post('bulk', {
      employeeToken: standin.employeeToken,
      companyIds: ids().slice(0, 2),
      tags: [' Bygg ', 'Kunde 2026', 'Bygg'],
    });
    expect(tagged.status).toBe(200);
    const plain = await bulk(ids().slice(2));
    const made = [
      ...((await tagged.json()) as TripletexBulkResult).companies,
      ...((await plain.json()) as TripletexBulkResult).companies,
    ];
    const listed: Board[] = await (await t.request('/api/group-account', { token })).json();
    expect(made.map((c) => listed.find((b) => b._id === c.boardId)?.tags)).toEqual([
      ['Bygg', 'Kunde 2026'],
      ['Bygg', 'Kunde 2026'],
      [],
    ]);
  });

  it('skips what is connected already, so running it again doubles nothing', async () => {
    await bulk(ids().slice(0, 2));
    const again: TripletexBulkResult = await (await bulk(ids())).json();
    expect(again.companies.map((c) => c.status)).toEqual(['skipped', 'skipped', 'connected']);
    const third: TripletexBulkResult = await (await bulk(ids())).json();
    expect(third.companies.map((c) => c.status)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(third.apiAccountIds).toEqual([]);
    const { sources, boards, jobs } = await stored();
    expect([sources.length, boards.length, jobs.length]).toEqual([3, 3, 3]);
    const listed: TripletexCompany[] = await (await companies()).json();
    expect(listed.every((c) => c.connected)).toBe(true);
  });

  it("takes a new employee token on a source connected in bulk, which goes on with the product's consumer token", async () => {
    const [item] = ((await (await bulk(ids().slice(0, 1))).json()) as TripletexBulkResult).companies;
    const put = (apiKey: string) =>
      t.request(`/api/api-account/${item!.apiAccountId}`, { method: 'PUT', token, body: JSON.stringify({ apiKey }) });
    expect((await (await put('wrong-token')).json()).code).toBe('CONSUMER_TOKEN_INVALID');
    expect((await put(standin.employeeToken)).status).toBe(200);
    const [row] = await t.deps.db.select().from(apiAccount).where(eq(apiAccount.id, item!.apiAccountId!));
    expect(JSON.parse(t.deps.secrets.open(row!.credentials!))).toEqual({
      employeeToken: standin.employeeToken,
      companyId: String(item!.id),
    });
    await t.deps.sync.drain();
    const account: ApiAccount = await (await t.request(`/api/api-account/${item!.apiAccountId}`, { token })).json();
    expect(account).toMatchObject({ apiKeyIsInvalid: false, syncInfo: { status: 'done' } });
  });

  it('keeps the companies that succeeded when one fails halfway, and says which failed', async () => {
    const [first, middle, last] = ids() as [number, number, number];
    standin.failingCompanies.add(middle);
    const result: TripletexBulkResult = await (await bulk([first, middle, last, 424242])).json();
    expect(result.companies.map((c) => [c.id, c.status, c.error?.code ?? null])).toEqual([
      [first, 'connected', null],
      [middle, 'failed', 'TRIPLETEX_COMPANY_FAILED'],
      [last, 'connected', null],
      [424242, 'failed', 'TRIPLETEX_COMPANY_NOT_ACCESSIBLE'],
    ]);
    expect(result.companies[1]).toMatchObject({ name: standin.clients[1]!.name, apiAccountId: null, boardId: null });
    const { sources, boards } = await stored();
    expect(sources.map((s) => s.settings.tripletexCompanyId).sort()).toEqual([first, last].sort());
    expect(boards).toHaveLength(2);

    // Tripletex answers again: the failed one connects, the others are not made twice.
    standin.failingCompanies.clear();
    const retry: TripletexBulkResult = await (await bulk([first, middle, last])).json();
    expect(retry.companies.map((c) => c.status)).toEqual(['skipped', 'connected', 'skipped']);
    expect((await stored()).sources).toHaveLength(3);
  });
});

describe('a token Tripletex refuses, and bad requests', () => {
  it('answers a wrong, an expired or a token without client access with a clear error, and creates nothing', async () => {
    const cases: Array<[string, number, string]> = [
      ['not-a-token', 400, 'TRIPLETEX_EMPLOYEE_TOKEN_INVALID'],
      [standin.expiredEmployeeToken, 400, 'TRIPLETEX_EMPLOYEE_TOKEN_INVALID'],
      [standin.limitedEmployeeToken, 403, 'TRIPLETEX_NO_CLIENT_ACCESS'],
    ];
    for (const [employeeToken, status, code] of cases) {
      for (const res of [await companies(employeeToken), await bulk(ids(), employeeToken)]) {
        expect(res.status, employeeToken).toBe(status);
        const body = await res.json();
        expect(body.code).toBe(code);
        expect(body.message).toMatch(/employee token/);
      }
    }
    const { sources, boards, jobs } = await stored();
    expect([sources.length, boards.length, jobs.length]).toEqual([0, 0, 0]);
  });

  it('reads the consumer token from TRIPLETEX_CONSUMER_TOKEN, and says so when the server has none', async () => {
    const dataDir = mkdtempSync(join(process.env.SALDO_TEST_TMP ?? tmpdir(), 'saldo-tripletex-config-'));
    expect(loadConfig({ SALDO_DATA_DIR: dataDir, TRIPLETEX_CONSUMER_TOKEN: ' ck-1 ' }).tripletexConsumerToken).toBe(
      'ck-1',
    );
    expect(loadConfig({ SALDO_DATA_DIR: dataDir }).tripletexConsumerToken).toBeUndefined();

    t = await createTestApp({ tripletexBaseUrl: standin.url });
    token = (await t.login()).jwtToken;
    const res = await companies();
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe('TRIPLETEX_NOT_CONFIGURED');
    expect((await bulk(ids())).status).toBe(503);
    expect((await stored()).sources).toEqual([]);
  });

  it('refuses bodies out of bounds before asking Tripletex', async () => {
    const before = standin.requests;
    const bad: unknown[] = [
      {},
      { employeeToken: '' },
      { employeeToken: 'x'.repeat(201) },
      { employeeToken: standin.employeeToken, companyIds: [] },
      { employeeToken: standin.employeeToken, companyIds: Array.from({ length: 501 }, (_, i) => i + 1) },
      { employeeToken: standin.employeeToken, companyIds: [1.5] },
      { employeeToken: standin.employeeToken, companyIds: ['2000101'] },
      { employeeToken: standin.employeeToken, companyIds: [-3] },
      { employeeToken: standin.employeeToken, companyIds: ids(), expirationDate: 'soon' },
      { employeeToken: standin.employeeToken, companyIds: ids(), tags: ['x'.repeat(41)] },
      { employeeToken: standin.employeeToken, companyIds: ids(), tags: [' '] },
      { employeeToken: standin.employeeToken, companyIds: ids(), tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      { employeeToken: standin.employeeToken, companyIds: ids(), tags: 'Bygg' },
    ];
    for (const body of bad) {
      const res = await post('bulk', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await res.json()).code).toBe('VALIDATION_FAILED');
    }
    expect((await post('companies', { employeeToken: 'x'.repeat(201) })).status).toBe(400);
    const expired = await post('bulk', {
      employeeToken: standin.employeeToken,
      companyIds: ids(),
      expirationDate: '2020-01-01',
    });
    expect((await expired.json()).code).toBe('API_ACCOUNT_EXPIRED');
    expect(standin.requests).toBe(before);
    expect((await stored()).sources).toEqual([]);
  });

  it('lets a user whose plan has ended look, but not connect (the rule of every source change)', async () => {
    const ended = await t.signUp('ended@example.no');
    await t.deps.db
      .update(user)
      .set({ trialEndsAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(user.id, ended.id));
    expect((await post('companies', { employeeToken: standin.employeeToken }, ended.token)).status).toBe(200);
    const res = await post('bulk', { employeeToken: standin.employeeToken, companyIds: ids() }, ended.token);
    expect(res.status).toBe(402);
    expect((await res.json()).code).toBe('PLAN_READ_ONLY');
    const theirs = await t.deps.db.select().from(apiAccount).where(eq(apiAccount.ownerId, ended.id));
    expect(theirs.filter((a) => a.provider === 'tripletex')).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const res = await t.request('/api/api-account/tripletex/companies', {
      method: 'POST',
      body: JSON.stringify({ employeeToken: standin.employeeToken }),
    });
    expect(res.status).toBe(401);
  });
});
