import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const profileQuery = queryOptions({
  queryKey: ['profile', 'me'],
  queryFn: ({ signal }) => api.get('/profile/me', { signal }),
});
