import type { PasswordChangeResponse, Profile, ProfileUpdate } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { setTokens } from '../../lib/auth-storage';

export const profileQuery = queryOptions({
  queryKey: ['profile', 'me'],
  queryFn: ({ signal }) => api.get('/profile/me', { signal }),
});

export function updateProfile(update: ProfileUpdate): Promise<Profile> {
  return api.patch('/profile/me', { body: update });
}

export function uploadAvatar(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('avatar', file);
  return api.post('/profile/avatar', { body: form });
}

export function deleteAvatar(): Promise<Profile> {
  return api.delete('/profile/avatar');
}

/**
 * Changing the password ends every session on the server, this one's refresh token included, so
 * the new token pair in the answer must replace the stored one or the next refresh would fail.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<PasswordChangeResponse> {
  const result = await api.patch('/profile/password', { body: { currentPassword, newPassword } });
  setTokens({ jwtToken: result.jwtToken, refreshToken: result.refreshToken });
  return result;
}
