import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoConnector } from '../../connectors/demo/demo-connector.ts';
import type { Connector } from '../../connectors/types.ts';
import { apiAccount, monthlyBalance, posting } from '../../db/schema/index.ts';
import { parsePeriod } from '../../http/period.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { largestTransactions } from '../widgets/queries.ts';
import { ingestLedger } from './ingest.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const postingsOf = async (id: string) =>
  (await t.deps.db.select({ n: count() }).from(posting).where(eq(posting.apiAccountId, id)))[0]!.n;

describe('ingestLedger', () => {
  it('replaces the data on a second sync instead of doubling it, and bumps the data version', async () => {
    const before = await postingsOf(t.apiAccountId);
    const [{ dataVersion: v1 } = { dataVersion: -1 }] = await t.deps.db
      .select()
      .from(apiAccount)
      .where(eq(apiAccount.id, t.apiAccountId));
    const result = await ingestLedger(
      t.deps.db,
      t.apiAccountId,
      demoConnector({ seed: 4102, fromMonth: '2024-01', toMonth: '2026-10' }),
    );
    expect(result.postings).toBe(before);
    expect(await postingsOf(t.apiAccountId)).toBe(before);
    const [after] = await t.deps.db.select().from(apiAccount).where(eq(apiAccount.id, t.apiAccountId));
    expect(after!.dataVersion).toBe(v1 + 1);
  });

  it('keeps monthly balances equal to the sum of postings', async () => {
    const [fromPostings] = await t.deps.db.all<{ n: number }>(
      `select sum(amount) as n from posting where account_number between 3000 and 3999 and date like '2025-%'`,
    );
    const [fromBalances] = await t.deps.db.all<{ n: number }>(
      `select sum(amount) as n from monthly_balance where account_number between 3000 and 3999 and month like '2025-%'`,
    );
    expect(fromBalances!.n).toBe(fromPostings!.n);
    expect(fromPostings!.n).toBeLessThan(0);
  });

  it('keeps voucher totals equal to the debit postings of each voucher and day, opening balances left out', async () => {
    const [fromPostings] = await t.deps.db.all<{ n: number; v: number }>(
      `select sum(amount) as n, count(distinct date || '|' || voucher) as v from posting
       where api_account_id = '${t.apiAccountId}' and amount > 0 and voucher != 'IB'`,
    );
    const [fromTotals] = await t.deps.db.all<{ n: number; v: number }>(
      `select sum(debit) as n, count(*) as v from voucher_total where api_account_id = '${t.apiAccountId}' and debit > 0`,
    );
    expect(fromTotals).toEqual(fromPostings);
    expect(fromPostings!.v).toBeGreaterThan(1000);
  });

  it('adds up a voucher with postings on several days, within the period asked for', async () => {
    const id = await t.addApiAccount('demo', 'Flerdagsbilag AS');
    const line = (date: string, voucher: string, accountNumber: number, amount: number) =>
      ({ kind: 'posting', date, voucher, accountNumber, amount, description: `Bilag ${voucher}` }) as const;
    const ledger: Connector = {
      type: 'demo',
      parts: ['ledger'],
      async *read() {
        // V1 runs over two days (100 + 50), V2 is one day (120), V3 has a day outside January (90 + 200).
        yield line('2025-01-10', 'V1', 6300, 100_00);
        yield line('2025-01-10', 'V1', 1920, -100_00);
        yield line('2025-01-11', 'V1', 6300, 50_00);
        yield line('2025-01-11', 'V1', 1920, -50_00);
        yield line('2025-01-12', 'V2', 6300, 120_00);
        yield line('2025-01-12', 'V2', 1920, -120_00);
        yield line('2025-01-31', 'V3', 6300, 90_00);
        yield line('2025-01-31', 'V3', 1920, -90_00);
        yield line('2025-02-01', 'V3', 6300, 200_00);
        yield line('2025-02-01', 'V3', 1920, -200_00);
      },
    };
    await ingestLedger(t.deps.db, id, ledger);
    const january = await largestTransactions(t.deps.db, [id], parsePeriod('2025-01-01', '2025-01-31'));
    expect(january.map((r) => [r.name, r.amount, r.date])).toEqual([
      ['Bilag V1', 150_00, '2025-01-10'],
      ['Bilag V2', 120_00, '2025-01-12'],
      ['Bilag V3', 90_00, '2025-01-31'],
    ]);
    const both = await largestTransactions(t.deps.db, [id], parsePeriod('2025-01-01', '2025-02-28'));
    expect(both.map((r) => [r.name, r.amount])).toEqual([
      ['Bilag V3', 290_00],
      ['Bilag V1', 150_00],
      ['Bilag V2', 120_00],
    ]);
  });

  it('leaves the previous data intact when the source fails half-way', async () => {
    const before = await postingsOf(t.apiAccountId);
    const failing: Connector = {
      type: 'demo',
      parts: ['ledger'],
      async *read(ctx) {
        let n = 0;
        for await (const record of demoConnector({ fromMonth: '2025-01', toMonth: '2025-06' }).read(ctx)) {
          if (++n > 1500) throw new Error('connection reset');
          yield record;
        }
      },
    };
    await expect(ingestLedger(t.deps.db, t.apiAccountId, failing)).rejects.toThrow('connection reset');
    expect(await postingsOf(t.apiAccountId)).toBe(before);
    const [balances] = await t.deps.db
      .select({ n: count() })
      .from(monthlyBalance)
      .where(eq(monthlyBalance.apiAccountId, t.apiAccountId));
    expect(balances!.n).toBeGreaterThan(0);
  });

  it('refuses amounts that are not integer øre', async () => {
    const fractional: Connector = {
      type: 'demo',
      parts: ['ledger'],
      async *read() {
        yield { kind: 'posting', date: '2025-01-01', voucher: '1', accountNumber: 1920, amount: 10.5 };
      },
    };
    await expect(ingestLedger(t.deps.db, t.apiAccountId, fractional)).rejects.toThrow('integer øre');
  });
});
