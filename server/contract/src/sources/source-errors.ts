// Why a source could not be imported (a refused SAF-T upload, a failed sync): codes with parameters,
// and their texts in nor and en, like the import warnings beside it. Pure, shared by the server and
// the portal. Amounts are integer øre in the parameters and formatted for the language only in the
// texts; `line` is the line of the file the reader had reached.

import { formatDate, formatMoney, type Lang } from '../numbers/format.ts';
import { type Coded, type CodedTexts, codedMessages } from './coded.ts';

export type { Lang } from '../numbers/format.ts';

/** The parameters of each code. */
export interface SourceErrorParams {
  SAFT_EMPTY: Record<string, never>;
  /** Bytes that are not UTF-8 (nor a declared Latin-1 or UTF-16). */
  SAFT_NOT_UTF8: { line: number };
  /** The first characters are not XML: `start` is the file's first line, cut to 40 characters. */
  SAFT_NOT_XML: { start: string };
  SAFT_NO_XML_ELEMENT: Record<string, never>;
  /** The XML reader gave up before the root element; `reason` is its own (English) words. */
  SAFT_NOT_XML_AT: { reason: string; line: number; column: number };
  SAFT_WRONG_ROOT: { element: string };
  SAFT_TRUNCATED: { element: string; line: number; column: number };
  SAFT_MALFORMED_XML: { reason: string; line: number; column: number };
  SAFT_NO_ACCOUNT_ID: { line: number };
  SAFT_NO_PARTY_ID: { kind: 'customer' | 'supplier'; line: number };
  SAFT_NO_TRANSACTION_ID: { line: number };
  SAFT_NO_DATE: { transactionId: string; line: number };
  SAFT_LINE_NO_AMOUNT: { transactionId: string; line: number };
  SAFT_LINE_NO_ACCOUNT: { transactionId: string; line: number };
  /** `transactionId`: null outside a transaction, '' in one that has no TransactionID yet. */
  SAFT_INVALID_AMOUNT: { value: string; element: string; transactionId: string | null; line: number };
  /** A voucher whose lines do not net to zero: `difference` is debit less credit, øre. */
  SAFT_UNBALANCED: { transactionId: string; journal: string; date: string; difference: number; line: number };
  /** A field's text longer than its cap (characters), in `element` from `line` on. */
  SAFT_FIELD_TOO_LONG: { element: string; max: number; line: number };
  /** More than `max` characters between two tags (whitespace, text not read, a comment, a tag), inside `element`. */
  SAFT_TEXT_TOO_LONG: { element: string; max: number; line: number };
  /** Elements nested deeper than `max`. */
  SAFT_TOO_DEEP: { element: string; max: number; line: number };
  /** The file of a SAF-T account is no longer kept (it was removed after its import failed). */
  SAFT_FILE_GONE: Record<string, never>;
  /** The file's DefaultCurrencyCode is not NOK: Saldo's figures are kroner, so it is refused before anything is read in. */
  SAFT_CURRENCY: { currency: string };
  /** The same file (by content) already feeds `source` (a SAF-T source of the same owner). */
  SAFT_SAME_FILE: { source: string };
  /** A new file for a source names another company (RegistrationNumber) than the source's; '' when none. */
  SAFT_OTHER_COMPANY: { source: string; expected: string; found: string };
  /** A board's second source for one company: `source` already covers `from`–`to` (yyyy-mm) of `adding`. */
  SAFT_SOURCES_OVERLAP: { source: string; adding: string; registration: string; from: string; to: string };
  TRIPLETEX_INVALID_CREDENTIALS: Record<string, never>;
  TRIPLETEX_RATE_LIMITED: { endpoint: string; waits: number };
  /** `status` when Tripletex answered 5xx, else `network`: the network error's code or message ('' if none). */
  TRIPLETEX_UNAVAILABLE: { endpoint: string; status: number | null; network: string; retries: number };
  TRIPLETEX_NO_TOKEN: Record<string, never>;
  /** `detail`: Tripletex's own message, '' when it gave none. */
  TRIPLETEX_REJECTED: { endpoint: string; status: number; detail: string };
  /** Something on our side failed; the details are in the server's log. */
  SYNC_FAILED: Record<string, never>;
  /** An error stored as English text by a version of Saldo before the codes. */
  SOURCE_MESSAGE: { text: string };
}

export type SourceErrorCode = keyof SourceErrorParams;

export type SourceError = Coded<SourceErrorParams>;

const m = formatMoney;
const at = (p: { line: number; column: number }, lang: Lang) =>
  lang === 'en' ? `line ${p.line}, column ${p.column}` : `linje ${p.line}, kolonne ${p.column}`;
const ofFile = (line: number, lang: Lang) => (lang === 'en' ? `(line ${line} of the file)` : `(linje ${line} i filen)`);

const TEXTS: CodedTexts<SourceErrorParams> = {
  SAFT_EMPTY: {
    nor: () => 'Filen er tom: den er ikke en SAF-T-regnskapsfil.',
    en: () => 'The file is empty: it is not a SAF-T Financial file.',
  },
  SAFT_NOT_UTF8: {
    nor: (p) => `Filen er ikke gyldig UTF-8-tekst nær linje ${p.line}. Eksporter SAF-T-filen på nytt som UTF-8.`,
    en: (p) => `The file is not valid UTF-8 text near line ${p.line}. Export the SAF-T file again as UTF-8.`,
  },
  SAFT_NOT_XML: {
    nor: (p) => `Filen er ikke en SAF-T-regnskapsfil: den er ikke XML (den begynner med «${p.start}»).`,
    en: (p) => `The file is not a SAF-T Financial file: it is not XML (it starts with "${p.start}").`,
  },
  SAFT_NO_XML_ELEMENT: {
    nor: () => 'Filen er ikke en SAF-T-regnskapsfil: den inneholder ikke noe XML-element.',
    en: () => 'The file is not a SAF-T Financial file: it contains no XML element.',
  },
  SAFT_NOT_XML_AT: {
    nor: (p) => `Filen er ikke en SAF-T-regnskapsfil: den er ikke XML (${p.reason} på ${at(p, 'nor')}).`,
    en: (p) => `The file is not a SAF-T Financial file: it is not XML (${p.reason} at ${at(p, 'en')}).`,
  },
  SAFT_WRONG_ROOT: {
    nor: (p) => `Filen er ikke en SAF-T-regnskapsfil: rotelementet er <${p.element}>, ikke <AuditFile>.`,
    en: (p) => `The file is not a SAF-T Financial file: the root element is <${p.element}>, expected <AuditFile>.`,
  },
  SAFT_TRUNCATED: {
    nor: (p) =>
      `Filen er avkuttet: den slutter på ${at(p, 'nor')} inne i <${p.element}>. Eksporter eller last opp SAF-T-filen på nytt.`,
    en: (p) =>
      `The file is truncated: it ends at ${at(p, 'en')} inside <${p.element}>. Export or upload the SAF-T file again.`,
  },
  SAFT_MALFORMED_XML: {
    nor: (p) => `Filen er ikke gyldig XML på ${at(p, 'nor')}: ${p.reason}.`,
    en: (p) => `The file is not well-formed XML at ${at(p, 'en')}: ${p.reason}.`,
  },
  SAFT_NO_ACCOUNT_ID: {
    nor: (p) => `En konto i GeneralLedgerAccounts mangler AccountID ${ofFile(p.line, 'nor')}.`,
    en: (p) => `An account in GeneralLedgerAccounts has no AccountID ${ofFile(p.line, 'en')}.`,
  },
  SAFT_NO_PARTY_ID: {
    nor: (p) =>
      `En ${p.kind === 'customer' ? 'kunde' : 'leverandør'} i MasterFiles mangler ${p.kind === 'customer' ? 'CustomerID' : 'SupplierID'} ${ofFile(p.line, 'nor')}.`,
    en: (p) =>
      `A ${p.kind} in MasterFiles has no ${p.kind === 'customer' ? 'CustomerID' : 'SupplierID'} ${ofFile(p.line, 'en')}.`,
  },
  SAFT_NO_TRANSACTION_ID: {
    nor: (p) => `Et bilag mangler TransactionID ${ofFile(p.line, 'nor')}.`,
    en: (p) => `A transaction has no TransactionID ${ofFile(p.line, 'en')}.`,
  },
  SAFT_NO_DATE: {
    nor: (p) =>
      `Bilag ${p.transactionId} har verken TransactionDate eller GLPostingDate som åååå-mm-dd ${ofFile(p.line, 'nor')}.`,
    en: (p) =>
      `Transaction ${p.transactionId} has no TransactionDate or GLPostingDate as yyyy-mm-dd ${ofFile(p.line, 'en')}.`,
  },
  SAFT_LINE_NO_AMOUNT: {
    nor: (p) =>
      `En linje i bilag ${p.transactionId} har verken DebitAmount eller CreditAmount ${ofFile(p.line, 'nor')}.`,
    en: (p) =>
      `A line of transaction ${p.transactionId} has neither a DebitAmount nor a CreditAmount ${ofFile(p.line, 'en')}.`,
  },
  SAFT_LINE_NO_ACCOUNT: {
    nor: (p) => `En linje i bilag ${p.transactionId} mangler AccountID ${ofFile(p.line, 'nor')}.`,
    en: (p) => `A line of transaction ${p.transactionId} has no AccountID ${ofFile(p.line, 'en')}.`,
  },
  SAFT_INVALID_AMOUNT: {
    nor: (p) => {
      const where =
        p.transactionId === null ? '' : ` i bilag ${p.transactionId || '(som ennå ikke har TransactionID)'}`;
      return `Ugyldig beløp «${p.value}» i <${p.element}>${where}: ventet et tall som 1234.50 ${ofFile(p.line, 'nor')}.`;
    },
    en: (p) => {
      const where = p.transactionId === null ? '' : ` in transaction ${p.transactionId || '(no TransactionID yet)'}`;
      return `Invalid amount "${p.value}" in <${p.element}>${where}: expected a number such as 1234.50 ${ofFile(p.line, 'en')}.`;
    },
  },
  SAFT_UNBALANCED: {
    nor: (p) =>
      `Bilag ${p.transactionId}${p.journal ? ` i journal ${p.journal}` : ''} (${formatDate(p.date)}) går ikke i balanse: ${p.difference > 0 ? 'debet overstiger kredit' : 'kredit overstiger debet'} med ${m(Math.abs(p.difference), 'nor')} ${ofFile(p.line, 'nor')}.`,
    en: (p) =>
      `Transaction ${p.transactionId}${p.journal ? ` in journal ${p.journal}` : ''} (${formatDate(p.date)}) does not balance: ${p.difference > 0 ? 'debits exceed credits' : 'credits exceed debits'} by ${m(Math.abs(p.difference), 'en')} ${ofFile(p.line, 'en')}.`,
  },
  SAFT_FIELD_TOO_LONG: {
    nor: (p) =>
      `Teksten i <${p.element}> er lengre enn ${p.max} tegn ${ofFile(p.line, 'nor')}. Filen er avvist; ingenting er importert.`,
    en: (p) =>
      `The text in <${p.element}> is longer than ${p.max} characters ${ofFile(p.line, 'en')}. The file was refused; nothing was imported.`,
  },
  SAFT_TEXT_TOO_LONG: {
    nor: (p) =>
      `Filen har mer enn ${p.max} tegn uten et nytt element inne i <${p.element}> ${ofFile(p.line, 'nor')}. Filen er avvist; ingenting er importert.`,
    en: (p) =>
      `The file has more than ${p.max} characters without another element inside <${p.element}> ${ofFile(p.line, 'en')}. The file was refused; nothing was imported.`,
  },
  SAFT_TOO_DEEP: {
    nor: (p) =>
      `Elementene er nøstet dypere enn ${p.max} nivåer ved <${p.element}> ${ofFile(p.line, 'nor')}. Filen er avvist; ingenting er importert.`,
    en: (p) =>
      `The elements are nested deeper than ${p.max} levels at <${p.element}> ${ofFile(p.line, 'en')}. The file was refused; nothing was imported.`,
  },
  SAFT_FILE_GONE: {
    nor: () => 'SAF-T-filen er fjernet fordi importen av den feilet. Last opp filen på nytt.',
    en: () => 'The SAF-T file was removed because its import failed. Upload the file again.',
  },
  SAFT_CURRENCY: {
    nor: (p) =>
      `Filens valuta (DefaultCurrencyCode) er ${p.currency}, ikke norske kroner. Saldo viser regnskap i kroner, så filen er ikke importert.`,
    en: (p) =>
      `The file's currency (DefaultCurrencyCode) is ${p.currency}, not NOK. Saldo shows accounts in Norwegian kroner, so the file was not imported.`,
  },
  SAFT_SAME_FILE: {
    nor: (p) =>
      `Denne filen er allerede lastet opp: den er filen til kilden «${p.source}». Neste måneds fil lastes opp på den kilden med «Last opp ny fil».`,
    en: (p) =>
      `This file has already been uploaded: it feeds the source “${p.source}”. Upload next month's file on that source with “Upload new file”.`,
  },
  SAFT_OTHER_COMPANY: {
    nor: (p) =>
      `Filen gjelder et annet selskap (organisasjonsnummer ${p.found || 'mangler'}) enn kilden «${p.source}» (${p.expected || 'uten organisasjonsnummer'}). Filen er ikke lagret.`,
    en: (p) =>
      `The file is for another company (registration number ${p.found || 'none'}) than the source “${p.source}” (${p.expected || 'no registration number'}). The file was not kept.`,
  },
  SAFT_SOURCES_OVERLAP: {
    nor: (p) =>
      `Kilden «${p.source}» dekker allerede ${p.from}–${p.to} for organisasjonsnummer ${p.registration}, så «${p.adding}» ville telt de samme månedene to ganger. Neste måneds fil lastes opp på den eksisterende kilden med «Last opp ny fil».`,
    en: (p) =>
      `The source “${p.source}” already covers ${p.from}–${p.to} for registration number ${p.registration}, so “${p.adding}” would count those months twice. Upload next month's file on the existing source with “Upload new file”.`,
  },
  TRIPLETEX_INVALID_CREDENTIALS: {
    nor: () => 'Integrasjonsnøkkelen er ugyldig eller finnes ikke.',
    en: () => 'The consumer token is invalid or does not exist',
  },
  TRIPLETEX_RATE_LIMITED: {
    nor: (p) => `Tripletex fortsatte å begrense ${p.endpoint} (HTTP 429) etter ${p.waits} ventinger.`,
    en: (p) => `Tripletex kept rate-limiting ${p.endpoint} (HTTP 429) after ${p.waits} waits`,
  },
  TRIPLETEX_UNAVAILABLE: {
    nor: (p) =>
      `Tripletex er utilgjengelig: ${p.endpoint} feilet med ${p.status !== null ? `HTTP ${p.status}` : `en nettverksfeil${p.network ? ` (${p.network})` : ''}`} etter ${p.retries} nye forsøk.`,
    en: (p) =>
      `Tripletex is unavailable: ${p.endpoint} failed with ${p.status !== null ? `HTTP ${p.status}` : `a network error${p.network ? ` (${p.network})` : ''}`} after ${p.retries} retries`,
  },
  TRIPLETEX_NO_TOKEN: {
    nor: () => 'Tripletex svarte på forespørselen om økt uten et token.',
    en: () => 'Tripletex answered the session request without a token',
  },
  TRIPLETEX_REJECTED: {
    nor: (p) => `Tripletex avviste ${p.endpoint} med HTTP ${p.status}${p.detail ? `: ${p.detail}` : ''}.`,
    en: (p) => `Tripletex rejected ${p.endpoint} with HTTP ${p.status}${p.detail ? `: ${p.detail}` : ''}`,
  },
  SYNC_FAILED: {
    nor: () => 'Synkroniseringen feilet. Prøv igjen, eller kontakt kundestøtte om det fortsetter.',
    en: () => 'The sync failed. Try again, or contact support if it keeps failing.',
  },
  SOURCE_MESSAGE: { nor: (p) => p.text, en: (p) => p.text },
};

const errors = codedMessages(TEXTS);

export const sourceError = errors.make;

export const isSourceErrorCode = errors.isCode;

/** A coded error as it travels (JSON), checked; anything else is not one. */
export function isSourceError(value: unknown): value is SourceError {
  if (typeof value !== 'object' || value === null) return false;
  const { code, params } = value as { code?: unknown; params?: unknown };
  return isSourceErrorCode(code) && typeof params === 'object' && params !== null;
}

/**
 * The text of an error in the language. An error stored as plain text by an earlier version (or a
 * SOURCE_MESSAGE) is shown as it is, so nothing a sync said is hidden.
 */
export const sourceErrorText = errors.text;

/**
 * An error as stored in a sync job's text column: the JSON of a coded error, or (written before the
 * codes) plain English text, which becomes a SOURCE_MESSAGE shown as it is.
 */
export function storedSourceError(stored: string): SourceError {
  if (stored.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(stored);
      if (isSourceError(parsed)) return parsed;
    } catch {
      // Text that happens to start with a brace: shown as it is below.
    }
  }
  return sourceError('SOURCE_MESSAGE', { text: stored });
}
