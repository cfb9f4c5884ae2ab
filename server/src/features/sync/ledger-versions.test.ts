import type { PostingsPage, TopRow } from '@saldo/contract';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import Driver from 'libsql';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoConnector } from '../../connectors/demo/demo-connector.ts';
import type { Connector } from '../../connectors/types.ts';
import { databaseFileOf } from '../../db/client.ts';
import { apiAccount, ledgerVersion, posting } from '../../db/schema/index.ts';
import { parsePeriod } from '../../http/period.ts';
import { ledgerHistory } from '../../ledger/movements.ts';
import { withLedgerSnapshot } from '../../ledger/snapshot.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { ingestLedger } from './ingest.ts';
import { abandonVersion, purgeVersions } from './ledger-versions.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ database: 'file' });
  token = (await t.login()).jwtToken;
});

/** Another company's ledger over the demo's months, so every figure changes when it is synced in. */
const another = (seed: number) => demoConnector({ seed, fromMonth: '2024-01', toMonth: '2026-10' });

/** A connector that stops after `after` records until `open()`; `paused` resolves once it has. */
function gated(inner: Connector, after: number) {
  let open!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((r) => {
    open = r;
  });
  const paused = new Promise<void>((r) => {
    reached = r;
  });
  const connector: Connector = {
    type: inner.type,
    parts: inner.parts,
    async *read(ctx) {
      let n = 0;
      for await (const record of inner.read(ctx)) {
        if (++n === after) {
          reached();
          await gate;
        }
        yield record;
      }
    },
  };
  return { connector, paused, open };
}

/** What a dashboard reads of the board: statements, widgets and a drill-down. */
async function board(): Promise<unknown[]> {
  const q = `groupId=${t.boardId}&startDate=2025-01-01&endDate=2025-12-31`;
  const paths = [
    `/api/profit-loss?${q}`,
    `/api/balance-sheet?${q}`,
    `/api/cashflow?${q}`,
    `/api/widgets/top-ten/customers?${q}`,
    `/api/widgets/top-ten/largest-transactions?${q}`,
    `/api/widgets/top-ten/expenses?${q}`,
    `/api/widgets/mrr?${q}`,
    `/api/postings?groupId=${t.boardId}&from=2025-01-01&to=2025-12-31&account=3000-3999`,
    // A balance's drill-down: its opening balance is read before the period, its running balance over it.
    `/api/postings?groupId=${t.boardId}&from=2025-01-01&to=2025-12-31&account=1900-1999&balance=true&order=asc`,
  ];
  const read = async (path: string) => {
    const res = await t.request(path, { token });
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const answers = await Promise.all(paths.map(read));
  // The drill-downs of a top customer (its party looked up by organisation number) and of the largest voucher.
  const [customer] = answers[3] as TopRow[];
  const [transaction] = answers[4] as TopRow[];
  const at = transaction!._id.indexOf(':');
  const drills = await Promise.all([
    read(
      `/api/postings?groupId=${t.boardId}&from=2025-01-01&to=2025-12-31&account=3000-3999&party=${encodeURIComponent(customer!._id)}&partyKind=customer`,
    ),
    read(
      `/api/postings?groupId=${t.boardId}&from=2025-01-01&to=2025-12-31&apiAccountId=${transaction!._id.slice(0, at)}&voucher=${encodeURIComponent(transaction!._id.slice(at + 1))}`,
    ),
  ]);
  for (const page of drills) expect((page as PostingsPage).total, 'a drill-down lists postings').toBeGreaterThan(0);
  return [...answers, ...drills];
}

const rowsOf = async (state: 'live' | 'building' | 'retired') =>
  (
    await t.deps.db
      .select({ n: count() })
      .from(posting)
      .innerJoin(ledgerVersion, eq(ledgerVersion.id, posting.version))
      .where(and(eq(posting.apiAccountId, t.apiAccountId), eq(ledgerVersion.state, state)))
  )[0]!.n;

/** True when another connection can take the write lock at once (busy timeout 0): no transaction holds it. */
function writeLockIsFree(): boolean {
  const other = new Driver(databaseFileOf(t.deps.db)!);
  try {
    other.exec('PRAGMA busy_timeout = 0');
    other.exec('BEGIN IMMEDIATE');
    other.exec('COMMIT');
    return true;
  } catch {
    return false;
  } finally {
    other.close();
  }
}

describe('ledger versions: reads during a sync', () => {
  it('answers from the complete previous ledger while a sync writes, holding no lock between its batches, then from the new one', async () => {
    const before = await board();
    const { connector, paused, open } = gated(another(77), 8_000);
    const syncing = ingestLedger(t.deps.db, t.apiAccountId, connector, undefined, { keepRetiredMs: 60_000 });
    await paused;
    // Half-way: thousands of the new version's rows are written, none of them is read.
    expect(await rowsOf('building')).toBeGreaterThan(3_000);
    expect(writeLockIsFree()).toBe(true);
    expect(await board()).toEqual(before);
    open();
    await syncing;
    const after = await board();
    expect(after).not.toEqual(before);
    // The replaced version is kept for readers that began on it, then purged.
    expect(await rowsOf('retired')).toBeGreaterThan(0);
    await purgeVersions(t.deps.db, { keepRetiredMs: 0 });
    expect(await rowsOf('retired')).toBe(0);
    expect(await board()).toEqual(after);
  }, 120_000);

  it('keeps a request on the version it began with when a sync switches in the middle of it', async () => {
    const period = parsePeriod('2025-01-01', '2025-12-31');
    const db = t.deps.db;
    const outside = await ledgerHistory(db, [t.apiAccountId], period);
    await withLedgerSnapshot(async () => {
      const first = await ledgerHistory(db, [t.apiAccountId], period);
      await ingestLedger(db, t.apiAccountId, another(78), undefined, { keepRetiredMs: 60_000 });
      // A later statement of the same request: still the first version, never a mix of the two.
      expect(await ledgerHistory(db, [t.apiAccountId], period)).toEqual(first);
    });
    expect(await ledgerHistory(db, [t.apiAccountId], period)).not.toEqual(outside);
    // Within the grace the old rows stay; after it they go.
    await purgeVersions(db, { keepRetiredMs: 60_000 });
    expect(await rowsOf('retired')).toBeGreaterThan(0);
    await purgeVersions(db, { keepRetiredMs: 0 });
    expect(await rowsOf('retired')).toBe(0);
  }, 120_000);

  it('leaves the previous ledger whole when a sync fails, and deletes what the sync wrote', async () => {
    const before = await board();
    const failing: Connector = {
      type: 'demo',
      parts: ['ledger'],
      async *read(ctx) {
        let n = 0;
        for await (const record of another(79).read(ctx)) {
          if (++n > 12_000) throw new Error('connection reset');
          yield record;
        }
      },
    };
    await expect(ingestLedger(t.deps.db, t.apiAccountId, failing)).rejects.toThrow('connection reset');
    expect(await board()).toEqual(before);
    const others = await t.deps.db
      .select({ n: count() })
      .from(posting)
      .innerJoin(apiAccount, eq(apiAccount.id, posting.apiAccountId))
      .where(ne(posting.version, apiAccount.ledgerVersion));
    expect(others[0]!.n).toBe(0);
  }, 120_000);

  it('refuses the switch when the guard fails, and any write once the version is given up', async () => {
    const before = await board();
    await expect(
      ingestLedger(t.deps.db, t.apiAccountId, another(80), undefined, { switchGuard: sql`0` }),
    ).rejects.toThrow('taken over');
    expect(await board()).toEqual(before);

    const { connector, paused, open } = gated(another(81), 8_000);
    const syncing = ingestLedger(t.deps.db, t.apiAccountId, connector);
    await paused;
    const [building] = await t.deps.db
      .select({ id: ledgerVersion.id })
      .from(ledgerVersion)
      .where(eq(ledgerVersion.state, 'building'));
    await abandonVersion(t.deps.db, building!.id);
    open();
    await expect(syncing).rejects.toThrow('no longer being built');
    expect(await board()).toEqual(before);
    expect(await rowsOf('building')).toBe(0);
  }, 120_000);
});
