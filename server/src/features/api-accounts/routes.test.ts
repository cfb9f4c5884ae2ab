import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ApiAccount } from '@saldo/contract';
import { sourceErrorText } from '@saldo/contract/sources/source-errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { saftFileOf } from '../../connectors/factory.ts';
import { apiAccount, posting, syncJob } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { startTripletexStandin, type TripletexStandin } from '../../test/tripletex-standin/standin.ts';

export const saftFixture = (name: string) => resolve(repoRoot, '../shared/fixtures/saf-t', name);
const SAFT_888 = 'ExampleFile_SAF-T_Financial_888888888_20180228235959.xml';

let standin: TripletexStandin;
let t: TestApp;
let token: string;
const nextYear = `${new Date().getFullYear() + 1}-12-31`;

beforeAll(async () => {
  standin = await startTripletexStandin({ company: { seed: 7, fromMonth: '2025-01', toMonth: '2025-06' } });
});
afterAll(() => standin.close());
beforeEach(async () => {
  t = await createTestApp({ tripletexBaseUrl: standin.url });
  token = (await t.login()).jwtToken;
});

const json = (method: string, path: string, body: unknown) =>
  t.request(path, { method, token, body: JSON.stringify(body) });
const tripletex = (over: Record<string, unknown> = {}) =>
  json('POST', '/api/api-account', {
    provider: 'tripletex',
    name: 'Tripletex AS',
    consumerId: standin.consumerToken,
    apiKey: standin.employeeToken,
    expirationDate: nextYear,
    ...over,
  });

function uploadSaft(bytes: Uint8Array, fileName: string, name?: string) {
  const form = new FormData();
  form.append('file', new File([bytes], fileName, { type: 'text/xml' }));
  if (name) form.append('name', name);
  return t.request('/api/api-account/saft', { method: 'POST', token, body: form });
}

describe('Tripletex API accounts', () => {
  it('checks the keys with Tripletex, seals them, never returns them, and syncs', async () => {
    const res = await tripletex();
    expect(res.status).toBe(201);
    const created: ApiAccount = await res.json();
    expect(created).toMatchObject({
      name: 'Tripletex AS',
      provider: 'tripletex',
      type: 'manual',
      apiKeyIsInvalid: false,
      consumerIdHint: `…${standin.consumerToken.slice(-4)}`,
      syncInfo: { status: 'queued' },
    });
    expect(JSON.stringify(created)).not.toContain(standin.consumerToken);
    const [row] = await t.deps.db.select().from(apiAccount).where(eq(apiAccount.id, created._id));
    expect(row!.credentials).not.toContain(standin.consumerToken);
    expect(row!.credentials).not.toContain(standin.employeeToken);

    await t.deps.sync.drain();
    const after: ApiAccount = await (await t.request(`/api/api-account/${created._id}`, { token })).json();
    expect(after.syncInfo).toMatchObject({ status: 'done', percentage: 100 });
    const lines = standin.company.postings.length;
    expect(after.stats).toMatchObject({ postings: lines, warnings: [] });
    expect(after.stats!.debitTotal).toBe(after.stats!.creditTotal);
    const [{ n } = { n: 0 }] = await t.deps.db.all<{ n: number }>(
      `select count(*) as n from posting where api_account_id = '${created._id}' and voucher != 'IB'`,
    );
    expect(n).toBe(lines);
  });

  it("answers the spec's messages for a bad token and a duplicate, and refuses an expired date", async () => {
    const bad = await tripletex({ apiKey: 'wrong' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: 'CONSUMER_TOKEN_INVALID',
      message: 'The consumer token is invalid or does not exist',
    });
    expect((await tripletex()).status).toBe(201);
    expect(await (await tripletex({ name: 'Again' })).json()).toEqual({
      code: 'API_ACCOUNT_EXISTS',
      message: 'Api account already exists',
    });
    expect((await (await tripletex({ expirationDate: '2020-01-01' })).json()).code).toBe('API_ACCOUNT_EXPIRED');
  });

  it('marks the key invalid when Tripletex refuses it at sync time, and treats a passed expiration date as invalid', async () => {
    const created: ApiAccount = await (await tripletex()).json();
    standin.revokeSessions();
    await t.deps.db
      .update(apiAccount)
      .set({ credentials: t.deps.secrets.seal(JSON.stringify({ consumerToken: 'x', employeeToken: 'y' })) });
    await t.deps.sync.drain();
    const failed: ApiAccount = await (await t.request(`/api/api-account/${created._id}`, { token })).json();
    expect(failed).toMatchObject({ apiKeyIsInvalid: true, invalidReason: 'rejected' });
    expect(failed.syncInfo).toMatchObject({
      status: 'failed',
      error: { code: 'TRIPLETEX_INVALID_CREDENTIALS', params: {} },
    });

    await t.deps.db.update(apiAccount).set({ apiKeyIsInvalid: false, expirationDate: '2020-01-01' });
    const expired: ApiAccount = await (await t.request(`/api/api-account/${created._id}`, { token })).json();
    expect(expired).toMatchObject({ apiKeyIsInvalid: true, invalidReason: 'expired' });
  });

  it('edits manual accounts but not integration ones, and deletes with the ledger', async () => {
    const created: ApiAccount = await (await tripletex()).json();
    const renamed = await json('PUT', `/api/api-account/${created._id}`, { name: 'Nytt navn' });
    expect((await renamed.json()).name).toBe('Nytt navn');
    await t.deps.db.update(apiAccount).set({ integration: true }).where(eq(apiAccount.id, created._id));
    const locked = await json('PUT', `/api/api-account/${created._id}`, { name: 'Nei' });
    expect(locked.status).toBe(403);
    expect(await locked.json()).toEqual({
      code: 'INTEGRATION_ACCOUNT_READ_ONLY',
      message: 'Can not edit api account that is from integration',
    });
    await t.deps.sync.drain();
    const removed = await t.request(`/api/api-account/${created._id}`, { method: 'DELETE', token });
    expect(await removed.json()).toEqual({ isDeleted: true });
    expect(await t.deps.db.select().from(posting).where(eq(posting.apiAccountId, created._id))).toEqual([]);
    expect((await t.request(`/api/api-account/${created._id}`, { token })).status).toBe(404);
  });

  it('lists only the own accounts and needs a token', async () => {
    const list: ApiAccount[] = await (await t.request('/api/api-account', { token })).json();
    expect(list.map((a) => a.provider)).toEqual(['demo']);
    expect((await t.request('/api/api-account')).status).toBe(401);
  });
});

describe('integration partner hand-over', () => {
  const handOver = (over: Record<string, unknown> = {}) =>
    json('POST', '/api/api-account/integration', {
      integrationPartnerId: 'partner-tripletex',
      consumerId: standin.consumerToken,
      apiKey: standin.employeeToken,
      expirationDate: nextYear,
      ...over,
    });
  beforeEach(async () => {
    t = await createTestApp({ tripletexBaseUrl: standin.url, integrationPartners: ['partner-tripletex'] });
    token = (await t.login()).jwtToken;
  });

  it('creates a read-only integration account from keys Tripletex accepts, and syncs it', async () => {
    const res = await handOver({ name: 'Fra partner' });
    expect(res.status).toBe(201);
    const created: ApiAccount = await res.json();
    expect(created).toMatchObject({ name: 'Fra partner', provider: 'tripletex', type: 'integration' });
    const edit = await json('PUT', `/api/api-account/${created._id}`, { name: 'Nytt navn' });
    expect((await edit.json()).message).toBe('Can not edit api account that is from integration');
    await t.deps.sync.drain();
    const after: ApiAccount = await (await t.request(`/api/api-account/${created._id}`, { token })).json();
    expect(after.stats?.postings).toBe(standin.company.postings.length);
    // The same keys again are a duplicate, whichever way they come.
    expect((await (await tripletex()).json()).message).toBe('Api account already exists');
  });

  it("answers the spec's integration messages for refused keys and an unknown partner, and keeps nothing", async () => {
    const bad = await handOver({ apiKey: 'wrong' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: 'INTEGRATION_INVALID_CREDENTIALS',
      message: 'Can not integrate: invalid credentials, try again or add credentials manually',
    });
    const unknown = await handOver({ integrationPartnerId: 'someone-else' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('Could not locate resource for the integration');
    const list: ApiAccount[] = await (await t.request('/api/api-account', { token })).json();
    expect(list.filter((a) => a.provider === 'tripletex')).toEqual([]);
    const anonymous = await t.request('/api/api-account/integration', { method: 'POST', body: '{}' });
    expect(anonymous.status).toBe(401);
  });
});

describe('SAF-T upload', () => {
  it('creates an account from the example file and imports it', async () => {
    const res = await uploadSaft(readFileSync(saftFixture(SAFT_888)), SAFT_888, 'Eksempel AS');
    expect(res.status).toBe(201);
    const created: ApiAccount = await res.json();
    expect(created).toMatchObject({ name: 'Eksempel AS', provider: 'saft', syncInfo: { status: 'queued' } });
    await t.deps.sync.drain();
    const done: ApiAccount = await (await t.request(`/api/api-account/${created._id}`, { token })).json();
    expect(done.syncInfo.status).toBe('done');
    expect(done.stats).toMatchObject({
      accounts: 22,
      customers: 6,
      suppliers: 6,
      postings: 170,
      debitTotal: 948_704_935,
      creditTotal: 948_704_935,
    });
    expect(done.stats!.warnings.map((w) => w.code)).toEqual([
      'SAFT_OPENING_NOT_BALANCED',
      'SAFT_CLOSING_MISMATCH',
      'SAFT_CLOSING_MISMATCH',
      'SAFT_CLOSING_MISMATCH',
    ]);
  });

  it("names an account uploaded without a name after the company and organisation number in the file's header", async () => {
    const res = await uploadSaft(readFileSync(saftFixture(SAFT_888)), SAFT_888);
    expect(res.status).toBe(201);
    const created: ApiAccount = await res.json();
    expect(created).toMatchObject({ name: 'Tøyen Lekefabrikk AS (888888888)', number: '888888888' });
    await t.deps.sync.drain();
  });

  it('refuses a file that is not SAF-T, naming the problem, and keeps nothing', async () => {
    const res = await uploadSaft(new TextEncoder().encode('<html><body>hi</body></html>'), 'page.xml');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('INVALID_SAFT_FILE');
    expect(body.details.reason).toMatch(/SAF-T/);
    // Coded, so the portal says it in the user's language; `reason` stays for older clients.
    expect(body.details.error).toEqual({ code: 'SAFT_WRONG_ROOT', params: { element: 'html' } });
    expect(sourceErrorText(body.details.error, 'nor')).toBe(
      'Filen er ikke en SAF-T-regnskapsfil: rotelementet er <html>, ikke <AuditFile>.',
    );
    const list: ApiAccount[] = await (await t.request('/api/api-account', { token })).json();
    expect(list.map((a) => a.provider)).toEqual(['demo']);
  });

  it('refuses an unbalanced file at upload and in its sync with a coded error, and shows an error stored as text as it is', async () => {
    const xml = readFileSync(saftFixture(SAFT_888), 'utf8');
    // The last credit one krone short.
    const at = xml.lastIndexOf('<n1:CreditAmount>');
    const amountAt = xml.indexOf('<n1:Amount>', at) + '<n1:Amount>'.length;
    const end = xml.indexOf('<', amountAt);
    const changed = `${xml.slice(0, amountAt)}${(Number(xml.slice(amountAt, end)) - 1).toFixed(2)}${xml.slice(end)}`;
    const refused = await uploadSaft(new TextEncoder().encode(changed), SAFT_888);
    expect(refused.status).toBe(400);
    const body = await refused.json();
    const unbalanced = {
      code: 'SAFT_UNBALANCED',
      params: { transactionId: '1057', journal: '123ABC', date: '2017-04-30', difference: 100, line: 4294 },
    };
    expect(body.details.error).toEqual(unbalanced);
    expect(sourceErrorText(body.details.error, 'nor')).toBe(
      'Bilag 1057 i journal 123ABC (2017/04/30) går ikke i balanse: debet overstiger kredit med 1,00\u00a0kr (linje 4294 i filen).',
    );

    // A file that changes on disk before its sync (or a larger one, whose fault lies past the upload's
    // first look) fails in the sync's worker thread: the same coded error, kept with the job.
    const res = await uploadSaft(readFileSync(saftFixture(SAFT_888)), SAFT_888);
    expect(res.status).toBe(201);
    const created: ApiAccount = await res.json();
    writeFileSync(saftFileOf(t.deps.saftDir, created._id), changed);
    await t.deps.sync.drain();
    const failed: ApiAccount = await (await t.request(`/api/api-account/${created._id}`, { token })).json();
    expect(failed.syncInfo).toMatchObject({ status: 'failed', error: unbalanced });

    await t.deps.db
      .update(syncJob)
      .set({ error: 'Transaction 9 does not balance' })
      .where(eq(syncJob.apiAccountId, created._id));
    const old: ApiAccount = await (await t.request(`/api/api-account/${created._id}`, { token })).json();
    expect(old.syncInfo.error).toEqual({ code: 'SOURCE_MESSAGE', params: { text: 'Transaction 9 does not balance' } });
  });
});
