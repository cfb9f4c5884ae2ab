// For the portfolio (issue 30): how many of the packs its boards last sent now show other figures than
// they did ("3 sent packs have changed figures"). A snapshot whose sources' data version is the one it
// read cannot have changed and costs one version read; the others are read again (render.ts, without
// drawing the PDF) and compared figure by figure (changes.ts).

import type { Db } from '../../db/client.ts';
import { dataVersionKey } from '../../ledger/data-version.ts';
import { osloDate } from '../exports/file-names.ts';
import { figureChanges } from './changes.ts';
import { latestSnapshots } from './queries.ts';
import { resolvePack } from './render.ts';

export interface ChangedSentPacks {
  /** Packs of the boards with a snapshot (their latest counted). */
  sent: number;
  /** Of those, the ones whose figures differ now. */
  changed: number;
  /** The changed ones: the snapshot, its board and pack, and how many figures moved. */
  snapshots: Array<{ snapshotId: string; boardId: string; packId: string; name: string; figures: number }>;
}

export async function changedSentPacks(
  db: Db,
  boards: ReadonlyArray<{ id: string; sources: readonly string[] }>,
  /** Reads one of the API's own GET answers as the portfolio's user. */
  read: (path: string) => Promise<unknown>,
): Promise<ChangedSentPacks> {
  const sourcesOf = new Map(boards.map((b) => [b.id, b.sources]));
  const latest = await latestSnapshots(
    db,
    boards.map((b) => b.id),
  );
  const snapshots: ChangedSentPacks['snapshots'] = [];
  // One at a time: a render reads the board's statements, and the machine is shared with the requests.
  for (const row of latest) {
    const sources = sourcesOf.get(row.boardId) ?? [];
    if ((await dataVersionKey(db, sources)) === row.dataVersion) continue;
    const live = await resolvePack({
      db,
      boardId: row.boardId,
      sources,
      pack: { id: row.packId, name: row.packName, sections: row.sections },
      startDate: row.startDate,
      endDate: row.endDate,
      lang: row.language,
      read,
      renderedAt: osloDate(row.createdAt),
    });
    const { changes, gone, added } = figureChanges(row.figures, live.figures);
    const moved = changes.length + gone.length + added.length;
    if (moved > 0)
      snapshots.push({
        snapshotId: row.id,
        boardId: row.boardId,
        packId: row.packId,
        name: row.packName,
        figures: moved,
      });
  }
  return { sent: latest.length, changed: snapshots.length, snapshots };
}
