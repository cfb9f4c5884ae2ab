import type { ApiAccount, SyncInfo } from '@saldo/contract';
import { type ImportWarning, importWarning } from '@saldo/contract/sources/import-warnings';
import { storedSourceError } from '@saldo/contract/sources/source-errors';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { openingVoucherOf } from '../../connectors/saft/saft-settings.ts';
import type { SecretBox } from '../../crypto/secrets.ts';
import type { Db, Writer } from '../../db/client.ts';
import { apiAccount, board, boardApiAccount, syncJob } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';

type AccountRow = typeof apiAccount.$inferSelect;
type JobRow = typeof syncJob.$inferSelect;

/** An account past its expiration date counts as invalid, whatever the source last said. */
export function isExpired(account: Pick<AccountRow, 'expirationDate'>, today = new Date()): boolean {
  return !!account.expirationDate && account.expirationDate < today.toISOString().slice(0, 10);
}

export function isSyncable(account: AccountRow, today = new Date()): boolean {
  return !account.apiKeyIsInvalid && !isExpired(account, today);
}

export function syncInfoOf(account: Pick<AccountRow, 'lastSyncedAt'>, job: JobRow | undefined): SyncInfo {
  const lastSyncedAt = account.lastSyncedAt?.toISOString() ?? null;
  if (!job) return { status: 'idle', percentage: lastSyncedAt ? 100 : null, lastSyncedAt, error: null };
  switch (job.status) {
    case 'queued':
      return { status: 'queued', percentage: 0, lastSyncedAt, error: null };
    case 'running':
      return { status: 'running', percentage: job.percentage, lastSyncedAt, error: null };
    case 'done':
      return { status: 'done', percentage: 100, lastSyncedAt, error: null };
    case 'failed':
      return {
        status: 'failed',
        percentage: lastSyncedAt ? 100 : null,
        lastSyncedAt,
        error: storedSourceError(job.error ?? ''),
      };
  }
}

/** The latest job of each account. */
export async function latestJobs(db: Db, ids: readonly string[]): Promise<Map<string, JobRow>> {
  if (ids.length === 0) return new Map();
  const jobs = await db
    .select()
    .from(syncJob)
    .where(inArray(syncJob.apiAccountId, [...ids]))
    .orderBy(desc(syncJob.createdAt));
  const latest = new Map<string, JobRow>();
  for (const job of jobs) if (!latest.has(job.apiAccountId)) latest.set(job.apiAccountId, job);
  return latest;
}

const hint = (secret: string | undefined) => (secret ? `…${secret.slice(-4)}` : null);

/** A warning stored by a sync before warnings had codes is plain English text: kept, as a SOURCE_MESSAGE. */
export function asImportWarning(warning: ImportWarning | string): ImportWarning {
  return typeof warning === 'string' ? importWarning('SOURCE_MESSAGE', { text: warning }) : warning;
}

export function toApiAccount(row: AccountRow, job: JobRow | undefined, secrets: SecretBox): ApiAccount {
  let credentials: { consumerToken?: string; employeeToken?: string } = {};
  if (row.credentials) {
    try {
      credentials = JSON.parse(secrets.open(row.credentials));
    } catch {
      // Sealed with another key (a changed SALDO_ENCRYPTION_KEY): show no hints; a sync will say it is invalid.
    }
  }
  const expired = isExpired(row);
  return {
    _id: row.id,
    name: row.name,
    number: row.number,
    provider: row.provider,
    type: row.integration ? 'integration' : 'manual',
    consumerIdHint: hint(credentials.consumerToken),
    employeeIdHint: hint(credentials.employeeToken),
    expirationDate: row.expirationDate,
    apiKeyIsInvalid: row.apiKeyIsInvalid || expired,
    invalidReason: expired ? 'expired' : row.apiKeyIsInvalid ? 'rejected' : null,
    syncInfo: syncInfoOf(row, job),
    stats: row.stats ? { ...row.stats, warnings: row.stats.warnings.map(asImportWarning) } : null,
    ...(row.provider === 'saft' ? { openingVoucher: openingVoucherOf(row.settings) } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function ownAccount(db: Db, userId: string, id: string): Promise<AccountRow> {
  const [row] = await db
    .select()
    .from(apiAccount)
    .where(and(eq(apiAccount.id, id), eq(apiAccount.ownerId, userId)));
  if (!row) throw new ApiError('API_ACCOUNT_NOT_FOUND');
  return row;
}

export async function listApiAccounts(
  db: Db,
  userId: string,
  secrets: SecretBox,
  ids?: readonly string[],
): Promise<ApiAccount[]> {
  const rows = await db
    .select()
    .from(apiAccount)
    .where(ids ? and(eq(apiAccount.ownerId, userId), inArray(apiAccount.id, [...ids])) : eq(apiAccount.ownerId, userId))
    .orderBy(apiAccount.createdAt);
  const jobs = await latestJobs(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toApiAccount(r, jobs.get(r.id), secrets));
}

/** The names of these API accounts (the consolidation widget's companies). */
export async function apiAccountNames(db: Db, ids: string[]): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: apiAccount.id, name: apiAccount.name }).from(apiAccount).where(inArray(apiAccount.id, ids));
}

/** These API accounts' rows, as stored (none for an empty list). */
export async function apiAccountsByIds(db: Db, ids: readonly string[]): Promise<AccountRow[]> {
  return ids.length
    ? db
        .select()
        .from(apiAccount)
        .where(inArray(apiAccount.id, [...ids]))
    : [];
}

/** The owner's Tripletex sources: their settings and sealed keys (which company each reads). */
export async function tripletexSourcesOf(
  db: Db,
  ownerId: string,
): Promise<Array<Pick<AccountRow, 'settings' | 'credentials'>>> {
  return db
    .select({ settings: apiAccount.settings, credentials: apiAccount.credentials })
    .from(apiAccount)
    .where(and(eq(apiAccount.ownerId, ownerId), eq(apiAccount.provider, 'tripletex')));
}

/** The user's account already holding these credentials (by their fingerprint), if any. */
export async function accountWithCredentials(
  db: Db,
  ownerId: string,
  fingerprint: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: apiAccount.id })
    .from(apiAccount)
    .where(and(eq(apiAccount.ownerId, ownerId), eq(apiAccount.credentialsFingerprint, fingerprint)));
  return row;
}

export async function insertApiAccount(db: Writer, values: typeof apiAccount.$inferInsert): Promise<void> {
  await db.insert(apiAccount).values(values);
}

/**
 * A source and a board over it, all or nothing (a board without its source would greet the user with
 * "connect an API"): the first run's demo, and each company of a Tripletex bulk connection.
 */
export async function insertSourceWithBoard(
  db: Writer,
  rows: { account: typeof apiAccount.$inferInsert; board: typeof board.$inferInsert },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(apiAccount).values(rows.account);
    await tx.insert(board).values(rows.board);
    await tx.insert(boardApiAccount).values({ boardId: rows.board.id, apiAccountId: rows.account.id });
  });
}

export type ApiAccountChanges = Partial<typeof apiAccount.$inferInsert>;

export async function updateApiAccount(db: Db, id: string, changes: ApiAccountChanges): Promise<void> {
  await db.update(apiAccount).set(changes).where(eq(apiAccount.id, id));
}

/** Removes an account; its ledger goes with it (the schema cascades). */
export async function deleteApiAccount(db: Writer, id: string): Promise<void> {
  await db.delete(apiAccount).where(eq(apiAccount.id, id));
}

/** The SAF-T accounts among `ids`, or all of a user's when `ownerId` is given instead. */
export async function saftAccountIds(db: Db, by: { ownerId: string } | { ids: readonly string[] }): Promise<string[]> {
  if ('ids' in by && by.ids.length === 0) return [];
  const rows = await db
    .select({ id: apiAccount.id })
    .from(apiAccount)
    .where(
      and(
        eq(apiAccount.provider, 'saft'),
        'ownerId' in by ? eq(apiAccount.ownerId, by.ownerId) : inArray(apiAccount.id, [...by.ids]),
      ),
    );
  return rows.map((r) => r.id);
}

/** The boards an account feeds (an account is its owner's; these are where its removal shows). */
export async function boardsOfAccount(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .select({ id: boardApiAccount.boardId })
    .from(boardApiAccount)
    .where(eq(boardApiAccount.apiAccountId, id));
  return rows.map((r) => r.id);
}
