import { errorMessage } from '@saldo/contract/errors/errors';
import { type SourceError, sourceErrorText } from '@saldo/contract/sources/source-errors';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { toLanguage } from '../lib/i18n';

/** The code of a failed call; anything that is not an ApiError is a programming error shown generically. */
export function errorCodeOf(error: unknown): string {
  return error instanceof ApiError ? error.code : 'INTERNAL_ERROR';
}

/** Translates a server error code with the shared map, in the current UI language. */
export function useErrorText(): (code: string) => string {
  const { i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  return (code) => errorMessage(code, lang);
}

/** Why a source was refused or its sync failed (a coded error, or text stored before the codes), in the UI language. */
export function useSourceErrorText(): (error: SourceError) => string {
  const { i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  return (error) => sourceErrorText(error, lang);
}
