// How much SAF-T a user may keep on the server's disk, and how much one board may read. The bytes are
// those of every file kept (uploads/saft/<file>.xml: a source keeps each file it was given), measured on disk: a file removed after a failed
// import counts for nothing, and no stored figure can drift from what is there.

import { stat } from 'node:fs/promises';
import type { SaftQuota } from '../../config.ts';
import { saftFileOf } from '../../connectors/factory.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { saftFileIds } from './saft-files.ts';

/** The bytes on disk of these SAF-T files. */
export async function keptSaftBytes(saftDir: string, fileIds: readonly string[]): Promise<number> {
  const sizes = await Promise.all(
    fileIds.map((id) =>
      stat(saftFileOf(saftDir, id)).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
}

/** What the user's SAF-T files take now. */
export async function userSaftBytes(db: Db, saftDir: string, ownerId: string): Promise<number> {
  return keptSaftBytes(saftDir, await saftFileIds(db, { ownerId }));
}

/** Refuses a user's upload of `adding` bytes past their quota (413 SAFT_QUOTA_USER). */
export function assertUserQuota(quota: SaftQuota, usedBytes: number, adding: number): void {
  if (usedBytes + adding > quota.userBytes)
    throw new ApiError('SAFT_QUOTA_USER', { limitBytes: quota.userBytes, usedBytes });
}

/** Refuses a board over API accounts whose SAF-T files together pass the board's quota (422 SAFT_QUOTA_BOARD). */
export async function assertBoardQuota(
  deps: { db: Db; saftDir: string; saftQuota: SaftQuota },
  apiAccountIds: readonly string[],
): Promise<void> {
  const bytes = await keptSaftBytes(deps.saftDir, await saftFileIds(deps.db, { ids: apiAccountIds }));
  if (bytes > deps.saftQuota.boardBytes)
    throw new ApiError('SAFT_QUOTA_BOARD', { limitBytes: deps.saftQuota.boardBytes, boardBytes: bytes });
}
