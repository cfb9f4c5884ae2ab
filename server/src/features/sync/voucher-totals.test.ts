import { beforeAll, describe, expect, it } from 'vitest';
import type { Connector, LedgerRecord } from '../../connectors/types.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { ingestLedger } from './ingest.ts';
import { codePointLess } from './voucher-totals.ts';

// The voucher totals are summed while the postings stream past; this holds them to what they are
// defined as, a GROUP BY over the version's postings, on the shapes that could trip a running sum.

type Posting = Extract<LedgerRecord, { kind: 'posting' }>;
const line = (date: string, voucher: string, amount: number, description?: string, period?: string): Posting => ({
  kind: 'posting',
  date,
  voucher,
  accountNumber: amount > 0 ? 6300 : 1920,
  amount,
  ...(description === undefined ? {} : { description }),
  ...(period === undefined ? {} : { period }),
});

const ledger: LedgerRecord[] = [
  { kind: 'opening', date: '2025-01-01', accountNumber: 1920, amount: 500_00 },
  { kind: 'opening', date: '2025-01-01', accountNumber: 2050, amount: -500_00 },
  // A voucher whose lines are interrupted by another and come back later the same day (summed into one row).
  line('2025-01-10', 'A', 100_00, 'b-tekst'),
  line('2025-01-10', 'A', -100_00),
  line('2025-01-10', 'B', 70_00, 'B'),
  line('2025-01-10', 'B', -70_00, 'B'),
  line('2025-01-10', 'A', 30_00, 'a-tekst'),
  line('2025-01-10', 'A', -30_00, 'c-tekst'),
  // The same voucher on three days and in two periods (days = 3 on each of its rows).
  line('2025-01-20', 'C', 10_00),
  line('2025-01-20', 'C', -10_00),
  line('2025-02-02', 'C', 20_00, 'C feb'),
  line('2025-02-02', 'C', -20_00, 'C feb'),
  line('2025-01-31', 'C', 5_00, 'C etter', '2025-02'),
  line('2025-01-31', 'C', -5_00, 'C etter', '2025-02'),
  // No description at all, and one made only of credits.
  line('2025-03-01', 'D', 1_00),
  line('2025-03-01', 'D', -1_00),
  line('2025-03-02', 'E', -40_00, 'bare kredit'),
  line('2025-03-02', 'E', 40_00 - 40_00, 'bare kredit'),
  // Descriptions SQLite orders by code point: an emoji (surrogates in UTF-16) above U+FF5E.
  line('2025-03-03', 'F', 9_00, '\uff5e full width'),
  line('2025-03-03', 'F', -9_00, '\u{1f600} emoji'),
  // A voucher named IB (as opening balances are) is left out, as before.
  line('2025-03-04', 'IB', 3_00, 'IB'),
  line('2025-03-04', 'IB', -3_00, 'IB'),
];

const connector: Connector = {
  type: 'demo',
  parts: ['ledger'],
  async *read() {
    yield* ledger;
  },
};

describe.each(['memory', 'file'] as const)('voucher totals (%s database)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database });
  });

  it('equal the GROUP BY over the postings of each voucher and day, with the days each voucher spans', async () => {
    const id = await t.addApiAccount('demo', 'Bilag AS');
    await ingestLedger(t.deps.db, id, connector);
    const grouped = await t.deps.db.all(`
      select period, date, voucher, sum(case when amount > 0 then amount else 0 end) as debit,
        max(description) as description,
        count(*) over (partition by voucher) as days
      from posting p where api_account_id = '${id}'
        and version = (select ledger_version from api_account where id = '${id}') and voucher != 'IB'
      group by period, date, voucher order by period, date, voucher`);
    const streamed = await t.deps.db.all(`
      select period, date, voucher, debit, description, days from voucher_total
      where api_account_id = '${id}' and version = (select ledger_version from api_account where id = '${id}')
      order by period, date, voucher`);
    expect(streamed).toEqual(grouped);
    expect(streamed).toContainEqual({
      period: '2025-01',
      date: '2025-01-10',
      voucher: 'A',
      debit: 130_00,
      description: 'c-tekst',
      days: 1,
    });
    expect(
      streamed.filter((r) => (r as { voucher: string }).voucher === 'C').map((r) => (r as { days: number }).days),
    ).toEqual([3, 3, 3]);
    expect(streamed).toContainEqual(expect.objectContaining({ voucher: 'F', description: '\u{1f600} emoji' }));
  });
});

describe('voucher days past the exact set', () => {
  it('are counted when a voucher comes back after thousands of others', async () => {
    const t = await createTestApp();
    const id = await t.addApiAccount('demo', 'Mange bilag AS');
    const many: Connector = {
      type: 'demo',
      parts: ['ledger'],
      async *read() {
        for (let i = 0; i < 6000; i++) {
          const day = `2025-01-${String(1 + (i % 28)).padStart(2, '0')}`;
          yield line(day, `V${i}`, 10_00);
          yield line(day, `V${i}`, -10_00);
        }
        yield line('2025-02-15', 'V17', 5_00);
        yield line('2025-02-15', 'V17', -5_00);
      },
    };
    await ingestLedger(t.deps.db, id, many);
    const days = await t.deps.db.all<{ voucher: string; days: number }>(
      `select voucher, days from voucher_total where api_account_id = '${id}' and days > 1 order by date`,
    );
    expect(days).toEqual([
      { voucher: 'V17', days: 2 },
      { voucher: 'V17', days: 2 },
    ]);
  });
});

describe('codePointLess', () => {
  it('orders as UTF-8 bytes do, where UTF-16 units would not', () => {
    expect(codePointLess('\uff5e', '\u{1f600}')).toBe(true);
    expect('\uff5e' < '\u{1f600}').toBe(false);
    expect(codePointLess('ab', 'abc')).toBe(true);
    expect(codePointLess('b', 'a')).toBe(false);
    expect(codePointLess('a', 'a')).toBe(false);
  });
});
