import type { LoginResponse } from '@saldo/server/contract';
import { api } from '../../lib/api';
import type { LoginValues } from './validation';

export function login(values: LoginValues): Promise<LoginResponse> {
  // auth: false – a 401 here means wrong credentials, not an expired token to refresh.
  return api.post<LoginResponse>(
    '/api/auth/login',
    { email: values.email.trim(), password: values.password },
    { auth: false },
  );
}

export function logout(refreshToken: string): Promise<{ isLoggedOut: boolean }> {
  return api.post('/api/auth/logout', { refreshToken }, { auth: false });
}
