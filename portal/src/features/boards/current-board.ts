/**
 * Which board is current: the stored one while it still exists, otherwise the first board
 * (spec: "On loading boards, if none is current, the first becomes current"), or null when
 * there are none.
 */
export function resolveCurrentBoardId(boards: readonly { _id: string }[], storedId: string | null): string | null {
  if (storedId && boards.some((board) => board._id === storedId)) return storedId;
  return boards[0]?._id ?? null;
}
