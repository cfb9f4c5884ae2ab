import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ImportWarning } from '@saldo/contract/sources/import-warnings';
import { beforeAll, describe, expect, it } from 'vitest';
import { ingestLedger } from '../../features/sync/ingest.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { ConnectorError, type LedgerRecord, quietContext } from '../types.ts';
import { saftConnector } from './saft-connector.ts';

const FILE_888 = '/work/shared/fixtures/saf-t/ExampleFile_SAF-T_Financial_888888888_20180228235959.xml';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A fresh SAF-T API account owned by the demo user (raw SQL: these columns are stable). */
async function newSaftAccount(): Promise<string> {
  const id = randomUUID();
  await t.deps.db.$client.execute({
    sql: "insert into api_account (id, owner_id, name, type, created_at) values (?, ?, 'SAF-T', 'saft', ?)",
    args: [id, t.userId, Date.now()],
  });
  return id;
}

async function count(sql: string, apiAccountId: string): Promise<number> {
  const rs = await t.deps.db.$client.execute({ sql, args: [apiAccountId] });
  return Number(rs.rows[0]![0]);
}

async function tableCounts(id: string) {
  return {
    accounts: await count('select count(*) from ledger_account where api_account_id = ?', id),
    customers: await count("select count(*) from party where api_account_id = ? and kind = 'customer'", id),
    suppliers: await count("select count(*) from party where api_account_id = ? and kind = 'supplier'", id),
    postings: await count("select count(*) from posting where api_account_id = ? and voucher <> 'IB'", id),
    openings: await count("select count(*) from posting where api_account_id = ? and voucher = 'IB'", id),
  };
}

describe('SAF-T import through ingestLedger', () => {
  it('stores the 888888888 file: same counts as the file, monthly balances equal to the lines', async () => {
    const id = await newSaftAccount();
    const warnings: ImportWarning[] = [];
    await ingestLedger(t.deps.db, id, saftConnector({ path: FILE_888 }), quietContext(undefined, warnings));
    expect(await tableCounts(id)).toEqual({ accounts: 22, customers: 6, suppliers: 6, postings: 170, openings: 11 });
    expect(warnings[0]).toEqual({
      code: 'SAFT_OPENING_NOT_BALANCED',
      params: { debit: 324_541_000, credit: 70_000_000, difference: 254_541_000 },
    });
    expect(warnings.slice(1).map((w) => (w.code === 'SAFT_CLOSING_MISMATCH' ? w.params.account : w.code))).toEqual([
      '1920',
      '2711',
      '2740',
    ]);

    // Expected balances from the connector's own records: lines by account and month, and openings
    // (dated 1 January 2017, the selection's start) at the close of the month before.
    const expected = new Map<string, number>();
    for await (const r of saftConnector({ path: FILE_888 }).read(quietContext()))
      if (r.kind === 'posting' || r.kind === 'opening') {
        if (r.kind === 'opening') expect(r.date).toBe('2017-01-01');
        const key = `${r.accountNumber}|${r.kind === 'posting' ? r.period : '2016-12'}`;
        expected.set(key, (expected.get(key) ?? 0) + r.amount);
      }
    const balances = await t.deps.db.$client.execute({
      sql: 'select account_number, month, amount from monthly_balance where api_account_id = ? order by 1, 2',
      args: [id],
    });
    const stored = new Map(balances.rows.map((row) => [`${row[0]}|${row[1]}`, Number(row[2])]));
    expect(stored).toEqual(expected);
    // And equal to the stored posting lines themselves.
    const fromPostings = await t.deps.db.$client.execute({
      sql: `select account_number, period, sum(amount) from posting where api_account_id = ?
            group by 1, 2 order by 1, 2`,
      args: [id],
    });
    expect(new Map(fromPostings.rows.map((row) => [`${row[0]}|${row[1]}`, Number(row[2])]))).toEqual(stored);
    const debit = await count(
      "select sum(amount) from posting where api_account_id = ? and voucher <> 'IB' and amount > 0",
      id,
    );
    expect(debit).toBe(948_704_935);
  });

  it('leaves nothing half-imported when the file is truncated, and keeps the previous import', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'saldo-saft-'));
    const truncated = join(dir, 'truncated.xml');
    const bytes = readFileSync(FILE_888);
    // Cut in the middle of the general ledger, well after the master data has been yielded.
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.8)));

    const fresh = await newSaftAccount();
    const error = await ingestLedger(t.deps.db, fresh, saftConnector({ path: truncated })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).kind).toBe('invalid-file');
    expect((error as ConnectorError).message).toMatch(
      /^The file is truncated: it ends at line \d+, column \d+ inside </,
    );
    expect(await tableCounts(fresh)).toEqual({ accounts: 0, customers: 0, suppliers: 0, postings: 0, openings: 0 });
    expect(await count('select count(*) from monthly_balance where api_account_id = ?', fresh)).toBe(0);

    const imported = await newSaftAccount();
    await ingestLedger(t.deps.db, imported, saftConnector({ path: FILE_888 }));
    const before = await tableCounts(imported);
    await expect(ingestLedger(t.deps.db, imported, saftConnector({ path: truncated }))).rejects.toThrow(ConnectorError);
    expect(await tableCounts(imported)).toEqual(before);
    expect(before.postings).toBe(170);
  });

  it('rolls back an unbalanced file after part of it has been read', async () => {
    const xml = readFileSync(FILE_888, 'utf8');
    // Make the last transaction's last credit one krone short.
    const at = xml.lastIndexOf('<n1:CreditAmount>');
    const amountAt = xml.indexOf('<n1:Amount>', at) + '<n1:Amount>'.length;
    const end = xml.indexOf('<', amountAt);
    const original = xml.slice(amountAt, end);
    const changed = `${xml.slice(0, amountAt)}${(Number(original) - 1).toFixed(2)}${xml.slice(end)}`;
    const records: LedgerRecord[] = [];
    const id = await newSaftAccount();
    const bytes = Buffer.from(changed);
    const parts: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 4096) parts.push(bytes.subarray(i, i + 4096));
    const connector = saftConnector({ stream: () => Readable.from(parts), size: bytes.length });
    const error = await ingestLedger(t.deps.db, id, {
      ...connector,
      async *read(ctx) {
        for await (const r of connector.read(ctx)) {
          records.push(r);
          yield r;
        }
      },
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).kind).toBe('unbalanced');
    expect((error as ConnectorError).message).toMatch(/does not balance: debits exceed credits by NOK 1\.00/);
    expect((error as ConnectorError).error).toMatchObject({ code: 'SAFT_UNBALANCED', params: { difference: 100 } });
    expect(records.filter((r) => r.kind === 'posting').length).toBeGreaterThan(150);
    expect(await tableCounts(id)).toEqual({ accounts: 0, customers: 0, suppliers: 0, postings: 0, openings: 0 });
  });
});
