import type { ImportWarning } from '@saldo/contract/sources/import-warnings';
import { and, count, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employee, monthlyBalance, party, posting, product } from '../../db/schema/index.ts';
import { ingestLedger } from '../../features/sync/ingest.ts';
import { createTestApp } from '../../test/create-test-app.ts';
import { buildStandinCompany, type StandinCompany } from '../../test/tripletex-standin/company.ts';
import { startTripletexStandin, type TripletexStandin } from '../../test/tripletex-standin/standin.ts';
import { ConnectorError, type LedgerRecord, quietContext, type SyncContext } from '../types.ts';
import { dateWindows, type TripletexConnectorOptions, tripletexConnector } from './tripletex-connector.ts';

type Posting = Extract<LedgerRecord, { kind: 'posting' }>;

let company: StandinCompany;
let standin: TripletexStandin;

beforeAll(async () => {
  company = buildStandinCompany({ seed: 4102, fromMonth: '2024-01', toMonth: '2026-10' });
  standin = await startTripletexStandin({ company });
});
afterAll(() => standin.close());

const options = (extra: Partial<TripletexConnectorOptions> = {}): TripletexConnectorOptions => ({
  baseUrl: standin.url,
  consumerToken: standin.consumerToken,
  employeeToken: standin.employeeToken,
  dateFrom: '2024-01-01',
  dateTo: '2026-10-31',
  sleep: async () => undefined,
  ...extra,
});

const generated = <K extends LedgerRecord['kind']>(kind: K) =>
  company.records.filter((r): r is LedgerRecord & { kind: K } => r.kind === kind);

/** P&L movement per month and account (accounts 3000–8999), from any list of postings. */
function profitAndLoss(rows: Array<{ date?: string; month?: string; accountNumber: number; amount: number }>) {
  const out = new Map<string, number>();
  for (const r of rows) {
    if (r.accountNumber < 3000) continue;
    const key = `${r.month ?? r.date!.slice(0, 7)} ${r.accountNumber}`;
    out.set(key, (out.get(key) ?? 0) + r.amount);
  }
  for (const [k, v] of out) if (v === 0) out.delete(k);
  return out;
}

async function readAll(connector: ReturnType<typeof tripletexConnector>, ctx: SyncContext = quietContext()) {
  const records: LedgerRecord[] = [];
  for await (const r of connector.read(ctx)) records.push(r);
  return records;
}

describe('dateWindows', () => {
  it('cuts inclusive ranges at month and year ends', () => {
    expect(dateWindows('2024-01-15', '2024-03-10', 'month')).toEqual([
      { dateFrom: '2024-01-15', dateTo: '2024-01-31' },
      { dateFrom: '2024-02-01', dateTo: '2024-02-29' },
      { dateFrom: '2024-03-01', dateTo: '2024-03-10' },
    ]);
    expect(dateWindows('2024-06-01', '2025-02-28', 'year')).toEqual([
      { dateFrom: '2024-06-01', dateTo: '2024-12-31' },
      { dateFrom: '2025-01-01', dateTo: '2025-02-28' },
    ]);
  });
});

describe('tripletexConnector', () => {
  it('syncs the whole company through ingestLedger with the generator’s P&L for every month', async () => {
    const t = await createTestApp();
    const id = await t.addApiAccount('tripletex', 'Tripletex (stand-in)');
    const progress = new Map<string, number[]>();
    const warnings: ImportWarning[] = [];
    const ctx: SyncContext = {
      signal: new AbortController().signal,
      progress: (part, fraction) => progress.set(part, [...(progress.get(part) ?? []), fraction]),
      warn: (m) => warnings.push(m),
    };
    const connector = tripletexConnector(options());
    expect(connector.type).toBe('tripletex');
    const result = await ingestLedger(t.deps.db, id, connector, ctx);

    const postings = generated('posting');
    expect(result.postings).toBe(postings.length);
    expect(result.accounts).toBe(generated('account').length);
    expect(result.customers).toBe(generated('customer').length);
    expect(result.suppliers).toBe(generated('supplier').length);
    expect(result.debitTotal).toBe(postings.reduce((s, p) => s + Math.max(0, p.amount), 0));
    expect(result.warnings).toEqual([]);
    expect(result.products).toBe(generated('product').length);
    expect(result.employees).toBe(generated('employee').length);
    expect(result.months).toBe(34);
    expect(warnings).toEqual([]);

    // The range starts at the company's first posting, so there is no opening balance.
    const [ib] = await t.deps.db
      .select({ n: count() })
      .from(posting)
      .where(and(eq(posting.apiAccountId, id), eq(posting.voucher, 'IB')));
    expect(ib!.n).toBe(0);

    const balances = await t.deps.db
      .select()
      .from(monthlyBalance)
      .where(and(eq(monthlyBalance.apiAccountId, id), gte(monthlyBalance.accountNumber, 3000)));
    expect(profitAndLoss(balances)).toEqual(profitAndLoss(postings));
    // Per-month result too, as the P&L's bottom line.
    const resultByMonth = (rows: Array<{ key: string; amount: number }>) => {
      const m = new Map<string, number>();
      for (const r of rows) m.set(r.key, (m.get(r.key) ?? 0) + r.amount);
      return m;
    };
    expect(resultByMonth(balances.map((b) => ({ key: b.month, amount: b.amount })))).toEqual(
      resultByMonth(
        postings.filter((p) => p.accountNumber >= 3000).map((p) => ({ key: p.date.slice(0, 7), amount: p.amount })),
      ),
    );

    // Master data arrives with Tripletex's ids and øre prices.
    const products = await t.deps.db.select().from(product).where(eq(product.apiAccountId, id));
    expect(products.map((p) => p.price).sort()).toEqual(
      generated('product')
        .map((p) => p.price)
        .sort(),
    );
    const staff = await t.deps.db.select().from(employee).where(eq(employee.apiAccountId, id));
    expect(staff.map((e) => [e.name, e.startDate, e.endDate]).sort()).toEqual(
      generated('employee')
        .map((e) => [e.name, e.startDate, e.endDate ?? null])
        .sort(),
    );
    const customers = await t.deps.db
      .select()
      .from(party)
      .where(and(eq(party.apiAccountId, id), eq(party.kind, 'customer')));
    expect(customers.map((c) => c.orgNumber).sort()).toEqual(
      generated('customer')
        .map((c) => c.orgNumber)
        .sort(),
    );
    // Revenue lines keep their customer and product, under Tripletex's ids.
    const [revenue] = await t.deps.db.all<{ n: number; withParty: number }>(
      `select count(*) as n, count(customer_id) as withParty from posting
       where api_account_id = '${id}' and account_number between 3000 and 3199`,
    );
    expect(revenue!.withParty).toBe(revenue!.n);
    expect(String(company.customers[0]!.id)).toMatch(/^\d+$/);

    for (const part of connector.parts) {
      const fractions = progress.get(part) ?? [];
      expect(fractions.at(-1), part).toBe(1);
      expect(
        fractions.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= fractions[i - 1]!)),
        part,
      ).toBe(true);
    }
    // Monthly windows: one listing per month of the range.
    expect(standin.requestsByPath.get('/ledger/posting')).toBeGreaterThanOrEqual(34);
  });

  it('starts a later range from opening balances that make every balance sheet account match', async () => {
    const dateFrom = '2025-03-01';
    const dateTo = '2025-06-30';
    const records = await readAll(tripletexConnector(options({ dateFrom, dateTo, window: 'year', pageSize: 250 })));
    const openings = records.filter((r): r is Extract<LedgerRecord, { kind: 'opening' }> => r.kind === 'opening');
    const postings = records.filter((r): r is Posting => r.kind === 'posting');
    expect(openings.length).toBeGreaterThan(5);
    expect(openings.every((o) => o.date === dateFrom && o.accountNumber >= 1000 && o.accountNumber <= 2999)).toBe(true);
    // Earlier years' results were never closed to equity; 2050 takes them so the opening balances balance.
    expect(openings.reduce((s, o) => s + o.amount, 0)).toBe(0);

    const all = generated('posting');
    const closing = (rows: Array<{ accountNumber: number; amount: number }>) => {
      const m = new Map<number, number>();
      for (const r of rows)
        if (r.accountNumber < 3000) m.set(r.accountNumber, (m.get(r.accountNumber) ?? 0) + r.amount);
      for (const [k, v] of m) if (v === 0) m.delete(k);
      return m;
    };
    const earlierResult = all
      .filter((p) => p.date < dateFrom && p.accountNumber >= 3000)
      .reduce((s, p) => s + p.amount, 0);
    const expected = closing(all.filter((p) => p.date <= dateTo));
    expected.set(2050, (expected.get(2050) ?? 0) + earlierResult);
    expect(closing([...openings, ...postings])).toEqual(expected);

    expect(postings.every((p) => p.date >= dateFrom && p.date <= dateTo)).toBe(true);
    expect(profitAndLoss(postings)).toEqual(profitAndLoss(all.filter((p) => p.date >= dateFrom && p.date <= dateTo)));
    expect(new Set(postings.map((p) => p.voucher)).size).toBeGreaterThan(100);
    expect(postings[0]!.voucher).toMatch(/^2025-\d+$/);
  });

  it('fails with invalid-credentials before yielding anything when the tokens are wrong', async () => {
    const records: LedgerRecord[] = [];
    const error = await (async () => {
      for await (const r of tripletexConnector(options({ employeeToken: 'revoked' })).read(quietContext()))
        records.push(r);
    })().catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe('invalid-credentials');
    expect(error.message).toBe('The consumer token is invalid or does not exist');
    expect(records).toEqual([]);
  });

  it('rides out rate limits and 500s during a sync', async () => {
    const s = await startTripletexStandin({ company, rateLimitEvery: 7, failEvery: 5 });
    try {
      const waits: number[] = [];
      const records = await readAll(
        tripletexConnector({
          ...options({ dateFrom: '2026-01-01', dateTo: '2026-10-31', pageSize: 200 }),
          baseUrl: s.url,
          sleep: async (ms) => {
            waits.push(ms);
          },
        }),
      );
      const postings = records.filter((r): r is Posting => r.kind === 'posting');
      expect(postings).toHaveLength(generated('posting').filter((p) => p.date >= '2026-01-01').length);
      expect(waits).toContain(1000);
      expect(waits).toContain(500);
    } finally {
      await s.close();
    }
  });
});
