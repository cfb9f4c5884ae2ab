/**
 * The one error map shared by server, SDK and portal. The server answers
 * `{ code, message }` with `message` in English; clients switch on `code` and
 * show `en` or `no`. English texts are the spec's messages where it names them.
 */
export const errors = {
  VALIDATION_FAILED: { status: 400, en: 'All fields are required', no: 'Alle felt må fylles ut' },
  INCORRECT_CREDENTIALS: { status: 401, en: 'Incorrect Credentials', no: 'Feil e-post eller passord' },
  EMAIL_IS_NOT_VERIFIED: {
    status: 403,
    en: 'Email is not verified, Please verify your email and try again',
    no: 'E-postadressen er ikke bekreftet. Bekreft e-postadressen og prøv igjen',
  },
  USER_ALREADY_EXISTS: { status: 409, en: 'User already exists', no: 'Brukeren finnes allerede' },
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
  INVALID_REFRESH_TOKEN: {
    status: 401,
    en: 'An error has occured, click to login again',
    no: 'Det har oppstått en feil, klikk for å logge inn igjen',
  },
  FORBIDDEN: {
    status: 403,
    en: 'You do not have access to this resource',
    no: 'Du har ikke tilgang til denne ressursen',
  },
  BOARD_REQUIRED: { status: 400, en: 'Choose a board first', no: 'Velg en tavle først' },
  BOARD_NOT_FOUND: { status: 404, en: 'Board not found', no: 'Fant ikke tavlen' },
  INVALID_DATE_RANGE: { status: 400, en: 'Invalid date range', no: 'Ugyldig datoperiode' },
  NOT_FOUND: { status: 404, en: 'Not found', no: 'Finnes ikke' },
  BAD_NETWORK: { status: 503, en: 'Bad Network', no: 'Dårlig nettverk' },
  INTERNAL_ERROR: { status: 500, en: 'An error has occured', no: 'Det har oppstått en feil' },
} as const satisfies Record<string, { status: number; en: string; no: string }>;

export type ErrorCode = keyof typeof errors;
export type Lang = 'en' | 'nor';

export interface ErrorBody {
  code: ErrorCode;
  message: string;
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(errors, code);
}

/** The text to show for an error code; unknown codes fall back to the generic error. */
export function errorMessage(code: unknown, lang: Lang = 'nor'): string {
  const entry = isErrorCode(code) ? errors[code] : errors.INTERNAL_ERROR;
  return lang === 'en' ? entry.en : entry.no;
}
