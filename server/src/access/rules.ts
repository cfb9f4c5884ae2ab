import type { MenuEntry, SharedPage } from '@saldo/contract';
import type { ErrorCode } from '@saldo/contract/errors/errors';
import type { WidgetDefinition } from '@saldo/contract/widgets/registry';
import type { BoardNeed } from './board-rights.ts';

type Menu = MenuEntry['name'];

/**
 * What a public link's visitor or an embed token may read through a route: a shared page (the
 * element that shows it), a catalogue widget by type, or a custom widget by the id in the path.
 */
export type ShareScope = { page: SharedPage; element: string } | { widget: string } | { widgetParam: string };

/**
 * Where a call names its board or boards: a path parameter, the `groupId` query parameter, the report
 * calls' `groupId` or `x-board-id` header ('range'), the JSON body's `groupId` or `groupIds`, or a thing
 * in the path that belongs to boards: an invitation (its boards), a member (the boards they are on), a
 * public link (its board).
 */
export type BoardFrom =
  | 'param:id'
  | 'param:groupId'
  | 'query:groupId'
  | 'range'
  | 'body:groupId'
  | 'body:groupIds'
  | 'invitation:id'
  | 'member:userId'
  | 'link:boardId';

/**
 * How each source's boards are checked. `on`: the caller needs the right on each board named, or on
 * one of them (a member is removed from the boards the caller manages, whichever others they are on).
 * `unknown`: the answer to a caller with no role on them, the same as for a thing that does not exist,
 * so nobody learns of others' invitations, members or links.
 */
export const BOARD_SOURCES: Readonly<Record<BoardFrom, { on: 'each' | 'one'; unknown: ErrorCode }>> = {
  'param:id': { on: 'each', unknown: 'BOARD_NOT_FOUND' },
  'param:groupId': { on: 'each', unknown: 'BOARD_NOT_FOUND' },
  'query:groupId': { on: 'each', unknown: 'BOARD_NOT_FOUND' },
  range: { on: 'each', unknown: 'BOARD_NOT_FOUND' },
  'body:groupId': { on: 'each', unknown: 'BOARD_NOT_FOUND' },
  'body:groupIds': { on: 'each', unknown: 'BOARD_NOT_FOUND' },
  'invitation:id': { on: 'each', unknown: 'INVITATION_NOT_FOUND' },
  'member:userId': { on: 'one', unknown: 'MEMBER_NOT_FOUND' },
  'link:boardId': { on: 'each', unknown: 'SHARE_NOT_FOUND' },
};

/**
 * The board a call touches, and the right on it the caller needs (access/board-rights.ts). `also`:
 * a body with this field needs a further right, refused with its own code (a board's API accounts
 * are its owner's, though its editors may rename it).
 */
export interface BoardRule {
  from: BoardFrom;
  need: BoardNeed;
  also?: { bodyField: string; need: BoardNeed; refusal: ErrorCode };
}

/** Who may call a route: each served route names its own (http/serve.ts); nothing is allowed that is not written. */
export type Access =
  /** Anyone: the sign-in calls, the public share, the health check. */
  | { kind: 'public' }
  /** Development only: the local mail outbox, for callers on this machine (its route exists only in dev). */
  | { kind: 'loopback' }
  /**
   * Any signed-in user; `ticket` lets an EventSource, which cannot send headers, pass `?ticket=`: a
   * single-use ticket for this very stream, asked for with the access token (access/stream-ticket.ts).
   */
  | { kind: 'user'; ticket?: true }
  /**
   * A signed-in user whose role's menu grants `permission` on `menu`, and their right on a board.
   * `write`: the call changes the account's data, which a plan that has ended (trial over, subscription
   * ended) does not allow: the plan of the board's owner when the call names a board, else the
   * caller's own (features/billing/state.ts). Refused with PLAN_READ_ONLY.
   */
  | { kind: 'menu'; menu: Menu; permission: string; board?: BoardRule; write?: true }
  /** A signed-in user of this role only. */
  | { kind: 'role'; role: 'SuperAdmin' }
  /**
   * Read-only: a signed-in user with View on `menu` and the view right on the board, or a public
   * link's visitor or an embed token to what they were given.
   */
  | { kind: 'viewer'; menu: Menu; share: ShareScope; board: BoardRule };

export const PUBLIC: Access = { kind: 'public' };
export const USER: Access = { kind: 'user' };
export const SUPER_ADMIN: Access = { kind: 'role', role: 'SuperAdmin' };
export const menu = (name: Menu, board?: BoardRule, permission = 'View'): Access => ({
  kind: 'menu',
  menu: name,
  permission,
  ...(board ? { board } : {}),
});
/** A change to the account's boards or sources: refused while the governing plan is read-only. */
export const write = (name: Menu, board?: BoardRule, permission = 'View'): Access => ({
  kind: 'menu',
  menu: name,
  permission,
  ...(board ? { board } : {}),
  write: true,
});
export const on = (from: BoardFrom, need: BoardNeed, also?: BoardRule['also']): BoardRule => ({
  from,
  need,
  ...(also ? { also } : {}),
});
export const RANGE_VIEW = on('range', 'view');
export const viewer = (name: Menu, share: ShareScope, board = RANGE_VIEW): Access => ({
  kind: 'viewer',
  menu: name,
  share,
  board,
});

/** Who may read a widget's data route (or its data notice): from the contract's registry entry. */
export function widgetAccess(w: WidgetDefinition, type: string): Access {
  if (w.share === 'none') return menu('Dashboard', RANGE_VIEW);
  return w.share === 'id'
    ? viewer('Dashboard', { widgetParam: 'id' }, on('param:groupId', 'view'))
    : viewer('Dashboard', { widget: type });
}
