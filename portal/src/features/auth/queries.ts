import type { LoginResponse, SignupRequest, SignupResponse } from '@saldo/contract';
import { api } from '../../lib/api';
import type { LoginValues } from './validation';

// Every call here is `auth: false`: no Bearer header, and a 401 means bad credentials, not a token to refresh.

export function login(values: LoginValues & { integrationPartnerId?: string | null }): Promise<LoginResponse> {
  return api.post('/auth/login', {
    body: {
      email: values.email.trim(),
      password: values.password,
      ...(values.integrationPartnerId ? { integrationPartnerId: values.integrationPartnerId } : {}),
    },
    auth: false,
  });
}

export function logout(refreshToken: string): Promise<{ isLoggedOut: boolean }> {
  return api.post('/auth/logout', { body: { refreshToken }, auth: false });
}

export function signup(request: SignupRequest): Promise<SignupResponse> {
  return api.post('/auth/signup', { body: request, auth: false });
}

export function requestPasswordReset(email: string): Promise<{ isSent: boolean }> {
  return api.post('/auth/password/request-reset', { body: { email: email.trim() }, auth: false });
}

export function resetPassword(token: string, password: string): Promise<{ isReset: boolean }> {
  return api.patch('/auth/password/reset', { body: { token, password }, auth: false });
}

/** Without `password` the server only checks the token (VERIFICATION_PASSWORD_REQUIRED while it is good). */
export function verifyAccount(token: string, password?: string): Promise<boolean> {
  return api.patch('/auth/account/verify', {
    body: password === undefined ? { token } : { token, password },
    auth: false,
  });
}

export function sendVerificationEmail(email: string): Promise<{ isSent: boolean }> {
  return api.post('/auth/account/send/verification-email', { body: { email: email.trim() }, auth: false });
}
