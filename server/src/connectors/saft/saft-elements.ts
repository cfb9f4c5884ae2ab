import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ConnectorError } from '../types.ts';

// The SAX side of the SAF-T connector: which elements matter, and their text collected into plain
// records (still strings) handed to a sink in file order. Building ledger records and checking them
// is the sink's job (saft-records.ts, saft-checks.ts).

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
  /** SelectionCriteria: a start date (yyyy-mm-dd) when the header gives one. */
  selection(start: string | undefined): void;
  account(raw: RawAccount): void;
  accountsDone(): void;
  party(raw: RawParty): void;
  entriesStart(): void;
  transaction(raw: RawTransaction): void;
  totals(raw: RawTotals): void;
}

/** Leaf elements whose text is captured. */
enum F {
  None,
  CompanyName,
  CompanyRegistration,
  PeriodStart,
  PeriodStartYear,
  SelectionStartDate,
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
const SAFT_NAMESPACE = 'urn:StandardAuditFile-Taxation-Financial:NO';

const balances = (): RawBalances => ({ openingDebit: '', openingCredit: '', closingDebit: '', closingCredit: '' });

export class SaftElements {
  private readonly sax = new SaxesParser({ xmlns: false, position: true });
  private readonly stack: string[] = [];
  private depth = 0;
  private field = F.None;
  private text = '';
  private sawRoot = false;

  private companyName = '';
  private companyRegistration = '';
  private periodStart = '';
  private periodStartYear = '';
  private selectionStartDate = '';

  private inAccounts = false;
  private account: RawAccount | undefined;
  private party: RawParty | undefined;
  private inEntries = false;
  private inJournal = false;
  private journalId = '';
  private tx: RawTransaction | undefined;
  private lineDepth = 0;
  private txLine: RawLine | undefined;
  private totals: RawTotals = { debit: undefined, credit: undefined, entries: undefined };

  constructor(private readonly sink: SaftSink) {
    this.sax.on('opentag', (tag) => this.open(tag));
    this.sax.on('closetag', () => this.close());
    this.sax.on('text', (t) => {
      if (this.field !== F.None) this.text += t;
    });
    this.sax.on('cdata', (t) => {
      if (this.field !== F.None) this.text += t;
    });
    this.sax.on('error', (e) => {
      throw this.xmlError(e);
    });
  }

  get line(): number {
    return this.sax.line;
  }

  write(text: string): void {
    this.sax.write(text);
  }

  end(): void {
    this.sax.close();
  }

  private xmlError(e: Error): ConnectorError {
    const reason = e.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    const where = `line ${this.sax.line}, column ${this.sax.column}`;
    if (!this.sawRoot) {
      if (reason.startsWith('document must contain a root element'))
        return new ConnectorError(
          'invalid-file',
          'The file is not a SAF-T Financial file: it contains no XML element.',
        );
      return new ConnectorError(
        'invalid-file',
        `The file is not a SAF-T Financial file: it is not XML (${reason} at ${where}).`,
      );
    }
    const unclosed = /^unclosed tag: (.*)$/.exec(reason);
    if (unclosed)
      return new ConnectorError(
        'invalid-file',
        `The file is truncated: it ends at ${where} inside <${unclosed[1]}>. Export or upload the SAF-T file again.`,
      );
    return new ConnectorError('invalid-file', `The file is not well-formed XML at ${where}: ${reason}.`);
  }

  private capture(field: F): void {
    this.field = field;
    this.text = '';
  }

  private open(tag: SaxesTagPlain): void {
    const name = tag.name;
    const colon = name.indexOf(':');
    const local = colon < 0 ? name : name.slice(colon + 1);
    const parent = this.depth > 0 ? this.stack[this.depth - 1] : undefined;
    this.stack[this.depth++] = local;
    this.field = F.None;
    if (parent === undefined) {
      this.openRoot(tag, local, colon < 0 ? '' : name.slice(0, colon));
      return;
    }
    if (this.txLine) {
      this.openInLine(local, parent);
      return;
    }
    if (this.tx) {
      this.openInTransaction(local, parent);
      return;
    }
    if (this.account) {
      if (parent !== 'Account') return;
      this.openBalance(local);
      if (local === 'AccountID') this.capture(F.AccountId);
      else if (local === 'AccountDescription') this.capture(F.AccountDescription);
      else if (local === 'StandardAccountID') this.capture(F.StandardAccountId);
      else if (local === 'GroupingCategory') this.capture(F.GroupingCategory);
      else if (local === 'GroupingCode') this.capture(F.GroupingCode);
      return;
    }
    if (this.party) {
      // 1.30 puts the balances in <BalanceAccount>; 1.10/1.20 directly in the party.
      if (parent === 'BalanceAccount') {
        if (local === 'AccountID') this.capture(F.PartyAccount);
        else this.openBalance(local);
        return;
      }
      if (parent !== 'Customer' && parent !== 'Supplier') return;
      if (local === 'CustomerID' || local === 'SupplierID') this.capture(F.PartyId);
      else if (local === 'Name') this.capture(F.PartyName);
      else if (local === 'RegistrationNumber') this.capture(F.PartyRegistration);
      else if (local === 'AccountID') this.capture(F.PartyAccount);
      else this.openBalance(local);
      return;
    }
    this.openOther(local, parent);
  }

  private openBalance(local: string): void {
    if (local === 'OpeningDebitBalance') this.capture(F.OpeningDebit);
    else if (local === 'OpeningCreditBalance') this.capture(F.OpeningCredit);
    else if (local === 'ClosingDebitBalance') this.capture(F.ClosingDebit);
    else if (local === 'ClosingCreditBalance') this.capture(F.ClosingCredit);
  }

  private openInLine(local: string, parent: string): void {
    if (parent === 'Line') {
      if (local === 'AccountID') this.capture(F.LineAccount);
      else if (local === 'DebitAmount') this.capture(F.LineDebitRaw);
      else if (local === 'CreditAmount') this.capture(F.LineCreditRaw);
      else if (local === 'CustomerID') this.capture(F.LineCustomer);
      else if (local === 'SupplierID') this.capture(F.LineSupplier);
      else if (local === 'Description') this.capture(F.LineDescription);
    } else if (local === 'Amount' && this.depth === this.lineDepth + 2) {
      if (parent === 'DebitAmount') this.capture(F.LineDebit);
      else if (parent === 'CreditAmount') this.capture(F.LineCredit);
    }
  }

  private openInTransaction(local: string, parent: string): void {
    if (parent !== 'Transaction') return;
    switch (local) {
      case 'Line':
        this.lineDepth = this.depth;
        this.txLine = { accountId: '', amount: undefined, customerId: '', supplierId: '', description: '' };
        return;
      case 'TransactionID':
        this.capture(F.TxId);
        return;
      case 'Period':
        this.capture(F.TxPeriod);
        return;
      case 'PeriodYear':
        this.capture(F.TxPeriodYear);
        return;
      case 'TransactionDate':
        this.capture(F.TxDate);
        return;
      case 'GLPostingDate':
        this.capture(F.TxGlDate);
        return;
      case 'Description':
        this.capture(F.TxDescription);
        return;
      case 'CustomerID':
        this.capture(F.TxCustomer);
        return;
      case 'SupplierID':
        this.capture(F.TxSupplier);
        return;
    }
  }

  private openOther(local: string, parent: string): void {
    switch (local) {
      case 'Transaction':
        if (this.inJournal && parent === 'Journal') {
          this.tx = {
            journal: this.journalId,
            id: '',
            period: '',
            periodYear: '',
            date: '',
            glDate: '',
            description: '',
            customer: '',
            supplier: '',
            lines: [],
            line: 0,
          };
        }
        return;
      case 'Journal':
        if (this.inEntries && parent === 'GeneralLedgerEntries') {
          this.inJournal = true;
          this.journalId = '';
        }
        return;
      case 'JournalID':
        if (this.inJournal && parent === 'Journal') this.capture(F.JournalId);
        return;
      case 'GeneralLedgerEntries':
        if (parent === 'AuditFile') {
          this.inEntries = true;
          this.sink.entriesStart();
        }
        return;
      case 'TotalDebit':
        if (this.inEntries && parent === 'GeneralLedgerEntries') this.capture(F.TotalDebit);
        return;
      case 'TotalCredit':
        if (this.inEntries && parent === 'GeneralLedgerEntries') this.capture(F.TotalCredit);
        return;
      case 'NumberOfEntries':
        if (this.inEntries && parent === 'GeneralLedgerEntries') this.capture(F.NumberOfEntries);
        return;
      case 'GeneralLedgerAccounts':
        if (parent === 'MasterFiles') this.inAccounts = true;
        return;
      case 'Account':
        if (this.inAccounts && parent === 'GeneralLedgerAccounts') {
          this.account = {
            id: '',
            name: '',
            standard: '',
            groupingCategory: '',
            groupingCode: '',
            ...balances(),
            line: 0,
          };
        }
        return;
      case 'Customer':
      case 'Supplier':
        if (parent === `${local}s` && this.stack[this.depth - 3] === 'MasterFiles') {
          this.party = {
            kind: local === 'Customer' ? 'customer' : 'supplier',
            id: '',
            name: '',
            registration: '',
            accountId: '',
            ...balances(),
            line: 0,
          };
        }
        return;
      case 'Name':
        if (parent === 'Company' && this.stack[this.depth - 3] === 'Header') this.capture(F.CompanyName);
        return;
      case 'RegistrationNumber':
        if (parent === 'Company' && this.stack[this.depth - 3] === 'Header') this.capture(F.CompanyRegistration);
        return;
      case 'PeriodStart':
        if (parent === 'SelectionCriteria') this.capture(F.PeriodStart);
        return;
      case 'PeriodStartYear':
        if (parent === 'SelectionCriteria') this.capture(F.PeriodStartYear);
        return;
      case 'SelectionStartDate':
        if (parent === 'SelectionCriteria') this.capture(F.SelectionStartDate);
        return;
    }
  }

  private openRoot(tag: SaxesTagPlain, local: string, prefix: string): void {
    this.sawRoot = true;
    if (local !== 'AuditFile')
      throw new ConnectorError(
        'invalid-file',
        `The file is not a SAF-T Financial file: the root element is <${tag.name}>, expected <AuditFile>.`,
      );
    const namespace = tag.attributes[prefix ? `xmlns:${prefix}` : 'xmlns'];
    if (typeof namespace === 'string' && !namespace.startsWith(SAFT_NAMESPACE)) this.sink.namespace(namespace);
  }

  private close(): void {
    const local = this.stack[--this.depth]!;
    if (this.field !== F.None) {
      const field = this.field;
      this.field = F.None;
      this.assign(field, this.text);
    }
    const parent = this.stack[this.depth - 1];
    switch (local) {
      case 'Line':
        if (this.txLine && this.depth === this.lineDepth - 1) {
          this.tx!.lines.push(this.txLine);
          this.txLine = undefined;
        }
        return;
      case 'Transaction':
        if (this.tx && !this.txLine && parent === 'Journal') {
          const tx = this.tx;
          this.tx = undefined;
          tx.line = this.sax.line;
          this.sink.transaction(tx);
        }
        return;
      case 'Journal':
        if (this.inJournal && !this.tx) this.inJournal = false;
        return;
      case 'GeneralLedgerEntries':
        if (this.inEntries && !this.inJournal) {
          this.inEntries = false;
          this.sink.totals(this.totals);
        }
        return;
      case 'Account':
        if (this.account && parent === 'GeneralLedgerAccounts') {
          const account = this.account;
          this.account = undefined;
          account.line = this.sax.line;
          this.sink.account(account);
        }
        return;
      case 'GeneralLedgerAccounts':
        if (this.inAccounts && !this.account) {
          this.inAccounts = false;
          this.sink.accountsDone();
        }
        return;
      case 'Customer':
      case 'Supplier':
        if (this.party && parent === `${local}s`) {
          const party = this.party;
          this.party = undefined;
          party.line = this.sax.line;
          this.sink.party(party);
        }
        return;
      case 'Company':
        if (parent === 'Header') this.sink.company(this.companyName, this.companyRegistration);
        return;
      case 'SelectionCriteria':
        this.sink.selection(this.selectionStart());
        return;
    }
  }

  private assign(field: F, raw: string): void {
    const value = raw.trim();
    const line = this.txLine;
    const tx = this.tx;
    const target = this.account ?? this.party;
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
        this.journalId = value;
        return;
      case F.AccountId:
        this.account!.id = value;
        return;
      case F.AccountDescription:
        this.account!.name = value;
        return;
      case F.StandardAccountId:
        this.account!.standard = value;
        return;
      case F.GroupingCategory:
        this.account!.groupingCategory = value;
        return;
      case F.GroupingCode:
        this.account!.groupingCode = value;
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
        this.party!.id = value;
        return;
      case F.PartyName:
        this.party!.name = value;
        return;
      case F.PartyRegistration:
        this.party!.registration = value;
        return;
      case F.PartyAccount:
        this.party!.accountId = value;
        return;
      case F.TotalDebit:
        this.totals.debit = raw;
        return;
      case F.TotalCredit:
        this.totals.credit = raw;
        return;
      case F.NumberOfEntries:
        this.totals.entries = value;
        return;
      case F.CompanyName:
        this.companyName = value;
        return;
      case F.CompanyRegistration:
        this.companyRegistration = value;
        return;
      case F.PeriodStart:
        this.periodStart = value;
        return;
      case F.PeriodStartYear:
        this.periodStartYear = value;
        return;
      case F.SelectionStartDate:
        this.selectionStartDate = value;
        return;
    }
  }

  private selectionStart(): string | undefined {
    if (DATE.test(this.selectionStartDate)) return this.selectionStartDate.slice(0, 10);
    const month = Number(this.periodStart);
    const year = this.periodStartYear;
    if (/^\d{4}$/.test(year) && Number.isInteger(month) && month >= 1 && month <= 12)
      return `${year}-${String(month).padStart(2, '0')}-01`;
    return undefined;
  }
}
