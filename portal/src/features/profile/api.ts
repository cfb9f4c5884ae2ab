import type { PasswordChangeResponse, Profile, ProfileUpdate } from '@saldo/contract';
import { api } from '../../lib/api';
import { setTokens } from '../../lib/auth-storage';

export function updateProfile(update: ProfileUpdate): Promise<Profile> {
  return api.patch<Profile>('/api/profile/me', update);
}

export function uploadAvatar(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('avatar', file);
  return api.post<Profile>('/api/profile/avatar', form);
}

export function deleteAvatar(): Promise<Profile> {
  return api.delete<Profile>('/api/profile/avatar');
}

/**
 * Changing the password ends every session on the server, this one's refresh token included, so
 * the new token pair in the answer must replace the stored one or the next refresh would fail.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<PasswordChangeResponse> {
  const result = await api.patch<PasswordChangeResponse>('/api/profile/password', { currentPassword, newPassword });
  setTokens({ jwtToken: result.jwtToken, refreshToken: result.refreshToken });
  return result;
}
