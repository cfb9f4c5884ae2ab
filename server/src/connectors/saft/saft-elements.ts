// Over 400 lines by design: one SAX handler class whose state (the element stack, the field, its text and bounds) every event of a million-line file shares on the hot path.
import { sourceError } from '@saldo/contract/sources/source-errors';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ConnectorError } from '../types.ts';
import { fieldCap, SAFT_MAX_DEPTH, SAFT_RUN_CHARS } from './saft-bounds.ts';
import {
  assignField,
  balances,
  type ElementState,
  emptyState,
  F,
  type SaftSink,
  selectionByPeriod,
  selectionStart,
} from './saft-fields.ts';

export type { RawAccount, RawBalances, RawLine, RawParty, RawTotals, RawTransaction, SaftSink } from './saft-fields.ts';

// The SAX side of the SAF-T connector: which elements matter, found in one pass with a stack of
// names, their text handed to saft-fields.ts and each finished record to a sink in file order.
// Building ledger records and checking them is the sink's job (saft-records.ts, saft-checks.ts).

const SAFT_NAMESPACE = 'urn:StandardAuditFile-Taxation-Financial:NO';

export class SaftElements {
  private readonly sax = new SaxesParser({ xmlns: false, position: true });
  private readonly stack: string[] = [];
  private depth = 0;
  private field = F.None;
  private text = '';
  private sawRoot = false;
  private readonly s: ElementState = emptyState();
  /** Where the last tag ended (characters into the file) and on which line: the start of the stretch since. */
  private mark = 0;
  private markLine = 1;
  /** Characters written so far (saxes's `position` is right only inside its handlers). */
  private written = 0;

  private inAccounts = false;
  private inEntries = false;
  private inJournal = false;
  private lineDepth = 0;

  constructor(private readonly sink: SaftSink) {
    this.sax.on('opentag', (tag) => this.open(tag));
    this.sax.on('closetag', () => this.close());
    // The text handler is set only while a field is captured (capture() to the next tag): without
    // one, saxes skips the text between elements (the file's indentation) instead of slicing it out.
    this.sax.on('cdata', (t) => {
      if (this.field !== F.None) this.onText(t);
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
    this.written += text.length;
    // A stretch still open at the chunk's end (a field, whitespace, a comment, a tag) is checked here,
    // so no more than a chunk of it is ever held; one that ends within the chunk, at its next tag.
    if (this.written - this.mark > SAFT_RUN_CHARS) throw this.tooLong();
  }

  /** The stretch since the last tag is past its cap: a field's (named by its element) or any text's. */
  private tooLong(): ConnectorError {
    const element = this.depth > 0 ? this.stack[this.depth - 1]! : '?xml';
    if (this.field !== F.None)
      return new ConnectorError(
        'invalid-file',
        sourceError('SAFT_FIELD_TOO_LONG', { element, max: fieldCap(this.field), line: this.markLine }),
      );
    return new ConnectorError(
      'invalid-file',
      sourceError('SAFT_TEXT_TOO_LONG', { element, max: SAFT_RUN_CHARS, line: this.markLine }),
    );
  }

  /** At each tag: the stretch before it (and the tag) within the cap; the next stretch starts after it. */
  private tagEnd(): void {
    const position = this.sax.position;
    if (position - this.mark > SAFT_RUN_CHARS) throw this.tooLong();
    this.mark = position;
    this.markLine = this.sax.line;
  }

  end(): void {
    this.sax.close();
  }

  private xmlError(e: Error): ConnectorError {
    const reason = e.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    const where = { line: this.sax.line, column: this.sax.column };
    if (!this.sawRoot) {
      if (reason.startsWith('document must contain a root element'))
        return new ConnectorError('invalid-file', sourceError('SAFT_NO_XML_ELEMENT', {}));
      return new ConnectorError('invalid-file', sourceError('SAFT_NOT_XML_AT', { reason, ...where }));
    }
    const unclosed = /^unclosed tag: (.*)$/.exec(reason);
    if (unclosed)
      return new ConnectorError('invalid-file', sourceError('SAFT_TRUNCATED', { element: unclosed[1]!, ...where }));
    return new ConnectorError('invalid-file', sourceError('SAFT_MALFORMED_XML', { reason, ...where }));
  }

  private readonly onText = (t: string) => {
    if (this.text.length + t.length > fieldCap(this.field)) throw this.tooLong();
    this.text += t;
  };

  private capture(field: F): void {
    this.field = field;
    this.text = '';
    this.sax.on('text', this.onText);
  }

  private release(): void {
    this.field = F.None;
    this.sax.off('text');
  }

  private open(tag: SaxesTagPlain): void {
    const name = tag.name;
    const colon = name.indexOf(':');
    const local = colon < 0 ? name : name.slice(colon + 1);
    const parent = this.depth > 0 ? this.stack[this.depth - 1] : undefined;
    this.tagEnd();
    if (this.depth >= SAFT_MAX_DEPTH)
      throw new ConnectorError(
        'invalid-file',
        sourceError('SAFT_TOO_DEEP', { element: local, max: SAFT_MAX_DEPTH, line: this.sax.line }),
      );
    this.stack[this.depth++] = local;
    if (this.field !== F.None) this.release();
    if (parent === undefined) {
      this.openRoot(tag, local, colon < 0 ? '' : name.slice(0, colon));
      return;
    }
    if (this.s.txLine) {
      this.openInLine(local, parent);
      return;
    }
    if (this.s.tx) {
      this.openInTransaction(local, parent);
      return;
    }
    if (this.s.account) {
      if (parent !== 'Account') return;
      this.openBalance(local);
      if (local === 'AccountID') this.capture(F.AccountId);
      else if (local === 'AccountDescription') this.capture(F.AccountDescription);
      else if (local === 'StandardAccountID') this.capture(F.StandardAccountId);
      else if (local === 'GroupingCategory') this.capture(F.GroupingCategory);
      else if (local === 'GroupingCode') this.capture(F.GroupingCode);
      return;
    }
    if (this.s.party) {
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
        this.s.txLine = { accountId: '', amount: undefined, customerId: '', supplierId: '', description: '' };
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
          this.s.tx = {
            journal: this.s.journalId,
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
          this.s.journalId = '';
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
          this.s.account = {
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
          this.s.party = {
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
      case 'DefaultCurrencyCode':
        if (parent === 'Header') this.capture(F.Currency);
        return;
      case 'AuditFileCountry':
        if (parent === 'Header') this.capture(F.Country);
        return;
      case 'Country':
        if (parent === 'Address' && this.stack[this.depth - 3] === 'Company' && this.stack[this.depth - 4] === 'Header')
          this.capture(F.CompanyCountry);
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
      throw new ConnectorError('invalid-file', sourceError('SAFT_WRONG_ROOT', { element: tag.name }));
    const namespace = tag.attributes[prefix ? `xmlns:${prefix}` : 'xmlns'];
    if (typeof namespace === 'string' && !namespace.startsWith(SAFT_NAMESPACE)) this.sink.namespace(namespace);
  }

  private close(): void {
    this.tagEnd();
    const local = this.stack[--this.depth]!;
    if (this.field !== F.None) {
      const field = this.field;
      this.release();
      assignField(this.s, field, this.text);
    }
    // Nearly every element closed is a field of a line, and only the line's own close matters there.
    if (this.s.txLine !== undefined && local !== 'Line') return;
    const parent = this.stack[this.depth - 1];
    switch (local) {
      case 'Line':
        if (this.s.txLine && this.depth === this.lineDepth - 1) {
          this.s.tx!.lines.push(this.s.txLine);
          this.s.txLine = undefined;
        }
        return;
      case 'Transaction':
        if (this.s.tx && !this.s.txLine && parent === 'Journal') {
          const tx = this.s.tx;
          this.s.tx = undefined;
          tx.line = this.sax.line;
          this.sink.transaction(tx);
        }
        return;
      case 'Journal':
        if (this.inJournal && !this.s.tx) this.inJournal = false;
        return;
      case 'GeneralLedgerEntries':
        if (this.inEntries && !this.inJournal) {
          this.inEntries = false;
          this.sink.totals(this.s.totals);
        }
        return;
      case 'Account':
        if (this.s.account && parent === 'GeneralLedgerAccounts') {
          const account = this.s.account;
          this.s.account = undefined;
          account.line = this.sax.line;
          this.sink.account(account);
        }
        return;
      case 'GeneralLedgerAccounts':
        if (this.inAccounts && !this.s.account) {
          this.inAccounts = false;
          this.sink.accountsDone();
        }
        return;
      case 'Customer':
      case 'Supplier':
        if (this.s.party && parent === `${local}s`) {
          const party = this.s.party;
          this.s.party = undefined;
          party.line = this.sax.line;
          this.sink.party(party);
        }
        return;
      case 'Company':
        if (parent === 'Header') this.sink.company(this.s.companyName, this.s.companyRegistration);
        return;
      case 'SelectionCriteria':
        this.sink.selection(selectionStart(this.s), selectionByPeriod(this.s));
        return;
      case 'Header':
        if (parent === 'AuditFile') this.sink.header(this.s.currency, this.s.country || this.s.companyCountry);
        return;
    }
  }
}
