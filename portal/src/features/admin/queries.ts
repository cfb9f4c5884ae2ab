import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface AdminUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string | null;
  role: string;
  status: 'active' | 'deactivated';
  isVerified: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

export const adminUsersQuery = queryOptions({
  queryKey: ['admin', 'users'],
  queryFn: () => api.get<AdminUser[]>('/api/admin/users'),
});
