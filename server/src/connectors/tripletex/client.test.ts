import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standinClients } from '../../test/tripletex-standin/clients.ts';
import { buildStandinCompany, type StandinCompany } from '../../test/tripletex-standin/company.ts';
import {
  startTripletexStandin,
  type TripletexStandin,
  type TripletexStandinOptions,
} from '../../test/tripletex-standin/standin.ts';
import type { LedgerRecord } from '../types.ts';
import { ConnectorError } from '../types.ts';
import {
  createTripletexClient,
  INVALID_CREDENTIALS,
  nextDay,
  type TripletexClientOptions,
  type TtxPosting,
  toOre,
} from './client.ts';

// Two years of the demo company: about 7 500 postings.
let company: StandinCompany;
let standin: TripletexStandin;
const extra: TripletexStandin[] = [];

beforeAll(async () => {
  company = buildStandinCompany({ seed: 4102, fromMonth: '2024-01', toMonth: '2025-12' });
  standin = await startTripletexStandin({ company });
});
afterAll(async () => {
  await Promise.all([standin, ...extra].map((s) => s.close()));
});

async function faulty(options: TripletexStandinOptions): Promise<TripletexStandin> {
  const s = await startTripletexStandin({ company, ...options });
  extra.push(s);
  return s;
}

function clientFor(s: TripletexStandin, options: Partial<TripletexClientOptions> = {}) {
  const waits: number[] = [];
  const client = createTripletexClient({
    baseUrl: s.url,
    consumerToken: s.consumerToken,
    employeeToken: s.employeeToken,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { client, waits };
}

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(...page);
  return out;
}

const generatorPostings = (from: string, to: string) =>
  company.records.filter(
    (r): r is Extract<LedgerRecord, { kind: 'posting' }> => r.kind === 'posting' && r.date >= from && r.date <= to,
  );

const sumByAccount = (rows: Array<{ accountNumber: number; amount: number }>) => {
  const sums = new Map<number, number>();
  for (const r of rows) sums.set(r.accountNumber, (sums.get(r.accountNumber) ?? 0) + r.amount);
  return sums;
};

describe('toOre and nextDay', () => {
  it('converts two-decimal NOK exactly, including values that are not exact in binary', () => {
    expect(toOre(0.1 + 0.2)).toBe(30);
    expect(toOre(1234.56)).toBe(123_456);
    expect(toOre(-0.01)).toBe(-1);
    expect(toOre(89_999_999.99)).toBe(8_999_999_999);
    expect(Object.is(toOre(-0), 0)).toBe(true);
    expect(() => toOre(Number.NaN)).toThrow();
  });

  it('adds a day across month, year and leap-day boundaries', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2024-02-29')).toBe('2024-03-01');
    expect(nextDay('2025-12-31')).toBe('2026-01-01');
  });
});

describe('createTripletexClient against the stand-in', () => {
  it('pages through 5 000+ postings with count=200, each exactly once, with the generator totals', async () => {
    const { client } = clientFor(standin, { pageSize: 200 });
    const progress: Array<{ received: number; fullResultSize?: number }> = [];
    const before = standin.requestsByPath.get('/ledger/posting') ?? 0;
    const postings = await collect(
      client.postings({ dateFrom: '2024-01-01', dateTo: '2025-12-31' }, (info) => progress.push(info)),
    );
    const expected = generatorPostings('2024-01-01', '2025-12-31');
    expect(expected.length).toBeGreaterThan(5000);
    expect(postings).toHaveLength(expected.length);
    expect(new Set(postings.map((p) => p.id)).size).toBe(expected.length);
    expect((standin.requestsByPath.get('/ledger/posting') ?? 0) - before).toBe(Math.floor(expected.length / 200) + 1);
    expect(progress.at(-1)).toEqual({ received: expected.length, fullResultSize: expected.length });

    const got = sumByAccount(
      postings.map((p: TtxPosting) => ({ accountNumber: p.account!.number!, amount: toOre(p.amount!) })),
    );
    expect(got).toEqual(sumByAccount(expected));
  });

  it('asks only for the fields it maps', async () => {
    const { client } = clientFor(standin);
    const [first] = await collect(client.postings({ dateFrom: '2024-03-01', dateTo: '2024-03-01' }));
    expect(Object.keys(first!).sort()).toEqual(
      ['account', 'amount', 'customer', 'date', 'description', 'id', 'product', 'supplier', 'voucher'].sort(),
    );
    expect(Object.keys(first!.account!)).toEqual(['number']);
  });

  it('treats dateTo as inclusive: a range ending on a month’s last day includes that day', async () => {
    const { client } = clientFor(standin);
    const feb = await collect(client.postings({ dateFrom: '2024-02-01', dateTo: '2024-02-29' }));
    expect(feb).toHaveLength(generatorPostings('2024-02-01', '2024-02-29').length);
    expect(feb.some((p) => p.date === '2024-02-29')).toBe(true);
    expect(feb.every((p) => p.date! >= '2024-02-01' && p.date! <= '2024-02-29')).toBe(true);
    // A single day is a valid range too (the API rejects dateTo <= dateFrom).
    const lastDay = await collect(client.postings({ dateFrom: '2024-02-29', dateTo: '2024-02-29' }));
    expect(lastDay.length).toBe(generatorPostings('2024-02-29', '2024-02-29').length);
    expect(lastDay.length).toBeGreaterThan(0);
  });

  it('waits for X-Rate-Limit-Reset on 429 and then carries on', async () => {
    const s = await faulty({ rateLimitEvery: 3, rateLimitBurst: 2, rateLimitResetSeconds: 2 });
    const { client, waits } = clientFor(s, { pageSize: 500 });
    const postings = await collect(client.postings({ dateFrom: '2024-01-01', dateTo: '2024-06-30' }));
    expect(postings).toHaveLength(generatorPostings('2024-01-01', '2024-06-30').length);
    expect(new Set(postings.map((p) => p.id)).size).toBe(postings.length);
    expect(waits.length).toBeGreaterThan(4);
    expect(waits.every((ms) => ms === 2000)).toBe(true);
  });

  it('retries 500s with backoff and still delivers every value once', async () => {
    const s = await faulty({ failEvery: 3 });
    const { client, waits } = clientFor(s, { pageSize: 300 });
    const postings = await collect(client.postings({ dateFrom: '2024-01-01', dateTo: '2024-12-31' }));
    expect(postings).toHaveLength(generatorPostings('2024-01-01', '2024-12-31').length);
    expect(new Set(postings.map((p) => p.id)).size).toBe(postings.length);
    expect(waits.length).toBeGreaterThan(3);
    expect(waits.every((ms) => ms === 500)).toBe(true); // every failure is followed by a success
  });

  it('backs off exponentially and gives up after maxRetries naming the endpoint and status', async () => {
    const s = await faulty({ failEvery: 1, faultPaths: ['/ledger/posting'] });
    const { client, waits } = clientFor(s, { maxRetries: 4, retryBaseMs: 250 });
    const error = await collect(client.postings({ dateFrom: '2024-01-01', dateTo: '2024-01-31' })).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe('source-unavailable');
    expect(error.message).toContain('GET /ledger/posting');
    expect(error.message).toContain('HTTP 500');
    expect(error.message).toContain('4 retries');
    expect(waits).toEqual([250, 500, 1000, 2000]);
  });

  it('gives up on a source that keeps rate-limiting', async () => {
    const s = await faulty({ rateLimitEvery: 1, faultPaths: ['/customer'] });
    const { client, waits } = clientFor(s, { maxRateLimitRetries: 3 });
    const error = await collect(client.customers()).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe('source-unavailable');
    expect(error.message).toContain('GET /customer');
    expect(error.message).toContain('429');
    expect(waits).toEqual([1000, 1000, 1000]);
  });

  it('retries network errors and then reports the source unavailable', async () => {
    const s = await startTripletexStandin({ company });
    await s.close();
    const { client, waits } = clientFor(s, { maxRetries: 2 });
    const error = await collect(client.accounts()).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe('source-unavailable');
    expect(error.message).toContain('PUT /token/session/:create');
    expect(error.message).toContain('ECONNREFUSED');
    expect(waits).toEqual([500, 1000]);
  });

  it.each([
    ['consumer', { consumerToken: 'not-a-consumer-token' }],
    ['employee', { employeeToken: 'not-an-employee-token' }],
  ])('turns a bad %s token into invalid-credentials', async (_which, tokens) => {
    const { client, waits } = clientFor(standin, tokens);
    const error = await collect(client.accounts()).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe('invalid-credentials');
    expect(error.error).toEqual(INVALID_CREDENTIALS);
    expect(error.message).toBe('The consumer token is invalid or does not exist');
    expect(waits).toEqual([]);
  });

  it('sends the client company id as the Basic-auth user and maps a refusal to invalid-credentials', async () => {
    const ok = clientFor(standin, { companyId: 1_234_567 }).client;
    expect((await collect(ok.accounts())).length).toBe(company.accounts.length);
    const other = clientFor(standin, { companyId: 42 }).client;
    const error = await collect(other.accounts()).catch((e) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe('invalid-credentials');
  });

  it('opens a fresh session once when the session expires mid-listing', async () => {
    const { client } = clientFor(standin, { pageSize: 500 });
    const creates = () => standin.requestsByPath.get('/token/session/:create') ?? 0;
    const before = creates();
    let pages = 0;
    const ids = new Set<number>();
    for await (const page of client.postings({ dateFrom: '2024-01-01', dateTo: '2024-06-30' })) {
      for (const p of page) ids.add(p.id);
      if (++pages === 2) standin.revokeSessions();
    }
    expect(ids.size).toBe(generatorPostings('2024-01-01', '2024-06-30').length);
    expect(creates() - before).toBe(2);
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    const { client } = clientFor(standin, { signal: controller.signal, pageSize: 100 });
    let pages = 0;
    const run = (async () => {
      for await (const _ of client.postings({ dateFrom: '2024-01-01', dateTo: '2025-12-31' })) {
        pages += 1;
        if (pages === 2) controller.abort(new Error('sync cancelled'));
      }
    })();
    await expect(run).rejects.toThrow('sync cancelled');
    expect(pages).toBe(2);
  });
});

describe("an accounting office's client companies", () => {
  it('lists the clients the employee token may log into, and reads each one as its id', async () => {
    const office = await faulty({ clients: standinClients(3, { fromMonth: '2025-01', toMonth: '2025-02' }) });
    const all: Array<{ id: number; name?: string; organizationNumber?: string }> = [];
    for await (const page of clientFor(office, { pageSize: 2 }).client.clientCompanies()) all.push(...page);
    expect(all).toEqual(
      office.clients.map((c) => ({ id: c.id, name: c.name, organizationNumber: c.organizationNumber })),
    );

    for (const c of office.clients) {
      const { client } = clientFor(office, { companyId: c.id });
      const me = await client.get<{ value: { companyId: number } }>('/token/session/>whoAmI');
      expect(me.value.companyId).toBe(c.id);
      let postings = 0;
      for await (const page of client.postings({ dateFrom: '2025-01-01', dateTo: '2025-02-28' }))
        postings += page.length;
      expect(postings).toBe(c.company.postings.length);
    }
  });

  it('refuses a token without client access, an expired token and a company it does not reach, as Tripletex does', async () => {
    const office = await faulty({ clients: standinClients(1, { fromMonth: '2025-01', toMonth: '2025-01' }) });
    const refused = async (
      options: Partial<TripletexClientOptions>,
      run: (c: ReturnType<typeof clientFor>['client']) => Promise<unknown>,
    ) => {
      const error = await run(clientFor(office, { maxRetries: 0, ...options }).client).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectorError);
      expect((error as ConnectorError).error).toEqual(INVALID_CREDENTIALS);
    };
    const list = async (c: ReturnType<typeof clientFor>['client']) => {
      for await (const _ of c.clientCompanies());
    };
    await refused({ employeeToken: office.limitedEmployeeToken }, list);
    await refused({ employeeToken: office.expiredEmployeeToken }, (c) => c.get('/token/session/>whoAmI'));
    await refused({ companyId: 999_999 }, (c) => c.get('/ledger/account'));
    await refused({ employeeToken: office.limitedEmployeeToken, companyId: office.clients[0]!.id }, (c) =>
      c.get('/ledger/account'),
    );
  });
});
