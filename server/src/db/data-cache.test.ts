import { randomUUID } from 'node:crypto';
import { DATA_NOTICE_HEADER } from '@saldo/contract/sources/data-health';
import { and, between, count, eq, sql } from 'drizzle-orm';
import Driver from 'libsql';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoConnector } from '../connectors/demo/demo-connector.ts';
import { ingestLedger } from '../features/sync/ingest.ts';
import { cachedByDataVersion } from '../ledger/cache.ts';
import { withLedgerSnapshot } from '../ledger/snapshot.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { databaseFileOf } from './client.ts';
import { changeCounterNow, keptWhileUnchanged } from './data-cache.ts';
import { apiAccount, board, posting, user } from './schema/index.ts';

let t: TestApp;
let token: string;
/** Swaps the demo account's ledger for the demo generator's `seed` over the months given, keeping no retired version. */
const replaceLedger = (seed: number, fromMonth: string, toMonth: string) =>
  ingestLedger(t.deps.db, t.apiAccountId, demoConnector({ seed, fromMonth, toMonth }), undefined, { keepRetiredMs: 0 });
beforeAll(async () => {
  t = await createTestApp({ database: 'file' });
  token = (await t.login()).jwtToken;
});

const q = () => `groupId=${t.boardId}&startDate=2025-01-01&endDate=2025-12-31`;
/**
 * The widgets whose figures come from reads kept by data version (widgets/queries.ts, ledger/recurring-revenue.ts),
 * and the statements whose answers are kept by it (reports/routes.ts).
 */
const paths = () => [
  `/api/profit-loss?${q()}`,
  `/api/profit-loss?${q()}&compare=lastYear`,
  `/api/balance-sheet?${q()}`,
  `/api/cashflow?${q()}&compare=previous`,
  `/api/widgets/top-ten/customers?${q()}`,
  `/api/widgets/top-ten/suppliers?${q()}`,
  `/api/widgets/top-ten/products?${q()}`,
  `/api/widgets/top-ten/expenses?${q()}&compare=lastYear`,
  `/api/widgets/top-five/expenses?${q()}`,
  `/api/widgets/top-ten/largest-transactions?${q()}`,
  `/api/widgets/turnover?${q()}`,
  `/api/widgets/mrr?${q()}`,
];
/** A drill-down's count and sums are kept too (reports/queries.ts), and its page as sent (reports/routes.ts). */
const drill = () => `/api/postings?groupId=${t.boardId}&from=2025-01-01&to=2025-12-31&account=3000-3999`;
const totals = async () => {
  const { total, sum, debit } = await read(drill());
  return { total, sum, debit };
};

async function read(path: string) {
  const res = await t.request(path, { token });
  expect(res.status, path).toBe(200);
  return res.json();
}

describe('ledger reads kept by data version', () => {
  it('answers every kept widget from the new ledger as soon as a sync swaps it in', async () => {
    const before = await Promise.all(paths().map(read));
    const totalsBefore = await totals();
    const pageBefore = (await read(drill())).items;
    // Asked again, the same figures (now from memory).
    expect(await Promise.all(paths().map(read))).toEqual(before);
    expect(await totals()).toEqual(totalsBefore);
    expect((await read(drill())).items).toEqual(pageBefore);
    // Another company's ledger over the same months: every figure changes.
    await replaceLedger(77, '2024-01', '2026-10');
    const after = await Promise.all(paths().map(read));
    paths().forEach((path, i) => {
      expect(after[i], path).not.toEqual(before[i]);
    });
    const totalsAfter = await totals();
    expect(totalsAfter.sum).not.toBe(totalsBefore.sum);
    // The page lists the new ledger's postings: none of them is one of the old ledger's.
    const pageAfter: Array<{ _id: string }> = (await read(drill())).items;
    expect(pageAfter.length).toBeGreaterThan(0);
    const oldIds = new Set(pageBefore.map((p: { _id: string }) => p._id));
    expect(pageAfter.filter((p) => oldIds.has(p._id))).toEqual([]);
    // And they are the live ledger's, counted here without any cache.
    const [live] = await t.deps.db
      .select({ total: count(), sum: sql<number>`sum(${posting.amount})`.mapWith(Number) })
      .from(posting)
      .innerJoin(
        apiAccount,
        and(eq(apiAccount.id, posting.apiAccountId), eq(apiAccount.ledgerVersion, posting.version)),
      )
      .where(
        and(
          eq(posting.apiAccountId, t.apiAccountId),
          between(posting.accountNumber, 3000, 3999),
          between(posting.period, '2025-01', '2025-12'),
        ),
      );
    expect({ total: totalsAfter.total, sum: totalsAfter.sum }).toEqual(live);
  }, 120_000);

  it('reads again when a source’s data version moves, and keeps one database apart from another', async () => {
    let reads = 0;
    // A read of the live version's number: it changes only when the data version does.
    const versionOf = cachedByDataVersion(async (db, sources: readonly string[]) => {
      reads++;
      const [row] = await db
        .select({ v: apiAccount.ledgerVersion })
        .from(apiAccount)
        .where(eq(apiAccount.id, sources[0]!));
      return row?.v;
    });
    const sources = [t.apiAccountId];
    const first = await withLedgerSnapshot(() => versionOf(t.deps.db, sources));
    expect(await withLedgerSnapshot(() => versionOf(t.deps.db, sources))).toBe(first);
    expect(reads).toBe(1);
    await replaceLedger(78, '2025-01', '2025-03');
    const second = await withLedgerSnapshot(() => versionOf(t.deps.db, sources));
    expect(second).not.toBe(first);
    expect(reads).toBe(2);
    // The same key (a source neither database has) in another database is that database's own read.
    const other = await createTestApp();
    await withLedgerSnapshot(() => versionOf(t.deps.db, ['no-such-source']));
    await withLedgerSnapshot(() => versionOf(t.deps.db, ['no-such-source']));
    expect(reads).toBe(3);
    await withLedgerSnapshot(() => versionOf(other.deps.db, ['no-such-source']));
    expect(reads).toBe(4);
  }, 120_000);

  it('runs one read for the requests that ask while it runs, and keeps no failed read', async () => {
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow = cachedByDataVersion(async (_db, _sources: readonly string[], n: number) => {
      reads++;
      await gate;
      if (n < 0) throw new Error('refused');
      return { n };
    });
    const sources = [t.apiAccountId];
    const asked = Array.from({ length: 5 }, () => withLedgerSnapshot(() => slow(t.deps.db, sources, 1)));
    release();
    const answers = await Promise.all(asked);
    expect(reads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    // A failure reaches every waiting caller, and the next request reads again.
    const failing = Array.from({ length: 3 }, () => withLedgerSnapshot(() => slow(t.deps.db, sources, -1)));
    for (const f of failing) await expect(f).rejects.toThrow('refused');
    expect(reads).toBe(2);
    await expect(withLedgerSnapshot(() => slow(t.deps.db, sources, -1))).rejects.toThrow('refused');
    expect(reads).toBe(3);
  });
});

describe('reads kept while the database is unchanged', () => {
  /** The demo user's name, counting the reads that reach the database. */
  let reads = 0;
  const nameOf = keptWhileUnchanged(async (db, id: string) => {
    reads++;
    const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, id));
    return row?.name;
  });

  it("reads again after any commit: this process's, or another connection's", async () => {
    reads = 0;
    const first = await nameOf(t.deps.db, t.userId);
    expect(await nameOf(t.deps.db, t.userId)).toBe(first);
    expect(reads).toBe(1);
    // A write through the app's own database: the next call reads.
    await t.deps.db.update(user).set({ name: 'Ny Navn' }).where(eq(user.id, t.userId));
    expect(await nameOf(t.deps.db, t.userId)).toBe('Ny Navn');
    expect(reads).toBe(2);
    // A write by another connection to the file, as another server process makes it.
    const other = new Driver(databaseFileOf(t.deps.db)!, { timeout: 5000 });
    try {
      other.prepare('update user set name = ? where id = ?').run('Fra en annen prosess', t.userId);
    } finally {
      other.close();
    }
    expect(await nameOf(t.deps.db, t.userId)).toBe('Fra en annen prosess');
    expect(reads).toBe(3);
    // A write to something else altogether is a change too: kept reads never guess what it touched.
    await t.deps.db.update(apiAccount).set({ name: 'Demo' }).where(eq(apiAccount.id, t.apiAccountId));
    await nameOf(t.deps.db, t.userId);
    expect(reads).toBe(4);
    await t.deps.db.update(user).set({ name: first! }).where(eq(user.id, t.userId));
  });

  it('shares one look at the database between the reads of one step', async () => {
    reads = 0;
    const look = changeCounterNow(t.deps.db);
    expect(look).toBeTypeOf('number');
    const name = await nameOf.at(look, t.deps.db, t.userId);
    expect(await nameOf.at(look, t.deps.db, t.userId)).toBe(name);
    expect(await nameOf(t.deps.db, t.userId)).toBe(name);
    expect(reads).toBe(1);
    // After a write, a new look reads again; the step's own look is from before it.
    await t.deps.db.update(user).set({ name: 'Annet Navn' }).where(eq(user.id, t.userId));
    const next = changeCounterNow(t.deps.db);
    expect(next).not.toBe(look);
    expect(await nameOf.at(next, t.deps.db, t.userId)).toBe('Annet Navn');
    expect(reads).toBe(2);
    await t.deps.db.update(user).set({ name: name! }).where(eq(user.id, t.userId));
  });

  it('reads every time without a database file, and keeps no failed read', async () => {
    const memory = await createTestApp();
    reads = 0;
    await nameOf(memory.deps.db, memory.userId);
    await nameOf(memory.deps.db, memory.userId);
    expect(reads).toBe(2);
    let calls = 0;
    const failing = keptWhileUnchanged(async () => {
      calls++;
      throw new Error('refused');
    });
    await expect(failing(t.deps.db)).rejects.toThrow('refused');
    await expect(failing(t.deps.db)).rejects.toThrow('refused');
    expect(calls).toBe(2);
  });

  it("answers a board's changed role and a source's changed warnings at the next call", async () => {
    const path = `/api/widgets/top-ten/customers?${q()}`;
    const call = async () => {
      const res = await t.request(path, { token });
      await res.arrayBuffer();
      return { status: res.status, notice: res.headers.get(DATA_NOTICE_HEADER) };
    };
    expect(await call()).toEqual({ status: 200, notice: 'false' });
    expect(await call()).toEqual({ status: 200, notice: 'false' });
    // An error warning from the source's last sync: the notice is on at once.
    const [row] = await t.deps.db
      .select({ stats: apiAccount.stats })
      .from(apiAccount)
      .where(eq(apiAccount.id, t.apiAccountId));
    const stats = row!.stats;
    const flawed = {
      ...stats!,
      warnings: [
        { code: 'SAFT_TOTAL_MISMATCH' as const, params: { element: 'TotalDebit' as const, stated: 100, computed: 99 } },
      ],
    };
    await t.deps.db.update(apiAccount).set({ stats: flawed }).where(eq(apiAccount.id, t.apiAccountId));
    try {
      expect(await call()).toEqual({ status: 200, notice: 'true' });
    } finally {
      await t.deps.db.update(apiAccount).set({ stats }).where(eq(apiAccount.id, t.apiAccountId));
    }
    expect(await call()).toEqual({ status: 200, notice: 'false' });
    // The board given to someone else: the user holds no role on it, at once.
    const other = randomUUID();
    const now = new Date();
    await t.deps.db
      .insert(user)
      .values({ id: other, name: 'Eier', email: `${other}@example.no`, createdAt: now, updatedAt: now });
    await t.deps.db.update(board).set({ ownerId: other }).where(eq(board.id, t.boardId));
    try {
      expect((await call()).status).toBe(404);
    } finally {
      await t.deps.db.update(board).set({ ownerId: t.userId }).where(eq(board.id, t.boardId));
    }
    expect((await call()).status).toBe(200);
  });
});
