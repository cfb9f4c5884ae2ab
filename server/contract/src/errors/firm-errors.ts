/** The error codes of a firm's profile and logo (issue 30), spread into errors.ts. */
export const firmErrors = {
  FIRM_ORG_NUMBER_INVALID: {
    status: 400,
    en: 'The organisation number must be 9 digits that pass the Brønnøysund Register Centre’s check',
    no: 'Organisasjonsnummeret må være 9 siffer som består Brønnøysundregistrenes kontroll',
  },
  FIRM_COLOR_INVALID: {
    status: 400,
    en: 'A colour must be a hex code such as #1d4ed8',
    no: 'En farge må være en heksadesimal kode som #1d4ed8',
  },
  FIRM_REPLY_TO_INVALID: {
    status: 400,
    en: 'The reply-to address is not a valid e-mail address',
    no: 'Svar-til-adressen er ikke en gyldig e-postadresse',
  },
  FIRM_SENDER_NAME_INVALID: {
    status: 400,
    en: 'The sender name cannot contain a web or e-mail address',
    no: 'Avsendernavnet kan ikke inneholde en nett- eller e-postadresse',
  },
  FIRM_NOT_EDITABLE: {
    status: 403,
    en: 'Only the firm’s owner and the Admins of its boards may change its profile',
    no: 'Bare firmaets eier og administratorene av tavlene kan endre firmaprofilen',
  },
  FIRM_PROFILE_MISSING: {
    status: 409,
    en: 'Save the firm’s profile before you upload its logo',
    no: 'Lagre firmaprofilen før du laster opp logoen',
  },
  FIRM_LOGO_TOO_LARGE: {
    status: 413,
    en: 'The logo is larger than 1 MB',
    no: 'Logoen er større enn 1 MB',
  },
  FIRM_LOGO_TYPE: {
    status: 415,
    en: 'The logo must be a PNG or SVG image',
    no: 'Logoen må være et PNG- eller SVG-bilde',
  },
  FIRM_LOGO_NOT_FOUND: { status: 404, en: 'The firm has no logo', no: 'Firmaet har ingen logo' },
} as const satisfies Record<string, { status: number; en: string; no: string }>;
