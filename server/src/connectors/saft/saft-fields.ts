// The SAF-T elements Saldo reads, as plain records of their text (still strings), and which leaf
// element's text goes where. The SAX dispatch that finds them is saft-elements.ts.

export interface RawBalances {
  openingDebit: string;
  openingCredit: string;
  closingDebit: string;
  closingCredit: string;
}

export interface RawAccount extends RawBalances {
  id: string;
  name: string;
  standard: string;
  groupingCategory: string;
  groupingCode: string;
  /** Line of the file where the account ends, for messages. */
  line: number;
}

export interface RawParty extends RawBalances {
  kind: 'customer' | 'supplier';
  id: string;
  name: string;
  registration: string;
  /** The party's own AccountID (1.10/1.20) or BalanceAccount/AccountID (1.30). */
  accountId: string;
  line: number;
}

export interface RawLine {
  accountId: string;
  /** The amount's text and its side; undefined when the line has neither. */
  amount: { raw: string; side: 'DebitAmount' | 'CreditAmount' } | undefined;
  customerId: string;
  supplierId: string;
  description: string;
}

export interface RawTransaction {
  journal: string;
  id: string;
  period: string;
  periodYear: string;
  date: string;
  glDate: string;
  description: string;
  customer: string;
  supplier: string;
  lines: RawLine[];
  line: number;
}

export interface RawTotals {
  debit: string | undefined;
  credit: string | undefined;
  entries: string | undefined;
}

export interface SaftSink {
  namespace(namespace: string): void;
  company(name: string, registration: string): void;
  /**
   * SelectionCriteria: a start date (yyyy-mm-dd) when the header gives one; `byPeriod` when it comes
   * from PeriodStart/PeriodStartYear (an accounting period, which a fiscal year may move) and not a date.
   */
  selection(start: string | undefined, byPeriod: boolean): void;
  /** The end of Header: its DefaultCurrencyCode and country (AuditFileCountry, else the company's address), '' when not given. */
  header(currency: string, country: string): void;
  account(raw: RawAccount): void;
  accountsDone(): void;
  party(raw: RawParty): void;
  entriesStart(): void;
  transaction(raw: RawTransaction): void;
  totals(raw: RawTotals): void;
}

/** Leaf elements whose text is captured. */
export enum F {
  None,
  CompanyName,
  CompanyRegistration,
  PeriodStart,
  PeriodStartYear,
  SelectionStartDate,
  Currency,
  Country,
  CompanyCountry,
  AccountId,
  AccountDescription,
  StandardAccountId,
  GroupingCategory,
  GroupingCode,
  OpeningDebit,
  OpeningCredit,
  ClosingDebit,
  ClosingCredit,
  PartyId,
  PartyName,
  PartyRegistration,
  PartyAccount,
  NumberOfEntries,
  TotalDebit,
  TotalCredit,
  JournalId,
  TxId,
  TxPeriod,
  TxPeriodYear,
  TxDate,
  TxGlDate,
  TxDescription,
  TxCustomer,
  TxSupplier,
  LineAccount,
  LineCustomer,
  LineSupplier,
  LineDescription,
  LineDebit,
  LineCredit,
  /** A DebitAmount/CreditAmount holding its value directly instead of in <Amount> (old exporters). */
  LineDebitRaw,
  LineCreditRaw,
}

const DATE = /^\d{4}-\d{2}-\d{2}/;

export const balances = (): RawBalances => ({
  openingDebit: '',
  openingCredit: '',
  closingDebit: '',
  closingCredit: '',
});

/** What the dispatch has collected so far: the record being read, and header fields. */
export interface ElementState {
  companyName: string;
  companyRegistration: string;
  periodStart: string;
  periodStartYear: string;
  selectionStartDate: string;
  currency: string;
  country: string;
  companyCountry: string;
  account: RawAccount | undefined;
  party: RawParty | undefined;
  journalId: string;
  tx: RawTransaction | undefined;
  txLine: RawLine | undefined;
  totals: RawTotals;
}

export function emptyState(): ElementState {
  return {
    companyName: '',
    companyRegistration: '',
    periodStart: '',
    periodStartYear: '',
    selectionStartDate: '',
    currency: '',
    country: '',
    companyCountry: '',
    account: undefined,
    party: undefined,
    journalId: '',
    tx: undefined,
    txLine: undefined,
    totals: { debit: undefined, credit: undefined, entries: undefined },
  };
}

export function assignField(s: ElementState, field: F, raw: string): void {
  const value = raw.trim();
  const line = s.txLine;
  const tx = s.tx;
  const target = s.account ?? s.party;
  switch (field) {
    case F.LineAccount:
      line!.accountId = value;
      return;
    case F.LineDebit:
    case F.LineDebitRaw:
      if (value !== '' || field === F.LineDebit) line!.amount = { raw, side: 'DebitAmount' };
      return;
    case F.LineCredit:
    case F.LineCreditRaw:
      if (value !== '' || field === F.LineCredit) line!.amount = { raw, side: 'CreditAmount' };
      return;
    case F.LineCustomer:
      line!.customerId = value;
      return;
    case F.LineSupplier:
      line!.supplierId = value;
      return;
    case F.LineDescription:
      line!.description = value;
      return;
    case F.TxId:
      tx!.id = value;
      return;
    case F.TxPeriod:
      tx!.period = value;
      return;
    case F.TxPeriodYear:
      tx!.periodYear = value;
      return;
    case F.TxDate:
      tx!.date = value;
      return;
    case F.TxGlDate:
      tx!.glDate = value;
      return;
    case F.TxDescription:
      tx!.description = value;
      return;
    case F.TxCustomer:
      tx!.customer = value;
      return;
    case F.TxSupplier:
      tx!.supplier = value;
      return;
    case F.JournalId:
      s.journalId = value;
      return;
    case F.AccountId:
      s.account!.id = value;
      return;
    case F.AccountDescription:
      s.account!.name = value;
      return;
    case F.StandardAccountId:
      s.account!.standard = value;
      return;
    case F.GroupingCategory:
      s.account!.groupingCategory = value;
      return;
    case F.GroupingCode:
      s.account!.groupingCode = value;
      return;
    case F.OpeningDebit:
      target!.openingDebit = raw;
      return;
    case F.OpeningCredit:
      target!.openingCredit = raw;
      return;
    case F.ClosingDebit:
      target!.closingDebit = raw;
      return;
    case F.ClosingCredit:
      target!.closingCredit = raw;
      return;
    case F.PartyId:
      s.party!.id = value;
      return;
    case F.PartyName:
      s.party!.name = value;
      return;
    case F.PartyRegistration:
      s.party!.registration = value;
      return;
    case F.PartyAccount:
      s.party!.accountId = value;
      return;
    case F.TotalDebit:
      s.totals.debit = raw;
      return;
    case F.TotalCredit:
      s.totals.credit = raw;
      return;
    case F.NumberOfEntries:
      s.totals.entries = value;
      return;
    case F.CompanyName:
      s.companyName = value;
      return;
    case F.CompanyRegistration:
      s.companyRegistration = value;
      return;
    case F.PeriodStart:
      s.periodStart = value;
      return;
    case F.PeriodStartYear:
      s.periodStartYear = value;
      return;
    case F.SelectionStartDate:
      s.selectionStartDate = value;
      return;
    case F.Currency:
      s.currency = value;
      return;
    case F.Country:
      s.country = value;
      return;
    case F.CompanyCountry:
      s.companyCountry = value;
      return;
  }
}

/** Whether SelectionCriteria's start is a period (PeriodStart/PeriodStartYear) rather than a date. */
export const selectionByPeriod = (s: ElementState): boolean => !DATE.test(s.selectionStartDate);

/** The start of SelectionCriteria as a date, when the header gives one. */
export function selectionStart(s: ElementState): string | undefined {
  if (DATE.test(s.selectionStartDate)) return s.selectionStartDate.slice(0, 10);
  const month = Number(s.periodStart);
  const year = s.periodStartYear;
  if (/^\d{4}$/.test(year) && Number.isInteger(month) && month >= 1 && month <= 12)
    return `${year}-${String(month).padStart(2, '0')}-01`;
  return undefined;
}
