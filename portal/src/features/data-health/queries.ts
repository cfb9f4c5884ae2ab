import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Every query of a board's data health starts with this key; a finished sync invalidates them. */
export const dataHealthKey = ['data-health'] as const;

export const dataHealthQuery = (groupId: string) =>
  queryOptions({
    queryKey: [...dataHealthKey, groupId],
    queryFn: ({ signal }) => api.get('/data-health/:groupId', { params: { groupId }, signal }),
  });
