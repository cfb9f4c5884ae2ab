import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { json, route } from './define.ts';

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const emailBody = z.object({ email });
const refreshBody = z.object({ refreshToken: z.string().min(1).max(200) });

export const authApi = {
  signup: route({
    method: 'POST',
    path: '/auth/signup',
    tag: 'auth',
    summary: 'Create an account; a verification link is e-mailed',
    body: api.signupRequest,
    response: json(api.signupResponse, 201),
    answers:
      'The new user. No tokens until the address is verified: only a signup from an invitation, whose link proved the address, is signed in',
    errors: {
      400: 'VALIDATION_FAILED, PASSWORD_TOO_SHORT, WEAK_PASSWORD, TERMS_NOT_ACCEPTED',
      409: 'USER_ALREADY_EXISTS',
    },
  }),
  login: route({
    method: 'POST',
    path: '/auth/login',
    tag: 'auth',
    summary: 'Sign in with e-mail and password',
    body: z.object({
      email,
      password: z.string().min(1).max(200),
      integrationPartnerId: z.string().max(100).optional(),
    }),
    response: json(api.loginResponse),
    answers: 'The login response',
    errors: {
      401: 'INCORRECT_CREDENTIALS',
      403: 'EMAIL_IS_NOT_VERIFIED, ACCOUNT_DEACTIVATED',
      404: 'INTEGRATION_NOT_FOUND',
      429: 'TOO_MANY_REQUESTS',
    },
  }),
  refresh: route({
    method: 'POST',
    path: '/auth/refresh-token',
    tag: 'auth',
    summary: 'Swap a refresh token for a new token pair (the old refresh token stops working)',
    body: refreshBody,
    response: json(api.refreshResponse),
    answers: 'A new token pair',
    errors: { 401: 'INVALID_REFRESH_TOKEN' },
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    tag: 'auth',
    summary: 'End the session of a refresh token',
    body: refreshBody,
    response: json(api.loggedOut),
  }),
  requestReset: route({
    method: 'POST',
    path: '/auth/password/request-reset',
    tag: 'auth',
    summary: 'E-mail a password reset link (valid one hour, usable once)',
    body: emailBody,
    response: json(api.mailSent),
    errors: { 404: 'USER_NOT_FOUND', 429: 'TOO_MANY_REQUESTS' },
  }),
  reset: route({
    method: 'PATCH',
    path: '/auth/password/reset',
    tag: 'auth',
    summary: 'Set a new password with the token from the reset e-mail',
    description:
      'The link was mailed to the address, so using it also verifies the address (and, as any new password does, ends every session).',
    body: z.object({ token: z.string().min(1).max(200), password: z.string().min(1).max(200) }),
    response: json(api.passwordReset),
    errors: { 400: 'INVALID_RESET_TOKEN, PASSWORD_TOO_SHORT, WEAK_PASSWORD' },
  }),
  verify: route({
    method: 'PATCH',
    path: '/auth/account/verify',
    tag: 'auth',
    summary: 'Verify the e-mail address with the token from the verification e-mail and the password chosen at signup',
    description:
      'The token proves the mailbox, the password proves the signup: whoever signed up with an address may not own it, ' +
      'so verification needs both, and ends every session made before it. Without `password` the token is only checked ' +
      '(400 VERIFICATION_PASSWORD_REQUIRED while it is valid). A wrong password counts as a failed login (429 past the limit) ' +
      'and leaves the token usable; who does not know the password resets it, which verifies the address too.',
    // The password chosen at signup proves the signup; without it the token is only checked.
    body: z.object({
      token: z.string().min(1).max(200),
      password: z.string().min(1).max(200).optional(),
    }),
    response: json(api.verified),
    errors: {
      400: 'INVALID_VERIFICATION_TOKEN, VERIFICATION_PASSWORD_REQUIRED',
      401: 'INCORRECT_CREDENTIALS',
      429: 'TOO_MANY_REQUESTS',
    },
  }),
  resendVerification: route({
    method: 'POST',
    path: '/auth/account/send/verification-email',
    tag: 'auth',
    summary: 'Send the verification e-mail again',
    body: emailBody,
    response: json(api.mailSent),
    errors: { 404: 'EMAIL_NOT_FOUND', 409: 'EMAIL_ALREADY_VERIFIED', 429: 'TOO_MANY_REQUESTS' },
  }),
} as const;
