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
