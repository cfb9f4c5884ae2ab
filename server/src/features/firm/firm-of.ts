import type { BoardRole } from '@saldo/contract';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { usesOthersBoardsOnly } from '../billing/payer.ts';
import { boardFirm, firmNames, firmsOf } from '../templates/queries.ts';

/** A firm a call is about, and the caller's place in it (their highest role on its boards, or owner). */
export interface FirmOfCall {
  firmId: string;
  role: BoardRole;
}

const RANK: Readonly<Record<BoardRole, number>> = { Viewer: 0, Editor: 1, Admin: 2, owner: 3 };

/** Who may change a firm's profile: its owner and the Admins of its boards, those who manage its team. */
export const editsFirm = (role: BoardRole) => role === 'owner' || role === 'Admin';

/**
 * The firm a call names (the owner of board `groupId`, whose role the route table has checked), else
 * the caller's own: their account, unless they only use boards others own (billing's member rule),
 * then the firm where they hold the highest role (by the firm's name among equals). A firm is the
 * user who owns boards, as for templates (templates/queries.ts firmsOf).
 */
export async function firmOfCall(db: Db, userId: string, groupId: string | undefined): Promise<FirmOfCall> {
  const firms = await firmsOf(db, userId);
  if (groupId) {
    const firmId = await boardFirm(db, groupId);
    const role = firmId && firms.get(firmId);
    if (!firmId || !role) throw new ApiError('BOARD_NOT_FOUND');
    return { firmId, role };
  }
  if (!(await usesOthersBoardsOnly(db, userId))) return { firmId: userId, role: 'owner' };
  const others = [...firms].filter(([id]) => id !== userId);
  const names = await firmNames(
    db,
    others.map(([id]) => id),
  );
  const [first] = others.sort(
    ([a, ra], [b, rb]) => RANK[rb] - RANK[ra] || (names.get(a) ?? '').localeCompare(names.get(b) ?? '', 'nb'),
  );
  return first ? { firmId: first[0], role: first[1] } : { firmId: userId, role: 'owner' };
}

/** firmOfCall for a change: refused (FIRM_NOT_EDITABLE) unless the caller is the firm's owner or an Admin in it. */
export async function editableFirm(db: Db, userId: string, groupId: string | undefined): Promise<FirmOfCall> {
  const firm = await firmOfCall(db, userId, groupId);
  if (!editsFirm(firm.role)) throw new ApiError('FIRM_NOT_EDITABLE');
  return firm;
}
