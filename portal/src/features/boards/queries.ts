import type {
  Board,
  BoardAssignment,
  BoardInput,
  BoardPreference,
  BoardWidget,
  Deleted,
  SubBoard,
} from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { serialiseWidgets } from '../dashboard/layout';

export const boardsQuery = queryOptions({
  queryKey: ['boards'],
  queryFn: ({ signal }) => api.get('/group-account', { signal }),
});

export function createBoard(body: BoardInput): Promise<Board> {
  return api.post('/group-account', { body });
}

export function updateBoard(boardId: string, body: Partial<BoardInput>): Promise<Board> {
  return api.put('/group-account/:id', { params: { id: boardId }, body });
}

/** A board's tags and responsible accountant (its owner or an Admin sets them); null clears the responsible. */
export function setAssignment(
  boardId: string,
  body: { tags?: string[]; responsibleUserId?: string | null },
): Promise<BoardAssignment> {
  return api.put('/group-account/:id/assignment', { params: { id: boardId }, body });
}

/** `forced` deletes the user's last board too; only after a confirmation that says so. */
export function deleteBoard(boardId: string, forced = false): Promise<Deleted> {
  return api.delete('/group-account/:id', {
    params: { id: boardId },
    query: { forced: forced ? 'forced' : undefined },
  });
}

export const subBoardsKey = (groupId: string) => ['sub-boards', groupId] as const;

export function subBoardsQuery(groupId: string) {
  return queryOptions({
    queryKey: subBoardsKey(groupId),
    queryFn: ({ signal }) => api.get('/dashboard-folders/:groupId', { params: { groupId }, signal }),
  });
}

export function createSubBoard(groupId: string, name: string): Promise<SubBoard> {
  return api.post('/dashboard-folders/:groupId', { params: { groupId }, body: { name } });
}

export function renameSubBoard(groupId: string, subId: string, name: string): Promise<SubBoard> {
  return api.put('/dashboard-folders/:groupId/:subBoardId', { params: { groupId, subBoardId: subId }, body: { name } });
}

export function deleteSubBoard(groupId: string, subId: string): Promise<Deleted> {
  return api.delete('/dashboard-folders/:groupId/:subBoardId', { params: { groupId, subBoardId: subId } });
}

export function saveSubBoardWidgets(groupId: string, subId: string, widgets: BoardWidget[]): Promise<SubBoard> {
  return api.put('/dashboard-folders/:groupId/:subBoardId', {
    params: { groupId, subBoardId: subId },
    body: { widgets: serialiseWidgets(widgets) },
  });
}

export function saveBoardWidgets(groupId: string, widgets: BoardWidget[]): Promise<BoardPreference> {
  return api.patch('/widgets/board-preference/:groupId/update', {
    params: { groupId },
    body: { groupId, widgets: serialiseWidgets(widgets) },
  });
}
