import { errorMessage, isErrorCode } from '@saldo/contract/errors/errors';
import type { Language } from '../../lib/i18n';

/**
 * The banner text for a failed login. Known codes use the shared error map; anything the map does
 * not know shows 'Incorrect Credentials', as the spec's login error catalogue says.
 */
export function loginErrorMessage(code: string | undefined, lang: Language): string {
  return errorMessage(isErrorCode(code) ? code : 'INCORRECT_CREDENTIALS', lang);
}
