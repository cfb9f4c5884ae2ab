import type { LoginResponse, SignupRequest, SignupResponse } from '@saldo/contract';
import { api } from '../../lib/api';
import type { LoginValues } from './validation';

// Every call here is `auth: false`: no Bearer header, and a 401 means bad credentials, not a token to refresh.

export function login(values: LoginValues & { integrationPartnerId?: string | null }): Promise<LoginResponse> {
  return api.post<LoginResponse>(
    '/api/auth/login',
    {
      email: values.email.trim(),
      password: values.password,
      ...(values.integrationPartnerId ? { integrationPartnerId: values.integrationPartnerId } : {}),
    },
    { auth: false },
  );
}

export function logout(refreshToken: string): Promise<{ isLoggedOut: boolean }> {
  return api.post('/api/auth/logout', { refreshToken }, { auth: false });
}

export function signup(request: SignupRequest): Promise<SignupResponse> {
  return api.post<SignupResponse>('/api/auth/signup', request, { auth: false });
}

export function requestPasswordReset(email: string): Promise<{ isSent: boolean }> {
  return api.post('/api/auth/password/request-reset', { email: email.trim() }, { auth: false });
}

export function resetPassword(token: string, password: string): Promise<{ isReset: boolean }> {
  return api.patch('/api/auth/password/reset', { token, password }, { auth: false });
}

export function verifyAccount(token: string): Promise<boolean> {
  return api.patch('/api/auth/account/verify', { token }, { auth: false });
}

export function sendVerificationEmail(email: string): Promise<{ isSent: boolean }> {
  return api.post('/api/auth/account/send/verification-email', { email: email.trim() }, { auth: false });
}
