// How much each import warning matters, what it touches and what to do about it, in nor and en.
// Pure (no Node APIs), so the portal shows it with the warnings'
// own texts (import-warnings.ts).
import type { ImportWarning, ImportWarningCode, Lang } from './import-warnings.ts';

/**
 * error: the source contradicts itself, so figures resting on it may be wrong (public pages and
 * embedded elements say so); warning: the figures are complete but something needs a look; info:
 * nothing to do.
 */
export type Severity = 'error' | 'warning' | 'info';

export const SEVERITY: Readonly<Record<ImportWarningCode, Severity>> = {
  SAFT_OPENING_NOT_BALANCED: 'error',
  SAFT_OPENINGS_NOT_DATED: 'error',
  SAFT_TOTAL_MISMATCH: 'error',
  SAFT_ENTRIES_MISMATCH: 'error',
  SAFT_CLOSING_MISMATCH: 'error',
  SAFT_CUSTOMER_CLOSING_MISMATCH: 'error',
  SAFT_SUPPLIER_CLOSING_MISMATCH: 'error',
  TRIPLETEX_POSTING_SKIPPED: 'error',
  SAFT_REUSED_TRANSACTION_ID: 'warning',
  SAFT_DUPLICATE_TRANSACTION: 'warning',
  SAFT_UNKNOWN_ACCOUNTS: 'warning',
  SAFT_UNKNOWN_CUSTOMER: 'warning',
  SAFT_UNKNOWN_SUPPLIER: 'warning',
  UNCLASSIFIED_ACCOUNT: 'warning',
  SAFT_DUPLICATE_ACCOUNT: 'warning',
  SAFT_DUPLICATE_CUSTOMER: 'warning',
  SAFT_DUPLICATE_SUPPLIER: 'warning',
  SAFT_TOTAL_NOT_AMOUNT: 'warning',
  SAFT_NO_SELECTION_START: 'warning',
  SOURCE_MESSAGE: 'warning',
  SAFT_COUNTRY: 'warning',
  SAFT_NAMESPACE: 'info',
  // The figures are complete and follow the periods, as Norwegian books do; late postings are common.
  SAFT_PERIOD_DATE_MISMATCH: 'info',
  SAFT_OPENING_VOUCHER: 'info',
  SAFT_FISCAL_YEAR: 'info',
  // Takes the severity of the warnings it counts (see withSeverity).
  MORE_WARNINGS: 'info',
};

/**
 * The response header on every element's data answer (`true` or `false`): whether those figures rest on
 * a source with errors, so an element needs no second call for its notice. Readable exactly by whoever
 * reads the data, and exposed to embed keys' origins (features/embed/cors.ts).
 */
export const DATA_NOTICE_HEADER = 'saldo-data-notice';

/** A warning as the data-health panel shows it: how much it matters and what it touches. */
export interface HealthWarning {
  code: ImportWarningCode;
  params: ImportWarning['params'];
  severity: Severity;
  /** The source's account IDs it names (`1920`, `9995`), none when it names no account. */
  accounts: string[];
  /** A customer or supplier it names, as `C123` or `C123 Name`. */
  party: string | null;
  /** The amount at stake (øre), where it says one: a difference, a balance, a net sum. */
  amount: number | null;
}

function affected(w: ImportWarning): Pick<HealthWarning, 'accounts' | 'party' | 'amount'> {
  const none = { accounts: [], party: null, amount: null };
  switch (w.code) {
    case 'SAFT_OPENING_NOT_BALANCED':
      return { ...none, amount: w.params.difference };
    case 'SAFT_TOTAL_MISMATCH':
      return { ...none, amount: w.params.computed - w.params.stated };
    case 'SAFT_CLOSING_MISMATCH':
      return { ...none, accounts: [w.params.account], amount: w.params.computed - w.params.stated };
    case 'SAFT_DUPLICATE_ACCOUNT':
      return { ...none, accounts: [w.params.account] };
    case 'SAFT_UNKNOWN_ACCOUNTS':
      return { ...none, accounts: w.params.accounts.split(/,\s*/).filter(Boolean) };
    case 'UNCLASSIFIED_ACCOUNT':
      return { ...none, accounts: [w.params.account], amount: w.params.amount };
    case 'SAFT_DUPLICATE_TRANSACTION':
    case 'SAFT_OPENING_VOUCHER':
      return { ...none, amount: w.params.amount };
    case 'SAFT_UNKNOWN_CUSTOMER':
    case 'SAFT_UNKNOWN_SUPPLIER':
      return { ...none, party: w.params.id, amount: w.params.amount };
    case 'SAFT_CUSTOMER_CLOSING_MISMATCH':
    case 'SAFT_SUPPLIER_CLOSING_MISMATCH':
      return {
        ...none,
        party: w.params.name ? `${w.params.id} ${w.params.name}` : w.params.id,
        amount: w.params.computed - w.params.stated,
      };
    case 'SAFT_DUPLICATE_CUSTOMER':
    case 'SAFT_DUPLICATE_SUPPLIER':
      return { ...none, party: w.params.id };
    default:
      return none;
  }
}

/** A source's warnings as the panel shows them; "more of the same" takes the severity of those it counts. */
export function withSeverity(warnings: readonly ImportWarning[]): HealthWarning[] {
  let previous: Severity = 'info';
  return warnings.map((w) => {
    const severity = w.code === 'MORE_WARNINGS' ? previous : (SEVERITY[w.code] ?? 'warning');
    previous = severity;
    return { code: w.code, params: w.params, severity, ...affected(w) };
  });
}

/** The worst severity among warnings, or null when there are none. */
export function worst(warnings: ReadonlyArray<{ severity: Severity }>): Severity | null {
  for (const s of ['error', 'warning', 'info'] as const) if (warnings.some((w) => w.severity === s)) return s;
  return null;
}

const ADVICE: Readonly<Record<ImportWarningCode, Readonly<Record<Lang, string>>>> = {
  SAFT_OPENING_NOT_BALANCED: {
    nor: 'Be regnskapsføreren kontrollere inngående balanser i regnskapssystemet og eksportere SAF-T-filen på nytt. Til det er rettet, går ikke balansen opp.',
    en: 'Ask the accountant to check the opening balances in the accounting system and export the SAF-T file again. Until then the balance sheet does not balance.',
  },
  SAFT_OPENINGS_NOT_DATED: {
    nor: 'Eksporter filen på nytt med startdato i utvalget (SelectionCriteria), så inngående balanser kommer med.',
    en: 'Export the file again with a start date in its selection (SelectionCriteria), so the opening balances are included.',
  },
  SAFT_TOTAL_MISMATCH: {
    nor: 'Filen kan mangle eller ha for mange linjer. Eksporter den på nytt og last den opp igjen; stemmer det fortsatt ikke, kontakt leverandøren av regnskapssystemet.',
    en: "The file may lack lines or have too many. Export it again and upload it; if it still disagrees, contact the accounting system's vendor.",
  },
  SAFT_ENTRIES_MISMATCH: {
    nor: 'Bilag kan mangle i filen. Eksporter den på nytt for hele perioden og last den opp igjen.',
    en: 'Transactions may be missing from the file. Export it again for the whole period and upload it again.',
  },
  SAFT_CLOSING_MISMATCH: {
    nor: 'Kontoens saldo i Saldo avviker fra filens utgående balanse. Avstem kontoen i regnskapssystemet, og eksporter filen på nytt.',
    en: "The account's balance in Saldo differs from the file's closing balance. Reconcile the account in the accounting system and export the file again.",
  },
  SAFT_CUSTOMER_CLOSING_MISMATCH: {
    nor: 'Avstem kundens reskontro mot kundefordringene i regnskapssystemet, og eksporter filen på nytt.',
    en: "Reconcile the customer's ledger with accounts receivable in the accounting system, and export the file again.",
  },
  SAFT_SUPPLIER_CLOSING_MISMATCH: {
    nor: 'Avstem leverandørens reskontro mot leverandørgjelden i regnskapssystemet, og eksporter filen på nytt.',
    en: "Reconcile the supplier's ledger with accounts payable in the accounting system, and export the file again.",
  },
  TRIPLETEX_POSTING_SKIPPED: {
    nor: 'Åpne bilaget i Tripletex og fyll inn konto, dato og beløp; synkroniser så tavlen på nytt.',
    en: 'Open the voucher in Tripletex and fill in its account, date and amount; then sync the board again.',
  },
  SAFT_REUSED_TRANSACTION_ID: {
    nor: 'Begge bilagene er tatt med. Sjekk i regnskapssystemet at de er to ulike bilag og ikke ett bilag ført to ganger.',
    en: 'Both transactions were imported. Check in the accounting system that they are two transactions, not one booked twice.',
  },
  SAFT_DUPLICATE_TRANSACTION: {
    nor: 'Kopien er utelatt, så tallene teller bilaget én gang. Ingen handling trengs, men eksportfunksjonen bør meldes til leverandøren.',
    en: "The copy was left out, so the figures count the transaction once. Nothing to do, but the export should be reported to the system's vendor.",
  },
  SAFT_UNKNOWN_ACCOUNTS: {
    nor: 'Posteringene er tatt med. Legg kontoene inn i kontoplanen i regnskapssystemet, så får de navn og riktig plassering.',
    en: 'The postings are included. Add the accounts to the chart of accounts in the accounting system, so they get names and their place.',
  },
  SAFT_UNKNOWN_CUSTOMER: {
    nor: 'Beløpene er tatt med, men kunden står uten navn i topplistene. Legg kunden inn i kunderegisteret og eksporter filen på nytt.',
    en: 'The amounts are included, but the customer has no name in the top lists. Add it to the customer register and export the file again.',
  },
  SAFT_UNKNOWN_SUPPLIER: {
    nor: 'Beløpene er tatt med, men leverandøren står uten navn i topplistene. Legg leverandøren inn i leverandørregisteret og eksporter filen på nytt.',
    en: 'The amounts are included, but the supplier has no name in the top lists. Add it to the supplier register and export the file again.',
  },
  UNCLASSIFIED_ACCOUNT: {
    nor: 'Gi kontoen en standardkonto (StandardAccountID) eller et kontonummer i NS 4102 i regnskapssystemet, så havner den på riktig linje.',
    en: 'Give the account a standard account (StandardAccountID) or an NS 4102 number in the accounting system, so it lands on its line.',
  },
  SAFT_DUPLICATE_ACCOUNT: {
    nor: 'Kontoen er importert som én konto. Fjern dobbeltføringen i kontoplanen hvis navnene skulle vært ulike.',
    en: 'The account was imported as one. Remove the duplicate from the chart of accounts if the names were meant to differ.',
  },
  SAFT_DUPLICATE_CUSTOMER: {
    nor: 'Den første kunden med ID-en er brukt. Rydd i kunderegisteret hvis det er to ulike kunder.',
    en: 'The first customer with the ID was used. Tidy the customer register if these are two customers.',
  },
  SAFT_DUPLICATE_SUPPLIER: {
    nor: 'Den første leverandøren med ID-en er brukt. Rydd i leverandørregisteret hvis det er to ulike leverandører.',
    en: 'The first supplier with the ID was used. Tidy the supplier register if these are two suppliers.',
  },
  SAFT_TOTAL_NOT_AMOUNT: {
    nor: 'Filens totaler kunne ikke kontrolleres. Eksporter filen på nytt fra regnskapssystemet.',
    en: "The file's totals could not be checked. Export the file again from the accounting system.",
  },
  SAFT_NO_SELECTION_START: {
    nor: 'Inngående balanser er datert ved første bilag. Eksporter med startdato i utvalget hvis perioden begynner tidligere.',
    en: 'Opening balances are dated at the first transaction. Export with a start date in the selection if the period starts earlier.',
  },
  SOURCE_MESSAGE: {
    nor: 'Meldingen er fra en eldre synkronisering. Synkroniser tavlen på nytt for en oppdatert kontroll.',
    en: 'The message is from an earlier sync. Sync the board again for an up-to-date check.',
  },
  SAFT_OPENING_VOUCHER: {
    nor: 'Ingen handling trengs hvis bilaget er åpningsbalansen. Er det et vanlig bilag, velg «les som vanlig bilag» i kildens innstillinger og synkroniser på nytt.',
    en: 'Nothing to do if the voucher is the opening balance. If it is an ordinary voucher, choose "read as an ordinary voucher" in the source\'s settings and sync again.',
  },
  SAFT_COUNTRY: {
    nor: 'Kontroller at selskapet fører regnskap i norske kroner etter norsk kontoplan; ellers kan tallene ikke sammenlignes med norske regnskap.',
    en: 'Check that the company keeps its accounts in Norwegian kroner on the Norwegian chart; otherwise its figures do not compare with Norwegian accounts.',
  },
  SAFT_FISCAL_YEAR: {
    nor: 'Sett tavlens regnskapsår til å starte i samme måned (periodevelgeren), så viser «hittil i år» regnskapsåret.',
    en: "Set the board's fiscal year to start in the same month (the period control), so year to date shows the fiscal year.",
  },
  SAFT_PERIOD_DATE_MISMATCH: {
    nor: 'Kontroller at regnskapsperiodene i regnskapssystemet er riktige; tallene følger periodene, ikke bilagsdatoene.',
    en: 'Check the accounting periods in the accounting system; the figures follow the periods, not the transaction dates.',
  },
  SAFT_NAMESPACE: {
    nor: 'Ingen handling trengs: filen er lest som SAF-T Financial NO.',
    en: 'Nothing to do: the file was read as SAF-T Financial NO.',
  },
  MORE_WARNINGS: {
    nor: 'Gjør som for advarselen over; rett dem i regnskapssystemet og last opp filen på nytt.',
    en: 'Do as for the warning above; correct them in the accounting system and upload the file again.',
  },
};

/** What to do about a warning, in the language. */
export function healthAdvice(code: ImportWarningCode, lang: Lang = 'nor'): string {
  return (ADVICE[code] ?? ADVICE.SOURCE_MESSAGE)[lang === 'en' ? 'en' : 'nor'];
}
