// What changed since a pack was sent (issue 30): the figures the snapshot showed against the same pack
// (its sections as sent) read again now for the same period. A figure is matched by its id (render.ts:
// section, table, row, column), so a row that appears or goes (an account booked for the first time) is
// listed as added or gone rather than shifting every figure after it.

import { MAX_CHANGED_VOUCHERS, type SnapshotChanges } from '@saldo/contract/schemas/report-packs';
import type { SnapshotVoucher } from '../../db/schema/index.ts';
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

const voucherKey = (v: SnapshotVoucher) => `${v.source}|${v.period}|${v.date}|${v.voucher}`;

/** The vouchers booked, changed (their debit total) or removed between two reads of the same period. */
export function voucherChanges(sent: readonly SnapshotVoucher[], now: readonly SnapshotVoucher[]) {
  const then = new Map(sent.map((v) => [voucherKey(v), v]));
  const live = new Map(now.map((v) => [voucherKey(v), v]));
  const shown = (v: SnapshotVoucher, debitSent: number | null, debitNow: number | null) => ({
    date: v.date,
    voucher: v.voucher,
    description: v.description,
    debitSent,
    debitNow,
  });
  const added = now.filter((v) => !then.has(voucherKey(v))).map((v) => shown(v, null, v.debit));
  const changed = now.flatMap((v) => {
    const before = then.get(voucherKey(v));
    return before && before.debit !== v.debit ? [shown(v, before.debit, v.debit)] : [];
  });
  const removed = sent.filter((v) => !live.has(voucherKey(v))).map((v) => shown(v, v.debit, null));
  return {
    added: added.slice(0, MAX_CHANGED_VOUCHERS),
    changed: changed.slice(0, MAX_CHANGED_VOUCHERS),
    removed: removed.slice(0, MAX_CHANGED_VOUCHERS),
    counts: { added: added.length, changed: changed.length, removed: removed.length },
  };
}

/** The answer of GET …/changes for a snapshot and the pack's live figures for its period. */
export function snapshotChanges(
  row: Pick<SnapshotRow, 'id' | 'createdAt' | 'dataVersion' | 'figures' | 'vouchers'>,
  live: { figures: readonly ShownFigure[]; dataVersion: string; vouchers: readonly SnapshotVoucher[] | null },
): SnapshotChanges {
  return {
    snapshotId: row.id,
    sentAt: row.createdAt.toISOString(),
    dataVersionThen: row.dataVersion,
    dataVersionNow: live.dataVersion,
    synced: row.dataVersion !== live.dataVersion,
    ...figureChanges(row.figures, live.figures),
    vouchers: row.vouchers && live.vouchers ? voucherChanges(row.vouchers, live.vouchers) : null,
  };
}
