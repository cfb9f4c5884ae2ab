/** Pure rules of the board dropdown and the sub-board list (spec §2, §4, §9). */
import type { Board } from '@saldo/contract';

/** Boards whose name starts with the query, ignoring case and surrounding spaces (spec §2). */
export function filterByNamePrefix<T extends { name: string }>(items: readonly T[], query: string): T[] {
  const q = query.trim().toLocaleLowerCase('nb');
  if (!q) return [...items];
  return items.filter((item) => item.name.toLocaleLowerCase('nb').startsWith(q));
}

/** Spec §4: a newly created board becomes the current one. */
export function currentAfterCreate(created: { _id: string }): string {
  return created._id;
}

/**
 * Spec §4: after a delete the first remaining board becomes current; none left clears the selection.
 * A board other than the current one being deleted leaves the current one alone.
 */
export function currentAfterDelete(
  boards: readonly { _id: string }[],
  deletedId: string,
  currentId: string | null,
): string | null {
  const remaining = boards.filter((board) => board._id !== deletedId);
  if (currentId && currentId !== deletedId && remaining.some((board) => board._id === currentId)) return currentId;
  return remaining[0]?._id ?? null;
}

/** Sub-board names display truncated beyond 13 characters (spec §9). */
export const SUB_BOARD_NAME_MAX = 13;

export function truncateName(name: string, max = SUB_BOARD_NAME_MAX): string {
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}

/**
 * What the user may do with a board, from their role (SPEC §6). The server enforces every one of these
 * (access/route-table.ts); the portal only leaves out what the role cannot do.
 */
export const canEditBoard = (board: Pick<Board, 'role'> | null | undefined) => !!board && board.role !== 'Viewer';
export const canShareBoard = (board: Pick<Board, 'role'> | null | undefined) =>
  board?.role === 'owner' || board?.role === 'Admin';
export const ownsBoard = (board: Pick<Board, 'role'> | null | undefined) => board?.role === 'owner';

/** Tags typed as 'bygg, Oslo , bygg': trimmed, empty ones dropped, each once. */
export const tagsOf = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];
