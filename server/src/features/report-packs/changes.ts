// What changed since a pack was sent (issue 30): the figures the snapshot showed against the same pack
// (its sections as sent) read again now for the same period. A figure is matched by its id (render.ts:
// section, table, row, column), so a row that appears or goes (an account booked for the first time) is
// listed as added or gone rather than shifting every figure after it.

import type { SnapshotChanges } from '@saldo/contract/schemas/report-packs';
import type { SnapshotRow } from './queries.ts';
import type { ShownFigure } from './render.ts';

/** The figures whose value differs, in the snapshot's order; those only one side shows, by id. */
export function figureChanges(then: readonly ShownFigure[], now: readonly ShownFigure[]) {
  const live = new Map(now.map((f) => [f.id, f]));
  const sent = new Set(then.map((f) => f.id));
  const changes = then.flatMap((f) => {
    const current = live.get(f.id);
    return current && current.value !== f.value
      ? [{ id: f.id, label: f.label, sent: f.value, now: current.value }]
      : [];
  });
  return {
    changes,
    gone: then.filter((f) => !live.has(f.id)).map((f) => f.id),
    added: now.filter((f) => !sent.has(f.id)).map((f) => f.id),
  };
}

/** The answer of GET …/changes for a snapshot and the pack's live figures for its period. */
export function snapshotChanges(
  row: Pick<SnapshotRow, 'id' | 'createdAt' | 'dataVersion' | 'figures'>,
  live: { figures: readonly ShownFigure[]; dataVersion: string },
): SnapshotChanges {
  return {
    snapshotId: row.id,
    sentAt: row.createdAt.toISOString(),
    dataVersionThen: row.dataVersion,
    dataVersionNow: live.dataVersion,
    synced: row.dataVersion !== live.dataVersion,
    ...figureChanges(row.figures, live.figures),
  };
}
