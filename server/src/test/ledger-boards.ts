import { randomUUID } from 'node:crypto';
import type { ApiAccountProvider } from '@saldo/contract';
import { expect } from 'vitest';
import type { Connector, LedgerRecord } from '../connectors/types.ts';
import { board, boardApiAccount } from '../db/schema/index.ts';
import { type IngestResult, ingestLedger } from '../features/sync/ingest.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './create-test-app.ts';

// What the tests of the ledger's readers (reports, widgets, KPIs, budgets, drill-downs) each set up:
// the app with its owner signed in, a board of one company's ledger, and a GET expected to answer 200.

/** A test app and its demo owner's token (the demo company's board is `t.boardId`). */
export interface SignedIn {
  t: TestApp;
  token: string;
}

export async function signedInApp(options?: TestAppOptions): Promise<SignedIn> {
  const t = await createTestApp(options);
  return { t, token: (await t.login()).jwtToken };
}

/**
 * A board of its own holding one new source whose ledger is `connector`'s records, written by the
 * sync's own ingest; the board is inserted as the owner's, without a route.
 */
export async function boardOfLedger(
  t: TestApp,
  connector: Connector,
  names: { source: string; board: string },
  provider: ApiAccountProvider = 'saft',
): Promise<LedgerBoard> {
  const sourceId = await t.addApiAccount(provider, names.source);
  const ingested = await ingestLedger(t.deps.db, sourceId, connector);
  const boardId = randomUUID();
  const now = new Date();
  await t.deps.db
    .insert(board)
    .values({ id: boardId, ownerId: t.userId, name: names.board, createdAt: now, updatedAt: now });
  await t.deps.db.insert(boardApiAccount).values({ boardId, apiAccountId: sourceId });
  return { boardId, sourceId, ingested };
}

/** A board of one source's ledger: its id, the source's, and what the ingest said. */
export interface LedgerBoard {
  boardId: string;
  sourceId: string;
  ingested: IngestResult;
}

/** signedInApp, with a board of its own of `connector`'s ledger beside the demo company's (boardOfLedger). */
export async function appWithLedgerBoard(
  connector: Connector,
  names: { source: string; board: string },
): Promise<SignedIn & LedgerBoard> {
  const app = await signedInApp();
  return { ...app, ...(await boardOfLedger(app.t, connector, names)) };
}

/** A source that holds just these records (a ledger made for one test). */
export const ledgerOf = (records: readonly LedgerRecord[]): Connector => ({
  type: 'demo',
  parts: ['ledger'],
  async *read() {
    yield* records;
  },
});

/**
 * A new source whose ledger is `connector`'s records, on a board of that name made as its owner makes
 * one (POST /api/group-account); the board's id.
 */
export async function boardThroughApi({ t, token }: SignedIn, name: string, connector: Connector): Promise<string> {
  const id = await t.addApiAccount(connector.type, name);
  await ingestLedger(t.deps.db, id, connector);
  const res = await t.request('/api/group-account', {
    method: 'POST',
    token,
    body: JSON.stringify({ name, apis: [id] }),
  });
  return (await res.json())._id;
}

/**
 * GET `path` with the query's parts joined on (an undefined part left out) as the signed-in owner:
 * expects 200 (saying the path and the answer otherwise) and gives the JSON.
 */
export async function getOk<T>({ t, token }: SignedIn, path: string, ...query: Array<string | undefined>): Promise<T> {
  const parts = query.filter((q) => q !== undefined && q !== '');
  const url = parts.length ? `${path}${path.includes('?') ? '&' : '?'}${parts.join('&')}` : path;
  const res = await t.request(url, { token });
  expect(res.status, `${url}: ${await res.clone().text()}`).toBe(200);
  return res.json();
}
