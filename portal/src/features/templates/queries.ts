import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const templatesQuery = queryOptions({
  queryKey: ['templates'],
  queryFn: ({ signal }) => api.get('/templates', { signal }),
});

export const saveTemplate = (name: string, fromGroupId: string) =>
  api.post('/templates', { body: { name, fromGroupId } });

export const deleteTemplate = (id: string) => api.delete('/templates/:id', { params: { id } });

export const applyTemplate = (id: string, groupIds: string[], mode: 'replace' | 'add') =>
  api.post('/templates/:id/apply', { params: { id }, body: { groupIds, mode } });

export const undoTemplate = (groupId: string) => api.post('/templates/undo', { body: { groupId } });

export const undoStateKey = (groupId: string) => ['template-undo', groupId] as const;

/** Which template was last applied to the board, while it can still be undone. */
export const undoStateQuery = (groupId: string) =>
  queryOptions({
    queryKey: undoStateKey(groupId),
    queryFn: ({ signal }) => api.get('/templates/undo/:groupId', { params: { groupId }, signal }),
  });

/** What shows a board's dashboard, asked for again after an apply or an undo changed it. */
export const dashboardKeys = (groupId?: string) => [
  ['boards'],
  ['sub-boards'],
  ['custom-widgets'],
  groupId ? undoStateKey(groupId) : ['template-undo'],
];
