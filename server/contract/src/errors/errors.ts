// Over 400 lines: the one table of every error code and its nor and en texts, which server, SDK and portal share; splitting it would scatter one lookup.
/**
 * The one error map shared by server, SDK and portal. The server answers
 * `{ code, message }` with `message` in English; clients switch on `code` and
 * show `en` or `no`. English texts are the spec's messages where it names them.
 */

import { alertErrors } from './alert-errors.ts';
import { elementErrors, errorTexts } from './element-errors.ts';
import { firmErrors } from './firm-errors.ts';
import { packErrors } from './pack-errors.ts';
import { tripletexBulkErrors } from './tripletex-errors.ts';

export const errors = {
  ...elementErrors,
  ...tripletexBulkErrors,
  ...alertErrors,
  ...packErrors,
  ...firmErrors,
  INCORRECT_CREDENTIALS: { status: 401, en: 'Incorrect Credentials', no: 'Feil e-post eller passord' },
  USER_ALREADY_EXISTS: { status: 409, en: 'User already exists', no: 'Brukeren finnes allerede' },
  INTEGRATION_NOT_FOUND: {
    status: 404,
    en: 'Could not locate resource for the integration',
    no: 'Fant ikke ressursen for integrasjonen',
  },
  USER_NOT_FOUND: { status: 404, en: 'User does not exists', no: 'Brukeren finnes ikke' },
  NO_USER_FOUND: { status: 404, en: 'No user found', no: 'Fant ingen bruker' },
  INVALID_RESET_TOKEN: {
    status: 400,
    en: 'Password reset token expired, Please submit your email again',
    no: 'Lenken for å tilbakestille passordet er utløpt. Send inn e-postadressen din på nytt',
  },
  INVALID_VERIFICATION_TOKEN: {
    status: 400,
    en: 'Email verification token expired, Please submit your email again',
    no: 'Lenken for å bekrefte e-postadressen er utløpt. Send inn e-postadressen din på nytt',
  },
  VERIFICATION_PASSWORD_REQUIRED: {
    status: 400,
    en: 'Enter the password you chose when you signed up to confirm the address',
    no: 'Skriv inn passordet du valgte da du registrerte deg, for å bekrefte adressen',
  },
  EMAIL_ALREADY_VERIFIED: {
    status: 409,
    en: 'User email account is already verified',
    no: 'E-postadressen er allerede bekreftet',
  },
  EMAIL_NOT_FOUND: { status: 404, en: 'Email Not found', no: 'Fant ikke e-postadressen' },
  PASSWORD_TOO_SHORT: {
    status: 400,
    en: 'password length must be at least 8 characters long',
    no: 'Passordet må være minst 8 tegn langt',
  },
  NEW_PASSWORD_TOO_SHORT: {
    status: 400,
    en: 'New Password length must be at least 8 characters long',
    no: 'Det nye passordet må være minst 8 tegn langt',
  },
  WEAK_PASSWORD: {
    status: 400,
    en: 'Password must contain at least one lower case letter, one upper case letter and one number',
    no: 'Passordet må ha minst én liten bokstav, én stor bokstav og ett tall',
  },
  INVALID_CURRENT_PASSWORD: {
    status: 400,
    en: 'The current password you provided is not valid',
    no: 'Det nåværende passordet du oppga er ikke riktig',
  },
  TERMS_NOT_ACCEPTED: {
    status: 400,
    en: 'You must accept the terms and conditions',
    no: 'Du må godta vilkårene',
  },
  ERROR_CREATING_ACCOUNT: { status: 500, en: 'Error Creating Account', no: 'Kunne ikke opprette kontoen' },
  ERROR_UPDATING_ACCOUNT: { status: 500, en: 'Error Updating Account', no: 'Kunne ikke oppdatere kontoen' },
  FILE_TOO_LARGE: { status: 413, en: 'File size is too large', no: 'Filen er for stor' },
  UNSUPPORTED_FILE_TYPE: {
    status: 415,
    en: 'Only png, jpg and svg images are allowed',
    no: 'Bare bilder av typen png, jpg og svg er tillatt',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    en: 'The request is too large',
    no: 'Forespørselen er for stor',
  },
  CONTROL_CHARACTERS: {
    status: 400,
    en: 'Text may not contain control characters or, in names, line breaks',
    no: 'Teksten kan ikke inneholde kontrolltegn, og navn kan ikke inneholde linjeskift',
  },
  ASSISTANT_RATE_LIMITED: {
    status: 429,
    en: 'You have asked the assistant many questions in a short time. Please wait a little and try again',
    no: 'Du har stilt assistenten mange spørsmål på kort tid. Vent litt og prøv igjen',
  },
  SHARE_MAIL_LIMIT: {
    status: 429,
    en: 'This board has reached its limit of shared e-mails for today. Please try again tomorrow',
    no: 'Tavlen har nådd grensen for delinger på e-post i dag. Prøv igjen i morgen',
  },
  SHARE_MAIL_SENDER_LIMIT: {
    status: 429,
    en: 'You have reached your limit of shared e-mails for today. Please try again tomorrow',
    no: 'Du har nådd grensen for delinger på e-post i dag. Prøv igjen i morgen',
  },
  INVALID_REFRESH_TOKEN: {
    status: 401,
    en: 'An error has occured, click to login again',
    no: 'Det har oppstått en feil, klikk for å logge inn igjen',
  },
  BOARD_NAME_EMPTY: { status: 400, en: 'Board name is empty', no: 'Tavlen mangler navn' },
  BOARD_CREATE_FAILED: { status: 400, en: 'Failed', no: 'Mislyktes' },
  BOARD_UPDATE_FAILED: { status: 400, en: 'Board Failed to Update', no: 'Kunne ikke oppdatere tavlen' },
  LAST_GROUP: {
    status: 409,
    en: 'The user must have at least 1 assigned group',
    no: 'Brukeren må ha minst én tavle',
  },
  MEMBERS_LAST_GROUP: {
    status: 409,
    en: 'This board is the only one some of its members have: deleting it leaves them without a board',
    no: 'Tavlen er den eneste noen av medlemmene har: sletter du den, står de uten tavle',
  },
  SUB_BOARD_NAME_REQUIRED: { status: 400, en: 'Sub-board name is required', no: 'Undertavlen må ha et navn' },
  SUB_BOARD_NOT_FOUND: { status: 404, en: 'Failed to update subboard', no: 'Kunne ikke oppdatere undertavlen' },
  NO_VALID_API_ACCOUNTS: {
    status: 400,
    en: 'Connect API to the board to view reports',
    no: 'Koble et API til tavlen for å se rapporter',
  },
  SYNC_IN_PROGRESS: {
    status: 409,
    en: 'A sync of this account is already running',
    no: 'Kontoen synkroniseres allerede',
  },
  API_ACCOUNT_NOT_FOUND: { status: 404, en: 'API account not found', no: 'Fant ikke kilden' },
  INTEGRATION_INVALID_CREDENTIALS: {
    status: 400,
    en: 'Can not integrate: invalid credentials, try again or add credentials manually',
    no: 'Kan ikke integrere: ugyldig påloggingsinformasjon. Prøv igjen eller legg inn nøklene manuelt',
  },
  ERROR_DOWNLOADING: { status: 500, en: 'Error Downloading', no: 'Nedlastingen feilet' },
  API_ACCOUNT_EXISTS: { status: 409, en: 'Api account already exists', no: 'Kilden finnes allerede' },
  CONSUMER_TOKEN_INVALID: {
    status: 400,
    en: 'The consumer token is invalid or does not exist',
    no: 'Integrasjonsnøkkelen er ugyldig eller finnes ikke',
  },
  API_ACCOUNT_EXPIRED: {
    status: 400,
    en: 'The API key has expired: enter a new key and expiration date',
    no: 'API-nøkkelen er utløpt: legg inn en ny nøkkel og utløpsdato',
  },
  INTEGRATION_ACCOUNT_READ_ONLY: {
    status: 403,
    en: 'Can not edit api account that is from integration',
    no: 'Kan ikke endre en kilde som kommer fra en integrasjon',
  },
  SAFT_QUOTA_USER: {
    status: 413,
    en: 'Your SAF-T files would take more than your storage quota. Delete a SAF-T account you no longer need, then upload again',
    no: 'SAF-T-filene dine ville tatt mer enn lagringskvoten din. Slett en SAF-T-kilde du ikke trenger, og last opp på nytt',
  },
  SAFT_QUOTA_BOARD: {
    status: 422,
    en: 'The SAF-T files of these API accounts together are more than one board may read. Choose fewer of them',
    no: 'SAF-T-filene til disse kildene er til sammen mer enn én tavle kan lese. Velg færre av dem',
  },
  SAFT_FILE_ALREADY_UPLOADED: {
    status: 409,
    en: "This file has already been uploaded to one of your SAF-T sources: upload next month's file on that source",
    no: 'Denne filen er allerede lastet opp til en av SAF-T-kildene dine: last opp neste måneds fil på den kilden',
  },
  SAFT_OTHER_COMPANY: {
    status: 422,
    en: 'The file is for another company than this source: upload it as a new source instead',
    no: 'Filen gjelder et annet selskap enn denne kilden: last den opp som en ny kilde i stedet',
  },
  SAFT_NOT_A_SAFT_SOURCE: {
    status: 400,
    en: 'Only a SAF-T source takes a new file',
    no: 'Bare en SAF-T-kilde kan ta imot en ny fil',
  },
  SAFT_FILE_NOT_FOUND: { status: 404, en: 'The SAF-T file was not found', no: 'Fant ikke SAF-T-filen' },
  SAFT_LAST_FILE: {
    status: 409,
    en: 'The only file of a source cannot be removed: remove the source instead',
    no: 'Den eneste filen til en kilde kan ikke fjernes: fjern kilden i stedet',
  },
  BOARD_SOURCES_OVERLAP: {
    status: 422,
    en: 'Another source on this board already covers these months of the same company: upload next month\'s file on the existing source with "Upload new file"',
    no: 'En annen kilde på denne tavlen dekker allerede disse månedene for det samme selskapet: last opp neste måneds fil på den eksisterende kilden med «Last opp ny fil»',
  },
  INVALID_SAFT_FILE: {
    status: 400,
    en: 'The file is not a valid SAF-T Financial file',
    no: 'Filen er ikke en gyldig SAF-T-regnskapsfil',
  },
  CONSOLIDATION_EXISTS: {
    status: 409,
    en: 'Consolidation group already exist',
    no: 'Konsolideringsgruppen finnes allerede',
  },
  CONSOLIDATION_NEEDS_TWO_APIS: {
    status: 400,
    en: 'A consolidation needs at least 2 APIs',
    no: 'En konsolidering trenger minst 2 API-er',
  },
  CUSTOM_WIDGET_FAILED: {
    status: 400,
    en: 'Failed to create custom widget',
    no: 'Kunne ikke lage egendefinert widget',
  },
  CUSTOM_WIDGET_UPDATE_FAILED: {
    status: 400,
    en: 'Failed to update custom widget',
    no: 'Kunne ikke endre den egendefinerte widgeten',
  },
  INVALID_ACCOUNT_NUMBER: {
    status: 400,
    en: 'Account numbers are four digits or x, not starting with 0 or x',
    no: 'Kontonumre er fire sifre eller x, og starter ikke med 0 eller x',
  },
  BUDGET_IMPORT_INVALID: {
    status: 422,
    en: 'The budget file has errors and nothing was imported; each is listed with its row and column',
    no: 'Budsjettfilen har feil, og ingenting ble importert; hver feil står med rad og kolonne',
  },
  BUDGET_INVALID: {
    status: 400,
    en: 'Each budget row needs a profit and loss account or line, once, and twelve amounts in øre',
    no: 'Hver budsjettlinje trenger en resultatkonto eller linje, bare én gang, og tolv beløp i øre',
  },
  WIDGET_ALREADY_ADDED: {
    status: 409,
    en: 'This widget is already on the board',
    no: 'Widgeten er allerede på tavlen',
  },
  AI_QUESTION_LENGTH: {
    status: 400,
    en: 'The question must have between 5 and 50 words',
    no: 'Spørsmålet må ha mellom 5 og 50 ord',
  },
  AI_NOT_CONFIGURED: {
    status: 503,
    en: 'The AI assistant is not set up on this server',
    no: 'AI-assistenten er ikke satt opp på denne serveren',
  },
  AI_UNAVAILABLE: {
    status: 502,
    en: 'The AI assistant could not answer, try again later',
    no: 'AI-assistenten kunne ikke svare, prøv igjen senere',
  },
  FEEDBACK_NOT_CONFIGURED: {
    status: 503,
    en: 'Feedback is not set up on this server',
    no: 'Tilbakemeldinger er ikke satt opp på denne serveren',
  },
  FEEDBACK_EMPTY: { status: 400, en: 'Write a message first', no: 'Skriv en melding først' },
  FEEDBACK_TOO_LONG: {
    status: 400,
    en: 'The message can have at most 4000 characters',
    no: 'Meldingen kan ha maks 4000 tegn',
  },
  FEEDBACK_RATE_LIMITED: {
    status: 429,
    en: 'You have sent a lot of feedback in a short time. Please wait a little and try again',
    no: 'Du har sendt mange tilbakemeldinger på kort tid. Vent litt og prøv igjen',
  },
  ERROR_SENDING_FEEDBACK: { status: 502, en: 'Error sending feedback', no: 'Kunne ikke sende tilbakemeldingen' },
  INVALID_EMAIL: { status: 400, en: 'Enter a valid email', no: 'Skriv inn en gyldig e-postadresse' },
  CANNOT_DEACTIVATE_SELF: {
    status: 409,
    en: 'You cannot deactivate your own account',
    no: 'Du kan ikke deaktivere din egen konto',
  },
  PLAN_SET_BY_BILLING: {
    status: 409,
    en: 'This account pays: its plan is managed by billing',
    no: 'Denne kontoen betaler: planen styres av faktureringen',
  },
  EXPORT_NOTHING_SELECTED: {
    status: 400,
    en: 'At least one widget must be selected',
    no: 'Minst én widget må velges',
  },
  EMBED_KEY_NOT_FOUND: { status: 404, en: 'Embed key not found', no: 'Fant ikke innebyggingsnøkkelen' },
  INVALID_ORIGIN: {
    status: 400,
    en: 'An origin is a scheme and host, like https://partner.example or http://localhost:5173',
    no: 'En opprinnelse er et skjema og en vert, som https://partner.example eller http://localhost:5173',
  },
  BOARD_VIEW_ONLY: {
    status: 403,
    en: 'You can view this board but not change it',
    no: 'Du kan se denne tavlen, men ikke endre den',
  },
  BOARD_SHARE_NOT_ALLOWED: {
    status: 403,
    en: "Only the board's owner and Admins can share it or invite others to it",
    no: 'Bare eieren og administratorene av tavlen kan dele den eller invitere andre til den',
  },
  ONLY_OWNER_CAN_DELETE: {
    status: 403,
    en: 'Only owner of this group is able to delete the group.',
    no: 'Bare eieren av tavlen kan slette den.',
  },
  BOARD_APIS_OWNER_ONLY: {
    status: 403,
    en: "Only the board's owner can change its API accounts",
    no: 'Bare eieren av tavlen kan endre kildene til tavlen',
  },
  INVITATION_EXPIRED: { status: 410, en: 'The user invitation is expired', no: 'Invitasjonen er utløpt' },
  ALREADY_INVITED: { status: 409, en: 'The user is already invited', no: 'Brukeren er allerede invitert' },
  USER_GROUP_MISMATCH: {
    status: 403,
    en: 'User & group does not match',
    no: 'Brukeren og tavlen passer ikke sammen',
  },
  INVITER_CANNOT_SHARE: {
    status: 403,
    en: 'The person who invited you can no longer share these boards, so the invitation no longer holds; ask for a new one',
    no: 'Den som inviterte deg, kan ikke lenger dele disse tavlene, så invitasjonen gjelder ikke lenger; be om en ny',
  },
  BOARD_OWNER_DEACTIVATED: {
    status: 403,
    en: "The board's owner has been deactivated, so the board cannot be opened for now",
    no: 'Eieren av tavlen er deaktivert, så tavlen kan ikke åpnes nå',
  },
  INVITATION_NOT_FOUND: {
    status: 404,
    en: 'The invitation does not exist or has already been used',
    no: 'Invitasjonen finnes ikke eller er allerede brukt',
  },
  MEMBER_NOT_FOUND: { status: 404, en: 'No such member on your boards', no: 'Fant ikke medlemmet på tavlene dine' },
  CANNOT_INVITE_SELF: {
    status: 400,
    en: 'You already have these boards',
    no: 'Du har allerede disse tavlene',
  },
  COMPANY_NOT_FOUND: { status: 404, en: 'Company not found', no: 'Fant ikke selskapet' },
  PLAN_READ_ONLY: {
    status: 402,
    en: "Read-only: the trial or subscription of this board's owner has ended. Subscribe under Profile → Billing to make changes again",
    no: 'Skrivebeskyttet: prøveperioden eller abonnementet til eieren av tavlen er over. Abonner under Profil → Fakturering for å gjøre endringer igjen',
  },
  BILLING_NOT_CONFIGURED: {
    status: 503,
    en: 'Payments are not set up on this server',
    no: 'Betaling er ikke satt opp på denne serveren',
  },
  BILLING_UNAVAILABLE: {
    status: 502,
    en: 'The payment provider could not be reached, try again later',
    no: 'Fikk ikke kontakt med betalingstjenesten, prøv igjen senere',
  },
  PLAN_NOT_FOUND: { status: 400, en: 'There is no such plan', no: 'Planen finnes ikke' },
  SUBSCRIPTION_EXISTS: {
    status: 409,
    en: 'You already have a subscription: change its plan instead',
    no: 'Du har allerede et abonnement: bytt plan i stedet',
  },
  NO_SUBSCRIPTION: { status: 404, en: 'You have no subscription', no: 'Du har ikke noe abonnement' },
  SUBSCRIPTION_ENDED: {
    status: 409,
    en: 'The subscription has ended: subscribe again',
    no: 'Abonnementet er avsluttet: abonner på nytt',
  },
  BILLING_FREE_USE: {
    status: 409,
    en: 'Saldo has granted this account free use: there is nothing to pay',
    no: 'Saldo har gitt denne kontoen gratis bruk: det er ingenting å betale',
  },
  BILLING_MEMBER: {
    status: 409,
    en: "You use boards others own, and their owners' plans cover them: there is nothing for you to pay",
    no: 'Du bruker tavler som andre eier, og eiernes abonnement dekker dem: du har ingenting å betale',
  },
  TEMPLATE_NOT_FOUND: { status: 404, en: 'The template was not found', no: 'Fant ikke malen' },
  TEMPLATE_NOT_ALLOWED: {
    status: 403,
    en: "Only the firm's owner, its Admins and Editors may save templates, and only the owner or the template's maker may delete one",
    no: 'Bare firmaets eier, administratorer og redaktører kan lagre maler, og bare eieren eller den som lagde malen kan slette den',
  },
  TEMPLATE_BODY_INVALID: {
    status: 422,
    en: 'The template is not valid: its widgets, sub-boards or custom widgets break the rules of a dashboard',
    no: 'Malen er ugyldig: widgetene, undertavlene eller de egendefinerte widgetene bryter reglene for en tavle',
  },
  TEMPLATE_TOO_MANY_WIDGETS: {
    status: 409,
    en: "Adding the template would give the board more than 100 widgets; replace the board's dashboard instead",
    no: 'Malen ville gitt tavlen over 100 widgeter; erstatt tavlens oppsett i stedet',
  },
  TEMPLATE_NOTHING_TO_UNDO: {
    status: 404,
    en: 'No template has been applied to this board since the last undo',
    no: 'Ingen mal er brukt på denne tavlen siden forrige angring',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    status: 400,
    en: 'The webhook signature is invalid',
    no: 'Signaturen på webhooken er ugyldig',
  },
} as const satisfies Record<string, { status: number; en: string; no: string }>;

export type ErrorCode = keyof typeof errors;
export type { ElementErrorCode, Lang } from './element-errors.ts';
export { elementErrorMessage, elementErrors, isElementErrorCode } from './element-errors.ts';

/** An error answer's body: its schema (schemas/errors.ts) is checked against it. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

const texts = errorTexts(errors);

export const isErrorCode = texts.isCode;

/** The text to show for an error code; unknown codes fall back to the generic error. */
export const errorMessage = texts.message;
