import type { BoardRole } from '@saldo/contract';
import type { ErrorCode } from '@saldo/contract/errors/errors';

/** What a call needs of the board it touches. */
export type BoardNeed = 'view' | 'edit' | 'share' | 'owner';

/**
 * SPEC §6: Admin views, edits and shares (and invites); Editor views and edits; Viewer views. The owner
 * has every right, and only the owner deletes the board or changes its API accounts (they are theirs).
 */
const RIGHTS: Readonly<Record<BoardRole, readonly BoardNeed[]>> = {
  owner: ['view', 'edit', 'share', 'owner'],
  Admin: ['view', 'edit', 'share'],
  Editor: ['view', 'edit'],
  Viewer: ['view'],
};

export const roleAllows = (role: BoardRole, need: BoardNeed) => RIGHTS[role].includes(need);

/** The answer to a role that falls short; someone with no role at all gets BOARD_NOT_FOUND instead. */
export const SHORT_OF: Readonly<Record<BoardNeed, ErrorCode>> = {
  view: 'BOARD_NOT_FOUND',
  edit: 'BOARD_VIEW_ONLY',
  share: 'BOARD_SHARE_NOT_ALLOWED',
  owner: 'ONLY_OWNER_CAN_DELETE',
};
