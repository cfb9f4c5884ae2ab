import type { ErrorCode } from '@saldo/contract/errors/errors';

export const MIN_PASSWORD_LENGTH = 8;

/**
 * The spec's password rule: at least 8 characters with a lower case letter, an upper case letter
 * and a digit. Returns the error code to answer, or null when the password is acceptable.
 */
export function passwordProblem(password: string, tooShort: ErrorCode = 'PASSWORD_TOO_SHORT'): ErrorCode | null {
  if (password.length < MIN_PASSWORD_LENGTH) return tooShort;
  if (!/[a-zæøå]/.test(password) || !/[A-ZÆØÅ]/.test(password) || !/\d/.test(password)) return 'WEAK_PASSWORD';
  return null;
}
