import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiAccount, CashFlowReport, ProfitLossReport, SaftFile } from '@saldo/contract';
import { errorMessage } from '@saldo/contract/errors/errors';
import { sourceErrorText } from '@saldo/contract/sources/source-errors';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectedLedger, monthlyFile } from '../../../test-tools/saft-mutations/monthly.ts';
import { saftFile } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

// Issue 26, finding 5: the same company twice doubled every figure, and a SAF-T source could not take
// next month's file. Now the same file is refused naming the source it feeds, a source takes its
// company's next file (the months it covers replace the source's, the others stay), lists its files
// and gives a removed file's months back to the file before it. The figures are held against sums
// read straight from the generated files' XML (test-tools/saft-mutations/monthly.ts).

const COMPANY = { company: 'Månedlig AS', orgNumber: '912345670' };
const JAN_MAR = monthlyFile({ ...COMPANY, months: ['2025-01', '2025-02', '2025-03'], version: 1 });
const MAR_APR = monthlyFile({ ...COMPANY, months: ['2025-03', '2025-04'], version: 2 }, '2025-01');

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
});

const form = (xml: string, fileName: string) => {
  const body = new FormData();
  body.append('file', new File([xml], fileName, { type: 'text/xml' }));
  return body;
};
const upload = (xml: string, fileName = 'saft.xml') =>
  t.request('/api/api-account/saft', { method: 'POST', token, body: form(xml, fileName) });
const uploadOn = (id: string, xml: string, fileName = 'saft.xml') =>
  t.request(`/api/api-account/${id}/saft`, { method: 'POST', token, body: form(xml, fileName) });
const kept = () => (existsSync(t.deps.saftDir) ? readdirSync(t.deps.saftDir).sort() : []);
const filesOf = async (id: string): Promise<SaftFile[]> =>
  (await t.request(`/api/api-account/${id}/saft-files`, { token })).json();

async function source(xml: string): Promise<string> {
  const res = await upload(xml, 'jan-mar.xml');
  expect(res.status).toBe(201);
  await t.deps.sync.drain();
  return ((await res.json()) as ApiAccount)._id;
}

async function board(apis: string[]) {
  return t.request('/api/group-account', { method: 'POST', token, body: JSON.stringify({ name: 'Tavle', apis }) });
}

/** Each month's result and closing cash as the board's P&L and cash flow show them. */
async function figures(boardId: string, from: string, to: string) {
  const query = `groupId=${boardId}&startDate=${from}-01&endDate=${to}-30`;
  const pl: ProfitLossReport = await (await t.request(`/api/profit-loss?${query}`, { token })).json();
  const cf: CashFlowReport = await (await t.request(`/api/cashflow?${query}`, { token })).json();
  return {
    results: pl.months.map((m) => m.result),
    cash: cf.cashflows.map((c) => c.closingBalance),
  };
}

/** The same, computed from the files' XML alone: each month from the newest file covering it. */
function expected(xmls: string[], months: string[]) {
  const ledger = expectedLedger(xmls);
  let cash = ledger.openings.get('1920') ?? 0;
  const results: number[] = [];
  const closing: number[] = [];
  for (const month of months) {
    const sums = ledger.months.get(month) ?? new Map<string, number>();
    let result = 0;
    for (const [account, amount] of sums) if (Number(account) >= 3000) result -= amount;
    cash += sums.get('1920') ?? 0;
    results.push(result);
    closing.push(cash);
  }
  return { results, cash: closing };
}

describe('the same SAF-T file twice (issue 26, finding 5)', () => {
  it('is refused with 409, naming the source it already feeds, and leaves nothing on disk', async () => {
    const id = await source(JAN_MAR);
    const before = kept();
    expect(before).toHaveLength(1);

    const again = await upload(JAN_MAR, 'copy-of-jan-mar.xml');
    expect(again.status).toBe(409);
    const body = await again.json();
    expect(body.code).toBe('SAFT_FILE_ALREADY_UPLOADED');
    expect(body.details.source).toEqual({ id, name: 'Månedlig AS (912345670)' });
    expect(sourceErrorText(body.details.error, 'nor')).toContain('«Månedlig AS (912345670)»');
    expect(sourceErrorText(body.details.error, 'en')).toContain('“Månedlig AS (912345670)”');
    expect(errorMessage(body.code, 'nor')).toMatch(/allerede lastet opp/);
    // Nor may it come in as the source's next file.
    expect((await uploadOn(id, JAN_MAR)).status).toBe(409);
    expect(kept()).toEqual(before);
    const sources = ((await (await t.request('/api/api-account', { token })).json()) as ApiAccount[]).filter(
      (a) => a.provider === 'saft',
    );
    expect(sources.map((s) => s._id)).toEqual([id]);
  });

  it('recognises a file kept from before the hashes (hashed once, when first needed)', async () => {
    const id = await source(JAN_MAR);
    await t.deps.db.update(saftFile).set({ contentHash: null });
    const again = await upload(JAN_MAR, 'again.xml');
    expect(again.status).toBe(409);
    expect((await again.json()).details.source.id).toBe(id);
    const [row] = await t.deps.db.select().from(saftFile);
    expect(row!.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("a SAF-T source's next file (issue 26, finding 5)", () => {
  it('replaces the months it covers and keeps the others, nothing doubled; removing it gives the months back', async () => {
    const id = await source(JAN_MAR);
    const created = await board([id]);
    expect(created.status).toBe(201);
    const boardId = (await created.json())._id as string;
    const months = ['2025-01', '2025-02', '2025-03', '2025-04'];
    expect(await figures(boardId, '2025-01', '2025-04')).toEqual(expected([JAN_MAR], months));

    const next = await uploadOn(id, MAR_APR, 'mar-apr.xml');
    expect(next.status).toBe(201);
    await t.deps.sync.drain();
    const after = await figures(boardId, '2025-01', '2025-04');
    const want = expected([JAN_MAR, MAR_APR], months);
    expect(after).toEqual(want);
    // March is the new file's, not the sum of both; January and February are the first file's.
    const first = expected([JAN_MAR], months);
    expect(after.results[2]).not.toBe(first.results[2]);
    expect(after.results.slice(0, 2)).toEqual(first.results.slice(0, 2));
    const account: ApiAccount = await (await t.request(`/api/api-account/${id}`, { token })).json();
    expect(account.syncInfo.status).toBe('done');
    // 4 vouchers of 2 lines a month: January and February of the first file, March and April of the second.
    expect(account.stats!.postings).toBe(4 * 2 * 4);

    const files = await filesOf(id);
    expect(files.map((f) => [f.fileName, f.periodFrom, f.periodTo])).toEqual([
      ['mar-apr.xml', '2025-03', '2025-04'],
      ['jan-mar.xml', '2025-01', '2025-03'],
    ]);
    expect(files[0]!.uploadedBy).toMatchObject({ name: expect.any(String) });
    expect(kept()).toHaveLength(2);

    // The last file cannot go; the newer one can, and its months go back to the file before it.
    const last = files[1]!._id;
    const removed = await t.request(`/api/api-account/${id}/saft-files/${files[0]!._id}`, {
      method: 'DELETE',
      token,
    });
    expect(removed.status).toBe(200);
    await t.deps.sync.drain();
    expect(await figures(boardId, '2025-01', '2025-04')).toEqual(first);
    expect(kept()).toHaveLength(1);
    const refused = await t.request(`/api/api-account/${id}/saft-files/${last}`, { method: 'DELETE', token });
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe('SAFT_LAST_FILE');

    // Removing the source removes every file it kept.
    expect((await uploadOn(id, MAR_APR, 'mar-apr.xml')).status).toBe(201);
    await t.deps.sync.drain();
    expect(kept()).toHaveLength(2);
    expect((await t.request(`/api/api-account/${id}`, { method: 'DELETE', token })).status).toBe(200);
    expect(kept()).toEqual([]);
  });

  it('removes only a next file its import refuses: the source keeps its ledger and its other file', async () => {
    const id = await source(JAN_MAR);
    const created = await board([id]);
    const boardId = (await created.json())._id as string;
    const months = ['2025-01', '2025-02', '2025-03', '2025-04'];
    // April's rent one øre short on the bank line, written over the uploaded file before its sync (a
    // larger file's fault lies past the upload's first look): refused by the import.
    const at = MAR_APR.lastIndexOf('<AccountID>1920</AccountID>');
    const amount = MAR_APR.indexOf('<Amount>', at) + '<Amount>'.length;
    const end = MAR_APR.indexOf('<', amount);
    const short = `${MAR_APR.slice(0, amount)}${(Number(MAR_APR.slice(amount, end)) - 0.01).toFixed(2)}${MAR_APR.slice(end)}`;
    expect((await uploadOn(id, MAR_APR, 'broken.xml')).status).toBe(201);
    const broken = (await filesOf(id))[0]!;
    expect(broken.fileName).toBe('broken.xml');
    writeFileSync(join(t.deps.saftDir, `${broken._id}.xml`), short);
    await t.deps.sync.drain();
    const failed: ApiAccount = await (await t.request(`/api/api-account/${id}`, { token })).json();
    expect(failed.syncInfo).toMatchObject({ status: 'failed', error: { code: 'SAFT_UNBALANCED' } });
    expect((await filesOf(id)).map((f) => f.fileName)).toEqual(['jan-mar.xml']);
    expect(kept()).toEqual([`${id}.xml`]);
    expect(await figures(boardId, '2025-01', '2025-04')).toEqual(expected([JAN_MAR], months));
    // The good file goes in after it (its removed copy no longer counts as uploaded).
    expect((await uploadOn(id, MAR_APR, 'mar-apr.xml')).status).toBe(201);
    await t.deps.sync.drain();
    expect(await figures(boardId, '2025-01', '2025-04')).toEqual(expected([JAN_MAR, MAR_APR], months));
  });

  it("refuses another company's file on the source, in nor and en, and keeps nothing", async () => {
    const id = await source(JAN_MAR);
    const other = monthlyFile({ company: 'Annen AS', orgNumber: '998877665', months: ['2025-04'], version: 1 });
    const res = await uploadOn(id, other, 'other.xml');
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe('SAFT_OTHER_COMPANY');
    expect(sourceErrorText(body.details.error, 'nor')).toContain('998877665');
    expect(sourceErrorText(body.details.error, 'en')).toContain('912345670');
    expect(kept()).toHaveLength(1);
    expect(await filesOf(id)).toHaveLength(1);
    // A number written with spaces, a country prefix or MVA is the same company.
    const spaced = monthlyFile({ ...COMPANY, orgNumber: 'NO 912 345 670 MVA', months: ['2025-04'], version: 1 });
    expect((await uploadOn(id, spaced, 'april.xml')).status).toBe(201);
    await t.deps.sync.drain();
  });

  it("counts every file a source keeps in the user's quota", async () => {
    const two = Buffer.byteLength(JAN_MAR) + Buffer.byteLength(MAR_APR);
    t = await createTestApp({ saftQuota: { userBytes: two + 1000, boardBytes: two + 1000 } });
    token = (await t.login()).jwtToken;
    const id = await source(JAN_MAR);
    expect((await uploadOn(id, MAR_APR, 'mar-apr.xml')).status).toBe(201);
    await t.deps.sync.drain();
    const may = monthlyFile({ ...COMPANY, months: ['2025-05'], version: 1 }, '2025-01');
    const refused = await uploadOn(id, may, 'may.xml');
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ code: 'SAFT_QUOTA_USER', details: { usedBytes: two } });
    expect(kept()).toHaveLength(2);
  });

  it('refuses a new file on a source that is not SAF-T', async () => {
    const demo = ((await (await t.request('/api/api-account', { token })).json()) as ApiAccount[])[0]!;
    expect(demo.provider).toBe('demo');
    const res = await uploadOn(demo._id, JAN_MAR);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('SAFT_NOT_A_SAFT_SOURCE');
    expect(kept()).toEqual([]);
  });
});

describe('one company, one ledger on a board (issue 26, finding 5)', () => {
  it('refuses a second source of the same company covering the same months, naming which covers what', async () => {
    const a = await source(JAN_MAR);
    const res = await upload(MAR_APR, 'mar-apr.xml');
    expect(res.status).toBe(201);
    const b = ((await res.json()) as ApiAccount)._id;
    const may = await upload(monthlyFile({ ...COMPANY, months: ['2025-05'], version: 1 }, '2025-01'), 'may.xml');
    const c = ((await may.json()) as ApiAccount)._id;
    const other = await upload(
      monthlyFile({ company: 'Annen AS', orgNumber: '998877665', months: ['2025-03'], version: 1 }),
      'other.xml',
    );
    const d = ((await other.json()) as ApiAccount)._id;
    await t.deps.sync.drain();

    const created = await board([a]);
    expect(created.status).toBe(201);
    const boardId = (await created.json())._id as string;
    const widen = (apis: string[]) =>
      t.request(`/api/group-account/${boardId}`, { method: 'PUT', token, body: JSON.stringify({ apis }) });
    // Listed first or last, the board's own source is the one that covers the months.
    for (const apis of [
      [a, b],
      [b, a],
    ]) {
      const refused = await widen(apis);
      expect(refused.status).toBe(422);
      const body = await refused.json();
      expect(body.code).toBe('BOARD_SOURCES_OVERLAP');
      expect(body.details.source.id).toBe(a);
      expect(body.details.adding.id).toBe(b);
      expect(sourceErrorText(body.details.error, 'nor')).toBe(
        'Kilden «Månedlig AS (912345670)» dekker allerede 2025-03–2025-03 for organisasjonsnummer 912345670, så «Månedlig AS (912345670)» ville telt de samme månedene to ganger. Neste måneds fil lastes opp på den eksisterende kilden med «Last opp ny fil».',
      );
      expect(sourceErrorText(body.details.error, 'en')).toContain('Upload new file');
      expect(errorMessage(body.code, 'en')).toMatch(/Upload new file/);
    }
    expect((await board([a, b])).status).toBe(422);
    // Another month of the same company, or another company in the same months, is no overlap.
    expect((await widen([a, c, d])).status).toBe(200);
    const { apis } = (await (await t.request(`/api/group-account/${boardId}`, { token })).json()) as { apis: string[] };
    expect([...apis].sort()).toEqual([a, c, d].sort());
  });

  it("refuses a later file that reaches into another source's months on the same board, and a first import that finished after the source was added", async () => {
    const a = await source(JAN_MAR);
    const may = await upload(monthlyFile({ ...COMPANY, months: ['2025-05'], version: 1 }, '2025-01'), 'may.xml');
    const c = ((await may.json()) as ApiAccount)._id;
    await t.deps.sync.drain();
    const created = await board([a, c]);
    expect(created.status).toBe(201);
    const boardId = (await created.json())._id as string;
    // The first source gives January to March, the second nothing before May.
    const before = await figures(boardId, '2025-01', '2025-04');
    expect(before.results.slice(0, 3)).toEqual(expected([JAN_MAR], ['2025-01', '2025-02', '2025-03']).results);

    // Next month's file on the May source that also covers March, which the first source gives the board.
    expect((await uploadOn(c, MAR_APR, 'mar-apr.xml')).status).toBe(201);
    await t.deps.sync.drain();
    const failed: ApiAccount = await (await t.request(`/api/api-account/${c}`, { token })).json();
    expect(failed.syncInfo).toMatchObject({ status: 'failed', error: { code: 'SAFT_SOURCES_OVERLAP' } });
    expect(sourceErrorText(failed.syncInfo!.error as never, 'en')).toContain('Upload new file');
    expect((await filesOf(c)).map((f) => f.fileName)).toEqual(['may.xml']);
    expect(await figures(boardId, '2025-01', '2025-04')).toEqual(before);

    // A source of the company put on the board before its import had read its months.
    const late = await upload(MAR_APR, 'late.xml');
    const e = ((await late.json()) as ApiAccount)._id;
    const widened = await t.request(`/api/group-account/${boardId}`, {
      method: 'PUT',
      token,
      body: JSON.stringify({ apis: [a, c, e] }),
    });
    expect(widened.status).toBe(200);
    await t.deps.sync.drain();
    const refused: ApiAccount = await (await t.request(`/api/api-account/${e}`, { token })).json();
    expect(refused.syncInfo).toMatchObject({ status: 'failed', error: { code: 'SAFT_SOURCES_OVERLAP' } });
    expect(await figures(boardId, '2025-01', '2025-04')).toEqual(before);
  });
});
