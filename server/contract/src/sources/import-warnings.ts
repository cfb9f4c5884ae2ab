// What an import tells the user about its source: codes with parameters, and their texts in nor
// and en. Pure (no Node APIs), shared by the server and the portal.
// Amounts are integer øre in the parameters and formatted for the language only in the texts.

import { formatMoney, type Lang } from '../numbers/format.ts';
import { type Coded, type CodedTexts, codedMessages } from './coded.ts';

export type { Lang } from '../numbers/format.ts';

/** The parameters of each code. Amounts are øre; dates yyyy-mm-dd. */
export interface ImportWarningParams {
  /** The file's root element declares another namespace than SAF-T Financial NO. */
  SAFT_NAMESPACE: { namespace: string };
  /** The opening balances of GeneralLedgerAccounts do not net to zero. */
  SAFT_OPENING_NOT_BALANCED: { debit: number; credit: number; difference: number };
  /** No SelectionCriteria start: the opening balances are dated at the first transaction. */
  SAFT_NO_SELECTION_START: { date: string };
  /** Opening balances with nothing to date them by. */
  SAFT_OPENINGS_NOT_DATED: Record<string, never>;
  /** The same AccountID twice in GeneralLedgerAccounts: imported as one account. */
  SAFT_DUPLICATE_ACCOUNT: { account: string };
  SAFT_DUPLICATE_CUSTOMER: { id: string };
  SAFT_DUPLICATE_SUPPLIER: { id: string };
  /** Posting lines on accounts that GeneralLedgerAccounts does not list. */
  SAFT_UNKNOWN_ACCOUNTS: { accounts: string; more: number };
  /** A header total (TotalDebit/TotalCredit) disagrees with the lines. */
  SAFT_TOTAL_MISMATCH: { element: 'TotalDebit' | 'TotalCredit'; stated: number; computed: number };
  SAFT_TOTAL_NOT_AMOUNT: { element: 'TotalDebit' | 'TotalCredit'; value: string };
  SAFT_ENTRIES_MISMATCH: { stated: number; counted: number };
  /** An account's stated closing balance is not its opening balance plus its lines. */
  SAFT_CLOSING_MISMATCH: { account: string; stated: number; computed: number };
  /** A transaction repeated in its journal with the same content: imported once. */
  SAFT_DUPLICATE_TRANSACTION: { journal: string; transactionId: string; date: string; amount: number };
  /** A TransactionID used twice in a journal for different vouchers: both imported. */
  SAFT_REUSED_TRANSACTION_ID: { journal: string; transactionId: string };
  /** A CustomerID/SupplierID on lines that the master data does not list. */
  SAFT_UNKNOWN_CUSTOMER: { id: string; lines: number; amount: number };
  SAFT_UNKNOWN_SUPPLIER: { id: string; lines: number; amount: number };
  /** A customer's or supplier's stated closing balance is not its opening balance plus its lines. */
  SAFT_CUSTOMER_CLOSING_MISMATCH: { id: string; name: string; stated: number; computed: number };
  SAFT_SUPPLIER_CLOSING_MISMATCH: { id: string; name: string; stated: number; computed: number };
  /**
   * A voucher on the first day of the file's first period, on balance-sheet accounts only, where the
   * accounts' opening balances are all zero: read as the opening balance, not as the month's movements.
   */
  SAFT_OPENING_VOUCHER: { journal: string; transactionId: string; date: string; lines: number; amount: number };
  /** The header's country (AuditFileCountry, else the company's address) is not Norway; the file is in NOK. */
  SAFT_COUNTRY: { country: string };
  /**
   * The accounting periods are consistently `offset` months from the transaction dates: period 1 is
   * month `startMonth` (1–12), the fiscal year's first month, and each transaction counts in its month so.
   */
  SAFT_FISCAL_YEAR: { startMonth: number; offset: number; transactions: number };
  /**
   * Transactions whose period (1–12) is another month than their date's, beyond what a fiscal year
   * explains: they count in their period's month (`rule` 'period').
   */
  SAFT_PERIOD_DATE_MISMATCH: { transactions: number; total: number; rule: 'period' };
  /** Further warnings of the code before it, left out so the list stays readable. */
  MORE_WARNINGS: { count: number };
  /** An account no rule places in the statements: shown on the Unclassified line. */
  UNCLASSIFIED_ACCOUNT: { account: string; name: string; amount: number };
  TRIPLETEX_POSTING_SKIPPED: { id: string };
  /** A warning stored as English text by a version of Saldo before the codes. */
  SOURCE_MESSAGE: { text: string };
}

export type ImportWarningCode = keyof ImportWarningParams;

export type ImportWarning = Coded<ImportWarningParams>;

/** yyyy-mm-dd as shown on screen: yyyy/mm/dd. */
const day = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1/$2/$3');

const m = formatMoney;
const named = (id: string, name: string) => (name && name !== id ? `${id} ${name}` : id);
const lines = (n: number, lang: Lang) =>
  lang === 'en' ? `${n} line${n === 1 ? '' : 's'}` : `${n} ${n === 1 ? 'linje' : 'linjer'}`;

const MONTHS = {
  nor: [
    'januar',
    'februar',
    'mars',
    'april',
    'mai',
    'juni',
    'juli',
    'august',
    'september',
    'oktober',
    'november',
    'desember',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

const TEXTS: CodedTexts<ImportWarningParams> = {
  SAFT_NAMESPACE: {
    nor: (p) =>
      `Filens navnerom er ${p.namespace}, ikke urn:StandardAuditFile-Taxation-Financial:NO; den er lest som SAF-T Financial NO.`,
    en: (p) =>
      `The file's namespace is ${p.namespace}, not urn:StandardAuditFile-Taxation-Financial:NO; it was read as SAF-T Financial NO.`,
  },
  SAFT_OPENING_NOT_BALANCED: {
    nor: (p) =>
      `Inngående balanser går ikke i null: debet ${m(p.debit, 'nor')} og kredit ${m(p.credit, 'nor')}, en forskjell på ${m(p.difference, 'nor')}.`,
    en: (p) =>
      `Opening balances do not net to zero: debit ${m(p.debit, 'en')} and credit ${m(p.credit, 'en')}, a difference of ${m(p.difference, 'en')}.`,
  },
  SAFT_NO_SELECTION_START: {
    nor: (p) => `Filens hode har ingen start i SelectionCriteria: inngående balanser er datert ${day(p.date)}.`,
    en: (p) => `The file's header has no SelectionCriteria start: opening balances are dated ${day(p.date)}.`,
  },
  SAFT_OPENINGS_NOT_DATED: {
    nor: () =>
      'Inngående balanser ble ikke importert: filen har verken start i SelectionCriteria eller bilag å datere dem etter.',
    en: () =>
      'Opening balances were not imported: the file has neither a SelectionCriteria start nor transactions to date them by.',
  },
  SAFT_DUPLICATE_ACCOUNT: {
    nor: (p) => `Konto ${p.account} står to ganger i kontoplanen; den er importert som én konto.`,
    en: (p) => `Account ${p.account} appears twice in GeneralLedgerAccounts; it was imported as one account.`,
  },
  SAFT_DUPLICATE_CUSTOMER: {
    nor: (p) => `Kunde ${p.id} står to ganger i kunderegisteret; den andre ble hoppet over.`,
    en: (p) => `Customer ${p.id} appears twice in the master data; the second one was skipped.`,
  },
  SAFT_DUPLICATE_SUPPLIER: {
    nor: (p) => `Leverandør ${p.id} står to ganger i leverandørregisteret; den andre ble hoppet over.`,
    en: (p) => `Supplier ${p.id} appears twice in the master data; the second one was skipped.`,
  },
  SAFT_UNKNOWN_ACCOUNTS: {
    nor: (p) =>
      `Posteringer bruker kontoer som mangler i kontoplanen: ${p.accounts}${p.more ? ` og ${p.more} til` : ''}.`,
    en: (p) =>
      `Posting lines use accounts missing from GeneralLedgerAccounts: ${p.accounts}${p.more ? ` and ${p.more} more` : ''}.`,
  },
  SAFT_TOTAL_MISMATCH: {
    nor: (p) =>
      `Filens ${p.element} er ${m(p.stated, 'nor')}, men ${p.element === 'TotalDebit' ? 'debet' : 'kredit'}linjene summerer til ${m(p.computed, 'nor')} (forskjell ${m(Math.abs(p.stated - p.computed), 'nor')}).`,
    en: (p) =>
      `The file's ${p.element} is ${m(p.stated, 'en')}, but its ${p.element === 'TotalDebit' ? 'debit' : 'credit'} lines sum to ${m(p.computed, 'en')} (difference ${m(Math.abs(p.stated - p.computed), 'en')}).`,
  },
  SAFT_TOTAL_NOT_AMOUNT: {
    nor: (p) => `Filens ${p.element} «${p.value}» er ikke et beløp og ble ikke kontrollert.`,
    en: (p) => `The file's ${p.element} "${p.value}" is not an amount; it was not checked.`,
  },
  SAFT_ENTRIES_MISMATCH: {
    nor: (p) => `Filens NumberOfEntries er ${p.stated}, men den har ${p.counted} bilag.`,
    en: (p) => `The file's NumberOfEntries is ${p.stated}, but it has ${p.counted} transactions.`,
  },
  SAFT_CLOSING_MISMATCH: {
    nor: (p) =>
      `Konto ${p.account}: filens utgående balanse er ${m(p.stated, 'nor')}, men inngående balanse og posteringer gir ${m(p.computed, 'nor')} (forskjell ${m(p.computed - p.stated, 'nor')}).`,
    en: (p) =>
      `Account ${p.account}: the file's closing balance is ${m(p.stated, 'en')}, but its opening balance and postings give ${m(p.computed, 'en')} (difference ${m(p.computed - p.stated, 'en')}).`,
  },
  SAFT_DUPLICATE_TRANSACTION: {
    nor: (p) =>
      `Bilag ${p.transactionId} i journal ${p.journal} (${day(p.date)}) står to ganger med samme innhold; det er importert én gang, og kopien på ${m(p.amount, 'nor')} er utelatt.`,
    en: (p) =>
      `Transaction ${p.transactionId} in journal ${p.journal} (${day(p.date)}) appears twice with the same content; it was imported once and the copy of ${m(p.amount, 'en')} left out.`,
  },
  SAFT_REUSED_TRANSACTION_ID: {
    nor: (p) =>
      `Bilagsnummer ${p.transactionId} er brukt for to ulike bilag i journal ${p.journal}; begge er importert.`,
    en: (p) =>
      `TransactionID ${p.transactionId} is used for two different transactions in journal ${p.journal}; both were imported.`,
  },
  SAFT_UNKNOWN_CUSTOMER: {
    nor: (p) =>
      `Kunde ${p.id} står på ${lines(p.lines, 'nor')} (netto ${m(p.amount, 'nor')}), men mangler i kunderegisteret.`,
    en: (p) =>
      `Customer ${p.id} is on ${lines(p.lines, 'en')} (net ${m(p.amount, 'en')}) but missing from the master data.`,
  },
  SAFT_UNKNOWN_SUPPLIER: {
    nor: (p) =>
      `Leverandør ${p.id} står på ${lines(p.lines, 'nor')} (netto ${m(p.amount, 'nor')}), men mangler i leverandørregisteret.`,
    en: (p) =>
      `Supplier ${p.id} is on ${lines(p.lines, 'en')} (net ${m(p.amount, 'en')}) but missing from the master data.`,
  },
  SAFT_CUSTOMER_CLOSING_MISMATCH: {
    nor: (p) =>
      `Kunde ${named(p.id, p.name)}: filens utgående saldo er ${m(p.stated, 'nor')}, men inngående saldo og kundens linjer gir ${m(p.computed, 'nor')} (forskjell ${m(p.computed - p.stated, 'nor')}).`,
    en: (p) =>
      `Customer ${named(p.id, p.name)}: the file's closing balance is ${m(p.stated, 'en')}, but the opening balance and the customer's lines give ${m(p.computed, 'en')} (difference ${m(p.computed - p.stated, 'en')}).`,
  },
  SAFT_SUPPLIER_CLOSING_MISMATCH: {
    nor: (p) =>
      `Leverandør ${named(p.id, p.name)}: filens utgående saldo er ${m(p.stated, 'nor')}, men inngående saldo og leverandørens linjer gir ${m(p.computed, 'nor')} (forskjell ${m(p.computed - p.stated, 'nor')}).`,
    en: (p) =>
      `Supplier ${named(p.id, p.name)}: the file's closing balance is ${m(p.stated, 'en')}, but the opening balance and the supplier's lines give ${m(p.computed, 'en')} (difference ${m(p.computed - p.stated, 'en')}).`,
  },
  SAFT_OPENING_VOUCHER: {
    nor: (p) =>
      `Bilag ${p.transactionId}${p.journal ? ` i journal ${p.journal}` : ''} (${day(p.date)}, ${lines(p.lines, 'nor')}, ${m(p.amount, 'nor')}) er lest som inngående balanse: det står på periodens første dag, bare på balansekontoer, og kontoene har ingen inngående balanse i filen.`,
    en: (p) =>
      `Transaction ${p.transactionId}${p.journal ? ` in journal ${p.journal}` : ''} (${day(p.date)}, ${lines(p.lines, 'en')}, ${m(p.amount, 'en')}) was read as the opening balance: it is on the first day of the period, on balance-sheet accounts only, and the file gives the accounts no opening balance.`,
  },
  SAFT_COUNTRY: {
    nor: (p) =>
      `Filen er fra et annet land (${p.country}) enn Norge; beløpene er lest som norske kroner, slik filen oppgir.`,
    en: (p) =>
      `The file is from another country (${p.country}) than Norway; its amounts were read as Norwegian kroner, as the file states.`,
  },
  SAFT_FISCAL_YEAR: {
    nor: (p) =>
      `Regnskapsperiodene i filen følger et regnskapsår som starter i ${MONTHS.nor[p.startMonth - 1]}: periode 1 er ${MONTHS.nor[p.startMonth - 1]}. ${p.transactions} bilag er plassert i måneden periodene slik angir.`,
    en: (p) =>
      `The file's accounting periods follow a fiscal year that starts in ${MONTHS.en[p.startMonth - 1]}: period 1 is ${MONTHS.en[p.startMonth - 1]}. ${p.transactions} transactions were placed in the month their period so gives.`,
  },
  SAFT_PERIOD_DATE_MISMATCH: {
    nor: (p) =>
      `${p.transactions} av ${p.total} bilag har en regnskapsperiode som ikke er måneden for bilagsdatoen; de er regnskapsført i måneden perioden angir.`,
    en: (p) =>
      `${p.transactions} of ${p.total} transactions have an accounting period other than their date's month; they count in the month their period gives.`,
  },
  MORE_WARNINGS: {
    nor: (p) => `${p.count} flere advarsler av samme slag er utelatt.`,
    en: (p) => `${p.count} more warnings of the same kind were left out.`,
  },
  UNCLASSIFIED_ACCOUNT: {
    nor: (p) =>
      `Konto ${named(p.account, p.name)} kan ikke plasseres i regnskapsoppstillingen (verken kontonummer, standardkonto eller gruppering passer); saldoen ${m(p.amount, 'nor')} står på linjen Uklassifisert i balansen.`,
    en: (p) =>
      `Account ${named(p.account, p.name)} cannot be placed in the statements (neither its number, standard account nor grouping fits); its balance of ${m(p.amount, 'en')} is on the Unclassified line of the balance sheet.`,
  },
  TRIPLETEX_POSTING_SKIPPED: {
    nor: (p) => `Tripletex-postering ${p.id} mangler konto, dato eller beløp og ble hoppet over.`,
    en: (p) => `Tripletex posting ${p.id} has no account, date or amount and was skipped.`,
  },
  SOURCE_MESSAGE: { nor: (p) => p.text, en: (p) => p.text },
};

const warnings = codedMessages(TEXTS);

export const importWarning = warnings.make;

export const isImportWarningCode = warnings.isCode;

/** The text of a warning in the language (an earlier version's plain text, or an unknown code, as it is). */
export const importWarningText = warnings.text;
