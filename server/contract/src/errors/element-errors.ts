/**
 * The error codes an embedded element can be answered with, and their texts. Its own module so the
 * SDK's bundle carries these and no other texts (errors.ts spreads them into the full map).
 */

import type { Lang } from '../numbers/format.ts';

/**
 * The codes an embedded element can be answered with (its data calls are reads: sign-in, access,
 * board and period problems). The SDK bundles only these texts; any other code it receives falls
 * back to the status's code (401, 403, 404 or the generic error).
 */
export const elementErrors = {
  VALIDATION_FAILED: { status: 400, en: 'All fields are required', no: 'Alle felt må fylles ut' },
  EMAIL_IS_NOT_VERIFIED: {
    status: 403,
    en: 'Email is not verified, Please verify your email and try again',
    no: 'E-postadressen er ikke bekreftet. Bekreft e-postadressen og prøv igjen',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    en: 'Too many attempts, please wait a few minutes and try again',
    no: 'For mange forsøk. Vent noen minutter og prøv igjen',
  },
  SESSION_ENDED: {
    status: 401,
    en: 'Your session has ended, please log in again',
    no: 'Økten din er avsluttet. Logg inn på nytt',
  },
  UNAUTHORIZED: {
    status: 401,
    en: 'An error has occured, click to login again',
    no: 'Det har oppstått en feil, klikk for å logge inn igjen',
  },
  TOKEN_EXPIRED: {
    status: 401,
    en: 'An error has occured, click to login again',
    no: 'Det har oppstått en feil, klikk for å logge inn igjen',
  },
  ACCOUNT_DEACTIVATED: { status: 403, en: 'The account is deactivated', no: 'Kontoen er deaktivert' },
  FORBIDDEN: {
    status: 403,
    en: 'You do not have access to this resource',
    no: 'Du har ikke tilgang til denne ressursen',
  },
  BOARD_REQUIRED: { status: 400, en: 'Choose a board first', no: 'Velg en tavle først' },
  BOARD_NOT_FOUND: { status: 404, en: 'Board not found', no: 'Fant ikke tavlen' },
  INVALID_DATE_RANGE: { status: 400, en: 'Invalid date range', no: 'Ugyldig datoperiode' },
  CONSOLIDATION_NOT_FOUND: { status: 404, en: 'Consolidation not found', no: 'Fant ikke konsolideringen' },
  WIDGET_NOT_FOUND: { status: 404, en: 'Widget not found', no: 'Fant ikke widgeten' },
  AI_QUERY_NOT_FOUND: { status: 404, en: 'The AI question was not found', no: 'Fant ikke AI-spørsmålet' },
  SHARE_NOT_FOUND: { status: 404, en: 'This shared board does not exist', no: 'Den delte tavlen finnes ikke' },
  SHARE_NOT_ALLOWED: {
    status: 403,
    en: 'This part of the board is not shared',
    no: 'Denne delen av tavlen er ikke delt',
  },
  SHARE_EXPIRED: { status: 410, en: 'This shared link has expired', no: 'Denne delte lenken er utløpt' },
  EMBED_TOKEN_INVALID: {
    status: 401,
    en: 'The embed token is invalid or has expired',
    no: 'Innebyggingstokenet er ugyldig eller utløpt',
  },
  EMBED_NOT_ALLOWED: {
    status: 403,
    en: 'The embed token does not allow this element, board, period or page',
    no: 'Innebyggingstokenet gir ikke tilgang til dette elementet, denne tavlen, perioden eller siden',
  },
  NOT_FOUND: { status: 404, en: 'Not found', no: 'Finnes ikke' },
  BAD_NETWORK: { status: 503, en: 'Bad Network', no: 'Dårlig nettverk' },
  INTERNAL_ERROR: { status: 500, en: 'An error has occured', no: 'Det har oppstått en feil' },
} as const satisfies Record<string, { status: number; en: string; no: string }>;

export type ElementErrorCode = keyof typeof elementErrors;
export type { Lang };

type Texts = Record<string, { en: string; no: string }> & { INTERNAL_ERROR: { en: string; no: string } };

/** A map's code check and its text for a code: an unknown code gives the generic error (INTERNAL_ERROR). */
export function errorTexts<M extends Texts>(map: M) {
  const isCode = (code: unknown): code is keyof M & string => typeof code === 'string' && Object.hasOwn(map, code);
  const message = (code: unknown, lang: Lang = 'nor'): string => {
    const entry = (isCode(code) && map[code]) || map.INTERNAL_ERROR;
    return lang === 'en' ? entry.en : entry.no;
  };
  return { isCode, message };
}

const elementTexts = errorTexts(elementErrors);

/** True for a code an embedded element knows (elementErrors). */
export const isElementErrorCode = elementTexts.isCode;

/** The element's text for a code (elementErrors only); unknown codes give the generic error. */
export const elementErrorMessage = elementTexts.message;
