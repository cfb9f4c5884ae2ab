import type { Board, BoardInput, BoardWidget, SubBoard } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { serialiseWidgets } from '../dashboard/layout';

const id = encodeURIComponent;

export function createBoard(body: BoardInput): Promise<Board> {
  return api.post<Board>('/api/group-account', body);
}

export function updateBoard(boardId: string, body: Partial<BoardInput>): Promise<Board> {
  return api.put<Board>(`/api/group-account/${id(boardId)}`, body);
}

/** `forced` deletes the user's last board too; only after a confirmation that says so. */
export function deleteBoard(boardId: string, forced = false): Promise<{ isDeleted: boolean }> {
  return api.delete(`/api/group-account/${id(boardId)}${forced ? '?forced=forced' : ''}`);
}

export const subBoardsKey = (groupId: string) => ['sub-boards', groupId] as const;

export function subBoardsQuery(groupId: string) {
  return queryOptions({
    queryKey: subBoardsKey(groupId),
    queryFn: ({ signal }) => api.get<SubBoard[]>(`/api/dashboard-folders/${id(groupId)}`, { signal }),
  });
}

export function createSubBoard(groupId: string, name: string): Promise<SubBoard> {
  return api.post<SubBoard>(`/api/dashboard-folders/${id(groupId)}`, { name });
}

export function renameSubBoard(groupId: string, subId: string, name: string): Promise<SubBoard> {
  return api.put<SubBoard>(`/api/dashboard-folders/${id(groupId)}/${id(subId)}`, { name });
}

export function deleteSubBoard(groupId: string, subId: string): Promise<{ isDeleted: boolean }> {
  return api.delete(`/api/dashboard-folders/${id(groupId)}/${id(subId)}`);
}

export function saveSubBoardWidgets(groupId: string, subId: string, widgets: BoardWidget[]): Promise<SubBoard> {
  return api.put<SubBoard>(`/api/dashboard-folders/${id(groupId)}/${id(subId)}`, {
    widgets: serialiseWidgets(widgets),
  });
}

export function saveBoardWidgets(
  groupId: string,
  widgets: BoardWidget[],
): Promise<{ groupId: string; widgets: BoardWidget[] }> {
  return api.patch(`/api/widgets/board-preference/${id(groupId)}/update`, {
    groupId,
    widgets: serialiseWidgets(widgets),
  });
}
