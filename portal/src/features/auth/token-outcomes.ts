import type { ErrorCode } from '@saldo/contract/errors/errors';

/**
 * What the token pages (/verify-account, /password/reset) do after the server answers. Kept pure so
 * the spec's error → redirect rules are unit-tested without rendering.
 */
export type TokenOutcome =
  /** The token worked. */
  | { kind: 'done' }
  /** The verification link is good; the password chosen at signup must go with it (issue 25, finding 5). */
  | { kind: 'needsPassword' }
  /** The link is dead: show `errorCode`'s message on `redirectTo`, where the user asks for a new link. */
  | { kind: 'expired'; errorCode: ErrorCode; redirectTo: '/send-verification' | '/password/forgot' }
  /** Something the user can fix on this page (e.g. a weak password): show it here. */
  | { kind: 'fieldError'; errorCode: ErrorCode }
  /** Anything else (network, server): show it here and let the user try again. */
  | { kind: 'failed'; errorCode: string };

/**
 * PATCH /auth/account/verify. SPEC §8: 'Invalid or expired email verification token' shows 'Email
 * verification token expired, Please submit your email again' and goes to /send-verification. A
 * link without a token (`errorCode` null and `hasToken` false) is treated the same way.
 */
export function verifyOutcome(result: { hasToken: boolean; errorCode: string | null }): TokenOutcome {
  if (!result.hasToken || result.errorCode === 'INVALID_VERIFICATION_TOKEN') {
    return { kind: 'expired', errorCode: 'INVALID_VERIFICATION_TOKEN', redirectTo: '/send-verification' };
  }
  // A second click on the link after a successful verification: the account is verified, which is what
  // the user wanted, so it counts as done.
  if (result.errorCode === null || result.errorCode === 'EMAIL_ALREADY_VERIFIED') return { kind: 'done' };
  // The link alone only shows the page: the signup's password proves the signup (issue 25, finding 5).
  if (result.errorCode === 'VERIFICATION_PASSWORD_REQUIRED') return { kind: 'needsPassword' };
  if (result.errorCode === 'INCORRECT_CREDENTIALS') return { kind: 'fieldError', errorCode: result.errorCode };
  return { kind: 'failed', errorCode: result.errorCode };
}

/**
 * PATCH /auth/password/reset. SPEC §8: 'Invalid or expired password reset token' shows 'Password reset
 * token expired, Please submit your email again' and goes to /password/forgot.
 */
export function resetOutcome(result: { hasToken: boolean; errorCode: string | null }): TokenOutcome {
  if (!result.hasToken || result.errorCode === 'INVALID_RESET_TOKEN') {
    return { kind: 'expired', errorCode: 'INVALID_RESET_TOKEN', redirectTo: '/password/forgot' };
  }
  if (result.errorCode === null) return { kind: 'done' };
  if (
    result.errorCode === 'PASSWORD_TOO_SHORT' ||
    result.errorCode === 'WEAK_PASSWORD' ||
    result.errorCode === 'VALIDATION_FAILED'
  ) {
    return { kind: 'fieldError', errorCode: result.errorCode };
  }
  return { kind: 'failed', errorCode: result.errorCode };
}

/** Where a signed-in user goes after login (SPEC §2): partner users → API accounts, else redirect, else /. */
export function afterLoginTarget(options: { integrationPartnerId: string | null; redirect: string }): string {
  return options.integrationPartnerId ? '/api-settings/api-accounts' : options.redirect;
}
