// The files of SAF-T sources (db/schema/saft.ts): a source keeps every file it was given, and its
// ledger is rebuilt from them (connectors/saft/saft-file-set.ts). Here: reading and writing the rows,
// the same file recognised by its content (SHA-256) among all of an owner's sources, and the files'
// bytes for the quotas.

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { SaftFile } from '@saldo/contract';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { saftFileOf } from '../../connectors/factory.ts';
import type { Db, Writer } from '../../db/client.ts';
import { apiAccount, saftFile, user } from '../../db/schema/index.ts';

type FileRow = typeof saftFile.$inferSelect;

/** A source's files, oldest upload first (the order in which newer files replace months of older ones). */
export async function filesOfSource(db: Db, apiAccountId: string): Promise<FileRow[]> {
  return db
    .select()
    .from(saftFile)
    .where(eq(saftFile.apiAccountId, apiAccountId))
    .orderBy(asc(saftFile.uploadedAt), asc(saftFile.id));
}

/** A source's files as the API lists them, newest first, with who uploaded each. */
export async function listSaftFiles(db: Db, apiAccountId: string): Promise<SaftFile[]> {
  const rows = await db
    .select({ file: saftFile, userName: user.name, userEmail: user.email })
    .from(saftFile)
    .leftJoin(user, eq(user.id, saftFile.uploadedBy))
    .where(eq(saftFile.apiAccountId, apiAccountId))
    .orderBy(desc(saftFile.uploadedAt), desc(saftFile.id));
  return rows.map(({ file, userName, userEmail }) => ({
    _id: file.id,
    fileName: file.fileName,
    bytes: file.bytes,
    periodFrom: file.periodFrom,
    periodTo: file.periodTo,
    uploadedAt: file.uploadedAt.toISOString(),
    uploadedBy: file.uploadedBy ? { id: file.uploadedBy, name: userName || userEmail || '' } : null,
  }));
}

export async function insertSaftFile(db: Db, values: typeof saftFile.$inferInsert): Promise<void> {
  await db.insert(saftFile).values(values);
}

/** Removes a file's row and its bytes on disk. */
export async function removeSaftFile(db: Db, saftDir: string, fileId: string): Promise<void> {
  await db.delete(saftFile).where(eq(saftFile.id, fileId));
  await unlink(saftFileOf(saftDir, fileId)).catch(() => undefined);
}

/** The SHA-256 (hex) of a file on disk, streamed. */
export async function hashOfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * The owner's source already fed by a file with this content, if any. Files kept from before the
 * hashes (null) are hashed now, once, so they are recognised too.
 */
export async function sourceWithFile(
  db: Db,
  saftDir: string,
  ownerId: string,
  contentHash: string,
): Promise<{ id: string; name: string } | undefined> {
  const unhashed = await db
    .select({ id: saftFile.id })
    .from(saftFile)
    .innerJoin(apiAccount, eq(apiAccount.id, saftFile.apiAccountId))
    .where(and(eq(apiAccount.ownerId, ownerId), isNull(saftFile.contentHash)));
  for (const { id } of unhashed) {
    const hash = await hashOfFile(saftFileOf(saftDir, id)).catch(() => null);
    if (hash) await db.update(saftFile).set({ contentHash: hash }).where(eq(saftFile.id, id));
  }
  const [found] = await db
    .select({ id: apiAccount.id, name: apiAccount.name })
    .from(saftFile)
    .innerJoin(apiAccount, eq(apiAccount.id, saftFile.apiAccountId))
    .where(and(eq(apiAccount.ownerId, ownerId), eq(saftFile.contentHash, contentHash)));
  return found;
}

/** The stored files of these SAF-T sources, or of all of an owner's (for the quotas: every file counts). */
export async function saftFileIds(db: Db, by: { ownerId: string } | { ids: readonly string[] }): Promise<string[]> {
  if ('ids' in by && by.ids.length === 0) return [];
  const rows = await db
    .select({ id: saftFile.id })
    .from(saftFile)
    .innerJoin(apiAccount, eq(apiAccount.id, saftFile.apiAccountId))
    .where('ownerId' in by ? eq(apiAccount.ownerId, by.ownerId) : inArray(apiAccount.id, [...by.ids]));
  return rows.map((r) => r.id);
}

/** The months each file covers, as the import read them. */
export async function setFilePeriods(
  db: Db,
  periods: ReadonlyMap<string, { from: string; to: string } | null>,
): Promise<void> {
  for (const [id, range] of periods)
    await db
      .update(saftFile)
      .set({ periodFrom: range?.from ?? null, periodTo: range?.to ?? null })
      .where(eq(saftFile.id, id));
}

/** A new SAF-T source and its first file, both or neither. */
export async function insertSaftSource(
  db: Writer,
  rows: { account: typeof apiAccount.$inferInsert; file: typeof saftFile.$inferInsert },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(apiAccount).values(rows.account);
    await tx.insert(saftFile).values(rows.file);
  });
}
