import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const boardsQuery = queryOptions({
  queryKey: ['boards'],
  queryFn: ({ signal }) => api.get('/group-account', { signal }),
});
