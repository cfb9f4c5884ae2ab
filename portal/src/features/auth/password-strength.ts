/**
 * The strength indicator under every new-password field.
 *
 * - `tooShort`: fewer than 8 characters, or missing a lower case letter, an upper case letter or a
 *   digit — i.e. anything the server would refuse (SPEC §5: at least 8 characters with one lower
 *   case letter, one upper case letter and one number).
 * - `strong`: at least 12 characters with lower case, upper case, a digit and a symbol.
 * - `good`: every other acceptable password.
 */
export type PasswordStrength = 'tooShort' | 'good' | 'strong';

export const PASSWORD_MIN_LENGTH = 8;
export const STRONG_PASSWORD_MIN_LENGTH = 12;

// The same character classes and length count (UTF-16 units) as the server's password policy
// (server/src/features/auth/password-policy.ts), so the form never accepts what the server refuses.
const LOWER = /[a-zæøå]/;
const UPPER = /[A-ZÆØÅ]/;
const DIGIT = /\d/;
// Anything that is neither a letter, a number nor white space counts as a symbol.
const SYMBOL = /[^\p{L}\p{N}\s]/u;

function length(password: string): number {
  return password.length;
}

export function hasRequiredCharacterClasses(password: string): boolean {
  return LOWER.test(password) && UPPER.test(password) && DIGIT.test(password);
}

export function passwordStrength(password: string): PasswordStrength {
  if (length(password) < PASSWORD_MIN_LENGTH || !hasRequiredCharacterClasses(password)) return 'tooShort';
  if (length(password) >= STRONG_PASSWORD_MIN_LENGTH && SYMBOL.test(password)) return 'strong';
  return 'good';
}

/** Why a new password is refused, or null: the key into `validation.*`. */
export type PasswordProblem = 'passwordRequired' | 'passwordTooShort' | 'weakPassword';

export function passwordProblem(password: string): PasswordProblem | null {
  if (!password) return 'passwordRequired';
  if (length(password) < PASSWORD_MIN_LENGTH) return 'passwordTooShort';
  if (!hasRequiredCharacterClasses(password)) return 'weakPassword';
  return null;
}
