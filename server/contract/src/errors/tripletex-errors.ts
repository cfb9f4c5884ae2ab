/**
 * The answers of connecting an accountant's Tripletex clients in bulk (POST /api-account/tripletex/…):
 * for the whole call, and for one company of a batch. Their own module so errors.ts stays one screenful
 * per topic; errors.ts spreads them into the full map.
 */
export const tripletexBulkErrors = {
  TRIPLETEX_NOT_CONFIGURED: {
    status: 503,
    en: 'Connecting all Tripletex clients is not set up on this server (it needs Saldo’s Tripletex consumer token)',
    no: 'Tilkobling av alle Tripletex-klienter er ikke satt opp på denne serveren (den trenger Saldos integrasjonsnøkkel fra Tripletex)',
  },
  TRIPLETEX_EMPLOYEE_TOKEN_INVALID: {
    status: 400,
    en: 'Tripletex refused the employee token: it is wrong, has expired or was deleted. Create a new one in Tripletex under API access',
    no: 'Tripletex godtok ikke ansattnøkkelen: den er feil, utløpt eller slettet. Lag en ny i Tripletex under API-tilgang',
  },
  TRIPLETEX_NO_CLIENT_ACCESS: {
    status: 403,
    en: 'This employee token may not log into client companies: use an employee token of the accounting office with access to its clients',
    no: 'Denne ansattnøkkelen har ikke tilgang til klienter: bruk en ansattnøkkel fra regnskapskontoret med tilgang til klientene',
  },
  TRIPLETEX_UNREACHABLE: {
    status: 502,
    en: 'Tripletex could not be reached, try again later',
    no: 'Fikk ikke kontakt med Tripletex, prøv igjen senere',
  },
  TRIPLETEX_COMPANY_NOT_ACCESSIBLE: {
    status: 403,
    en: 'The employee token has no login access to this company',
    no: 'Ansattnøkkelen har ikke tilgang til dette selskapet',
  },
  TRIPLETEX_COMPANY_FAILED: {
    status: 502,
    en: 'Tripletex did not answer for this company: nothing was created for it, try it again later',
    no: 'Tripletex svarte ikke for dette selskapet: ingenting ble opprettet for det, prøv igjen senere',
  },
} as const satisfies Record<string, { status: number; en: string; no: string }>;
