// Whether a sent pack's figures have changed since (issue 30), kept by the sync rather than worked out on
// request: each sync of a source queues a check of the packs sent from the boards holding it (a job,
// jobs/pack-schedules.ts), which reads each pack's latest snapshot again from the live ledger as its
// board's owner (render.ts, without drawing the PDF), compares it figure by figure (changes.ts) and keeps
// the count on the snapshot. A snapshot whose sources are at the data version it last read is not read
// again. The portfolio ("3 sent packs have changed figures") reads the kept counts: one query.

import type { PortfolioSentPacks } from '@saldo/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { board, boardApiAccount, packSnapshot, user } from '../../db/schema/index.ts';
import { dataVersionKey } from '../../ledger/data-version.ts';
import { log } from '../../ops/log.ts';
import { boardSourcesOf } from '../boards/queries.ts';
import { osloDate } from '../exports/file-names.ts';
import { figureChanges } from './changes.ts';
import { latestSnapshots } from './queries.ts';
import { type ReadAsDeps, readingAs } from './read-as.ts';
import { resolvePack } from './render.ts';

/** The packs sent from boards holding the source, each read again where its sources have moved; how many were. */
export async function recheckSentPacks(deps: ReadAsDeps, sourceId: string): Promise<number> {
  const { db } = deps;
  const boards = await db
    .select({ id: board.id, ownerId: board.ownerId, role: user.role })
    .from(boardApiAccount)
    .innerJoin(board, eq(board.id, boardApiAccount.boardId))
    .innerJoin(user, eq(user.id, board.ownerId))
    // A deactivated owner's boards are shown to nobody (and their API answers no one): nothing to compare.
    .where(and(eq(boardApiAccount.apiAccountId, sourceId), eq(user.status, 'active')));
  let read = 0;
  for (const b of boards) {
    const sources = await boardSourcesOf(db, b.id);
    const version = await dataVersionKey(db, sources);
    const stale = (await latestSnapshots(db, [b.id])).filter((s) => (s.checkedVersion ?? s.dataVersion) !== version);
    if (stale.length === 0) continue;
    // One at a time: a read renders the board's statements, and the machine is shared with the requests.
    await readingAs(deps, { id: b.ownerId, role: b.role }, async (readApi) => {
      for (const row of stale) {
        const live = await resolvePack({
          db,
          boardId: b.id,
          sources,
          pack: { id: row.packId, name: row.packName, sections: row.sections },
          startDate: row.startDate,
          endDate: row.endDate,
          lang: row.language,
          read: readApi,
          renderedAt: osloDate(row.createdAt),
        });
        const { changes, gone, added } = figureChanges(row.figures, live.figures);
        await db
          .update(packSnapshot)
          .set({ checkedVersion: live.dataVersion, changedFigures: changes.length + gone.length + added.length })
          .where(eq(packSnapshot.id, row.id));
        read++;
      }
    });
  }
  if (read > 0) log.info({ sourceId, read }, 'Report packs: sent packs compared with the synced ledger');
  return read;
}

/** For the portfolio: the boards' packs with a snapshot, and those whose latest one now shows other figures. */
export async function sentPacksOf(db: Db, boardIds: readonly string[]): Promise<PortfolioSentPacks> {
  if (boardIds.length === 0) return { sent: 0, changed: 0, snapshots: [] };
  const latest = await db
    .select({
      snapshotId: packSnapshot.id,
      groupId: packSnapshot.boardId,
      packId: packSnapshot.packId,
      name: packSnapshot.packName,
      figures: packSnapshot.changedFigures,
    })
    .from(packSnapshot)
    .where(
      and(
        inArray(packSnapshot.boardId, [...boardIds]),
        // The pack's latest snapshot: none of the same pack is later.
        sql`not exists (select 1 from ${packSnapshot} later where later.board_id = ${packSnapshot.boardId} and later.pack_id = ${packSnapshot.packId} and (later.created_at > ${packSnapshot.createdAt} or (later.created_at = ${packSnapshot.createdAt} and later.id > ${packSnapshot.id})))`,
      ),
    )
    .orderBy(desc(packSnapshot.changedFigures), packSnapshot.packName);
  const snapshots = latest.filter((s) => s.figures > 0);
  return { sent: latest.length, changed: snapshots.length, snapshots };
}
