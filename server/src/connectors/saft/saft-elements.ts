import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { TextDecoder } from 'node:util';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { formatNok } from '../../money.ts';
import { type Connector, ConnectorError, type LedgerRecord, type SyncContext } from '../types.ts';
import { parseAmount } from './amount.ts';

/** A SAF-T file on disk, or a stream of its bytes (an upload) with its size when known, for progress. */
export type SaftSource =
  | { path: string }
  | { stream: () => NodeJS.ReadableStream | ReadableStream<Uint8Array>; size?: number };

/**
 * SAF-T Financial NO (1.10, 1.20, 1.30) as a connector: the file is streamed through saxes and
 * records are yielded as they are parsed, so memory stays flat however large the file is.
 * Validation errors are ConnectorErrors naming the problem; since ingest runs in one
 * transaction, throwing mid-file leaves nothing half-imported.
 */
export function saftConnector(source: SaftSource): Connector {
  return { type: 'saft', parts: ['file'], read: (ctx) => readSaft(source, ctx) };
}

/** 256 KB reads: few enough parser calls, and at most a few hundred records waiting at a time. */
const CHUNK_BYTES = 256 * 1024;

async function* readSaft(source: SaftSource, ctx: SyncContext): AsyncGenerator<LedgerRecord> {
  let size: number | undefined;
  let chunks: AsyncIterable<Uint8Array | string>;
  if ('path' in source) {
    size = (await stat(source.path)).size;
    chunks = createReadStream(source.path, { highWaterMark: CHUNK_BYTES });
  } else {
    size = source.size;
    chunks = source.stream() as AsyncIterable<Uint8Array | string>;
  }
  const parser = new SaftParser(ctx);
  let bytes = 0;
  let reported = 0;
  ctx.progress('file', 0);
  for await (const chunk of chunks) {
    ctx.signal.throwIfAborted();
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    parser.write(chunk);
    if (parser.out.length > 0) {
      const out = parser.out;
      parser.out = [];
      for (const record of out) yield record;
    }
    if (size) {
      const fraction = Math.min(bytes / size, 1);
      if (fraction - reported >= 0.001) {
        reported = fraction;
        ctx.progress('file', fraction);
      }
    }
  }
  ctx.signal.throwIfAborted();
  parser.end(bytes);
  for (const record of parser.out) yield record;
  parser.out = [];
  ctx.progress('file', 1);
}

type PendingLine = {
  accountId: string;
  amount: number;
  customerId?: string;
  supplierId?: string;
  description?: string;
};

type Opening = { accountNumber: number; amount: number };

/** Leaf elements whose text is captured. */
enum F {
  None,
  PeriodStart,
  PeriodStartYear,
  SelectionStartDate,
  AccountId,
  AccountDescription,
  OpeningDebit,
  OpeningCredit,
  ClosingDebit,
  ClosingCredit,
  PartyId,
  PartyName,
  PartyRegistration,
  NumberOfEntries,
  TotalDebit,
  TotalCredit,
  JournalId,
  TxId,
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

class SaftParser {
  out: LedgerRecord[] = [];
  private readonly sax = new SaxesParser({ xmlns: false, position: true });
  private decoder: TextDecoder | undefined;
  private readonly stack: string[] = [];
  private depth = 0;
  private field = F.None;
  private text = '';
  private sawRoot = false;
  private startChecked = false;

  // Header/SelectionCriteria
  private periodStart = '';
  private periodStartYear = '';
  private selectionStartDate = '';
  private openingDate: string | undefined;

  // MasterFiles/GeneralLedgerAccounts/Account
  private inAccounts = false;
  private inAccount = false;
  private accId = '';
  private accName = '';
  private accDebit = '';
  private accCredit = '';
  private accClosingDebit = '';
  private accClosingCredit = '';
  /** Per account number: the opening balance, the file's stated closing balance and the lines' movement. */
  private readonly balances = new Map<number, { opening: number; closing: number | null; moved: number }>();
  private readonly openings: Opening[] = [];
  private openingsDone = false;
  private readonly masterAccounts = new Set<string>();
  private readonly accountNumbers = new Map<string, number | null>();
  private readonly emittedAccounts = new Map<number, string>();

  // MasterFiles/Customers/Customer, Suppliers/Supplier
  private party: 'customer' | 'supplier' | undefined;
  private partyId = '';
  private partyName = '';
  private partyReg = '';
  private readonly parties = new Set<string>();

  // GeneralLedgerEntries
  private inEntries = false;
  private inJournal = false;
  private inTx = false;
  private inLine = false;
  private fileTotalDebit: string | undefined;
  private fileTotalCredit: string | undefined;
  private fileEntries: string | undefined;
  private sumDebit = 0;
  private sumCredit = 0;
  private txCount = 0;
  private minDate: string | undefined;
  private journalId = '';
  private txId = '';
  private txDate = '';
  private txGlDate = '';
  private txDescription = '';
  private txCustomer = '';
  private txSupplier = '';
  private txLines: PendingLine[] = [];
  private lineAccount = '';
  private lineCustomer = '';
  private lineSupplier = '';
  private lineDescription = '';
  private lineAmount: number | undefined;
  private readonly skippedLines = new Map<string, { lines: number; net: number }>();
  private readonly unknownAccounts = new Set<string>();

  constructor(private readonly ctx: SyncContext) {
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

  write(chunk: Uint8Array | string): void {
    if (typeof chunk === 'string') {
      this.feed(chunk);
      return;
    }
    if (!this.decoder) this.decoder = pickDecoder(chunk);
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      throw new ConnectorError(
        'invalid-file',
        `The file is not valid UTF-8 text near line ${this.sax.line}. Export the SAF-T file again as UTF-8.`,
      );
    }
    this.feed(text);
  }

  /** The first characters tell an XML file from a CSV, PDF or spreadsheet before saxes does. */
  private feed(text: string): void {
    if (!this.startChecked) {
      const start = text.replace(/^\ufeff/, '').trimStart();
      if (start !== '') {
        this.startChecked = true;
        if (!start.startsWith('<')) {
          const head = start.slice(0, 40).split(/\r?\n/)[0]!;
          throw new ConnectorError(
            'invalid-file',
            `The file is not a SAF-T Financial file: it is not XML (it starts with "${head}").`,
          );
        }
      }
    }
    this.sax.write(text);
  }

  end(bytes: number): void {
    if (bytes === 0) throw new ConnectorError('invalid-file', 'The file is empty: it is not a SAF-T Financial file.');
    if (this.decoder) this.sax.write(this.decoder.decode());
    this.sax.close();
    // Files without SelectionCriteria: date opening balances at the first transaction.
    if (!this.openingsDone) this.flushOpenings();
    this.finalWarnings();
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

  private fail(message: string): never {
    throw new ConnectorError('invalid-file', `${message} (line ${this.sax.line} of the file)`);
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

    if (this.inLine) {
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
      return;
    }
    if (this.inTx) {
      if (parent !== 'Transaction') return;
      switch (local) {
        case 'Line':
          this.inLine = true;
          this.lineDepth = this.depth;
          this.lineAccount = '';
          this.lineCustomer = '';
          this.lineSupplier = '';
          this.lineDescription = '';
          this.lineAmount = undefined;
          return;
        case 'TransactionID':
          this.capture(F.TxId);
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
      return;
    }
    if (this.inAccount) {
      if (parent !== 'Account') return;
      if (local === 'AccountID') this.capture(F.AccountId);
      else if (local === 'AccountDescription') this.capture(F.AccountDescription);
      else if (local === 'OpeningDebitBalance') this.capture(F.OpeningDebit);
      else if (local === 'OpeningCreditBalance') this.capture(F.OpeningCredit);
      else if (local === 'ClosingDebitBalance') this.capture(F.ClosingDebit);
      else if (local === 'ClosingCreditBalance') this.capture(F.ClosingCredit);
      return;
    }
    if (this.party) {
      if (parent !== 'Customer' && parent !== 'Supplier') return;
      if (local === 'CustomerID' || local === 'SupplierID') this.capture(F.PartyId);
      else if (local === 'Name') this.capture(F.PartyName);
      else if (local === 'RegistrationNumber') this.capture(F.PartyRegistration);
      return;
    }
    switch (local) {
      case 'Transaction':
        if (this.inJournal && parent === 'Journal') {
          this.inTx = true;
          this.txId = '';
          this.txDate = '';
          this.txGlDate = '';
          this.txDescription = '';
          this.txCustomer = '';
          this.txSupplier = '';
          this.txLines = [];
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
          // Accounts come before entries; make sure openings are out even if GeneralLedgerAccounts was odd.
          if (!this.openingsDone && this.openingDate) this.flushOpenings();
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
          this.inAccount = true;
          this.accId = '';
          this.accName = '';
          this.accDebit = '';
          this.accCredit = '';
          this.accClosingDebit = '';
          this.accClosingCredit = '';
        }
        return;
      case 'Customer':
      case 'Supplier':
        if (parent === `${local}s` && this.stack[this.depth - 3] === 'MasterFiles') {
          this.party = local === 'Customer' ? 'customer' : 'supplier';
          this.partyId = '';
          this.partyName = '';
          this.partyReg = '';
        }
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

  private lineDepth = 0;

  private openRoot(tag: SaxesTagPlain, local: string, prefix: string): void {
    this.sawRoot = true;
    if (local !== 'AuditFile')
      throw new ConnectorError(
        'invalid-file',
        `The file is not a SAF-T Financial file: the root element is <${tag.name}>, expected <AuditFile>.`,
      );
    const namespace = tag.attributes[prefix ? `xmlns:${prefix}` : 'xmlns'];
    if (typeof namespace === 'string' && !namespace.startsWith(SAFT_NAMESPACE))
      this.ctx.warn(
        `The file's namespace is ${namespace}, not ${SAFT_NAMESPACE} (SAF-T Financial NO); importing it as SAF-T Financial NO.`,
      );
  }

  private close(): void {
    const local = this.stack[--this.depth]!;
    if (this.field !== F.None) {
      const field = this.field;
      this.field = F.None;
      this.assign(field, this.text);
    }
    switch (local) {
      case 'Line':
        if (this.inLine && this.depth === this.lineDepth - 1) this.finishLine();
        return;
      case 'Transaction':
        if (this.inTx && !this.inLine && this.stack[this.depth - 1] === 'Journal') this.finishTransaction();
        return;
      case 'Journal':
        if (this.inJournal && !this.inTx) this.inJournal = false;
        return;
      case 'GeneralLedgerEntries':
        if (this.inEntries && !this.inJournal) {
          this.inEntries = false;
          this.checkTotals();
        }
        return;
      case 'Account':
        if (this.inAccount && this.stack[this.depth - 1] === 'GeneralLedgerAccounts') this.finishAccount();
        return;
      case 'GeneralLedgerAccounts':
        if (this.inAccounts && !this.inAccount) {
          this.inAccounts = false;
          this.checkOpenings();
          if (this.openingDate) this.flushOpenings();
        }
        return;
      case 'Customer':
      case 'Supplier':
        if (this.party && this.stack[this.depth - 1] === `${local}s`) this.finishParty();
        return;
      case 'SelectionCriteria':
        this.openingDate = this.selectionStart();
        return;
    }
  }

  private assign(field: F, raw: string): void {
    switch (field) {
      case F.LineAccount:
        this.lineAccount = raw.trim();
        return;
      case F.LineDebit:
      case F.LineDebitRaw:
        if (field === F.LineDebitRaw && raw.trim() === '') return;
        this.lineAmount = this.amount(raw, 'DebitAmount');
        this.sumDebit += this.lineAmount;
        return;
      case F.LineCredit:
      case F.LineCreditRaw: {
        if (field === F.LineCreditRaw && raw.trim() === '') return;
        const credit = this.amount(raw, 'CreditAmount');
        this.sumCredit += credit;
        this.lineAmount = -credit;
        return;
      }
      case F.LineCustomer:
        this.lineCustomer = raw.trim();
        return;
      case F.LineSupplier:
        this.lineSupplier = raw.trim();
        return;
      case F.LineDescription:
        this.lineDescription = raw.trim();
        return;
      case F.TxId:
        this.txId = raw.trim();
        return;
      case F.TxDate:
        this.txDate = raw.trim();
        return;
      case F.TxGlDate:
        this.txGlDate = raw.trim();
        return;
      case F.TxDescription:
        this.txDescription = raw.trim();
        return;
      case F.TxCustomer:
        this.txCustomer = raw.trim();
        return;
      case F.TxSupplier:
        this.txSupplier = raw.trim();
        return;
      case F.JournalId:
        this.journalId = raw.trim();
        return;
      case F.AccountId:
        this.accId = raw.trim();
        return;
      case F.AccountDescription:
        this.accName = raw.trim();
        return;
      case F.OpeningDebit:
        this.accDebit = raw;
        return;
      case F.OpeningCredit:
        this.accCredit = raw;
        return;
      case F.ClosingDebit:
        this.accClosingDebit = raw;
        return;
      case F.ClosingCredit:
        this.accClosingCredit = raw;
        return;
      case F.PartyId:
        this.partyId = raw.trim();
        return;
      case F.PartyName:
        this.partyName = raw.trim();
        return;
      case F.PartyRegistration:
        this.partyReg = raw.trim();
        return;
      case F.TotalDebit:
        this.fileTotalDebit = raw;
        return;
      case F.TotalCredit:
        this.fileTotalCredit = raw;
        return;
      case F.NumberOfEntries:
        this.fileEntries = raw.trim();
        return;
      case F.PeriodStart:
        this.periodStart = raw.trim();
        return;
      case F.PeriodStartYear:
        this.periodStartYear = raw.trim();
        return;
      case F.SelectionStartDate:
        this.selectionStartDate = raw.trim();
        return;
    }
  }

  private amount(raw: string, element: string): number {
    const ore = parseAmount(raw);
    if (ore === undefined) {
      const where = this.inTx ? ` in transaction ${this.txId || '(no TransactionID yet)'}` : '';
      this.fail(`Invalid amount "${raw.trim()}" in <${element}>${where}: expected a number such as 1234.50`);
    }
    return ore;
  }

  /** SAF-T account ids are usually the account number; ids like `1920-01` keep their first 4 digits. */
  private accountNumber(id: string): number | null {
    const known = this.accountNumbers.get(id);
    if (known !== undefined) return known;
    let number: number | null = null;
    if (/^\d{1,9}$/.test(id)) number = Number(id);
    else {
      const lead = /^(\d{4})/.exec(id);
      if (lead) {
        number = Number(lead[1]);
        this.ctx.warn(`Account "${id}" is not a plain account number: imported as account ${number}.`);
      }
    }
    this.accountNumbers.set(id, number);
    return number;
  }

  private finishAccount(): void {
    this.inAccount = false;
    const id = this.accId;
    if (!id) this.fail('An account in GeneralLedgerAccounts has no AccountID');
    this.masterAccounts.add(id);
    let opening = 0;
    if (this.accDebit.trim()) opening += this.amount(this.accDebit, 'OpeningDebitBalance');
    if (this.accCredit.trim()) opening -= this.amount(this.accCredit, 'OpeningCreditBalance');
    const number = this.accountNumber(id);
    if (number === null) {
      this.ctx.warn(
        `Account "${id}" (${this.accName || 'no name'}) was skipped: its AccountID is not an account number and does not start with 4 digits.`,
      );
      return;
    }
    if (opening !== 0) this.openings.push({ accountNumber: number, amount: opening });
    const stated = this.accClosingDebit.trim() || this.accClosingCredit.trim();
    let closing: number | null = null;
    if (stated) {
      closing = 0;
      if (this.accClosingDebit.trim()) closing += this.amount(this.accClosingDebit, 'ClosingDebitBalance');
      if (this.accClosingCredit.trim()) closing -= this.amount(this.accClosingCredit, 'ClosingCreditBalance');
    }
    const known = this.balances.get(number);
    this.balances.set(number, {
      opening: (known?.opening ?? 0) + opening,
      closing: closing === null && known?.closing == null ? null : (known?.closing ?? 0) + (closing ?? 0),
      moved: known?.moved ?? 0,
    });
    const earlier = this.emittedAccounts.get(number);
    if (earlier !== undefined) {
      this.ctx.warn(`Accounts "${earlier}" and "${id}" are both account ${number}: imported as one account.`);
      return;
    }
    this.emittedAccounts.set(number, id);
    this.out.push({ kind: 'account', number, name: this.accName || id });
  }

  private selectionStart(): string | undefined {
    if (DATE.test(this.selectionStartDate)) return this.selectionStartDate.slice(0, 10);
    const month = Number(this.periodStart);
    const year = this.periodStartYear;
    if (/^\d{4}$/.test(year) && Number.isInteger(month) && month >= 1 && month <= 12)
      return `${year}-${String(month).padStart(2, '0')}-01`;
    return undefined;
  }

  private checkOpenings(): void {
    let debit = 0;
    let credit = 0;
    for (const o of this.openings) {
      if (o.amount > 0) debit += o.amount;
      else credit -= o.amount;
    }
    if (debit === credit) return;
    const message =
      debit > credit
        ? `debit ${formatNok(debit)} NOK exceeds credit by ${formatNok(debit - credit)} NOK`
        : `credit ${formatNok(credit)} NOK exceeds debit by ${formatNok(credit - debit)} NOK`;
    this.ctx.warn(`Opening balances do not net to zero: ${message}`);
  }

  private flushOpenings(): void {
    this.openingsDone = true;
    if (this.openings.length === 0) return;
    const date = this.openingDate ?? this.minDate;
    if (!date) {
      this.ctx.warn(
        'Opening balances were skipped: the file has no SelectionCriteria start and no transactions to date them by.',
      );
      return;
    }
    if (!this.openingDate)
      this.ctx.warn(`The file's header has no SelectionCriteria start: opening balances are dated ${date}.`);
    for (const o of this.openings) this.out.push({ kind: 'opening', date, ...o });
    this.openings.length = 0;
  }

  private finishParty(): void {
    const kind = this.party!;
    this.party = undefined;
    const id = this.partyId;
    if (!id) this.fail(`A ${kind} in MasterFiles has no ${kind === 'customer' ? 'CustomerID' : 'SupplierID'}`);
    const key = `${kind}:${id}`;
    if (this.parties.has(key)) {
      this.ctx.warn(`The ${kind} ${id} appears twice in MasterFiles: the second one was skipped.`);
      return;
    }
    this.parties.add(key);
    const record: Extract<LedgerRecord, { kind: 'customer' | 'supplier' }> = { kind, id, name: this.partyName || id };
    if (this.partyReg) record.orgNumber = this.partyReg;
    this.out.push(record);
  }

  private finishLine(): void {
    this.inLine = false;
    if (this.lineAmount === undefined)
      this.fail(`A line of transaction ${this.txId} has neither a DebitAmount nor a CreditAmount`);
    if (!this.lineAccount) this.fail(`A line of transaction ${this.txId} has no AccountID`);
    const line: PendingLine = { accountId: this.lineAccount, amount: this.lineAmount };
    if (this.lineCustomer) line.customerId = this.lineCustomer;
    if (this.lineSupplier) line.supplierId = this.lineSupplier;
    if (this.lineDescription) line.description = this.lineDescription;
    this.txLines.push(line);
  }

  private finishTransaction(): void {
    this.inTx = false;
    this.txCount += 1;
    const id = this.txId;
    if (!id) this.fail('A transaction has no TransactionID');
    const rawDate = DATE.test(this.txDate) ? this.txDate : this.txGlDate;
    if (!DATE.test(rawDate)) this.fail(`Transaction ${id} has no TransactionDate or GLPostingDate as yyyy-mm-dd`);
    const date = rawDate.slice(0, 10);
    if (this.minDate === undefined || date < this.minDate) this.minDate = date;
    const lines = this.txLines;
    let sum = 0;
    for (const l of lines) sum += l.amount;
    if (sum !== 0) {
      const side = sum > 0 ? 'debits exceed credits' : 'credits exceed debits';
      throw new ConnectorError(
        'unbalanced',
        `Transaction ${id}${this.journalId ? ` in journal ${this.journalId}` : ''} (${date}) does not balance: ${side} by ${formatNok(Math.abs(sum))} NOK (line ${this.sax.line} of the file).`,
      );
    }
    // Most exporters put CustomerID/SupplierID only on the receivable/payable line; a voucher with
    // one party gives it to every line, so revenue and cost lines can be grouped by party.
    let customer = this.txCustomer || undefined;
    let supplier = this.txSupplier || undefined;
    let single = true;
    for (const l of lines) {
      if (l.customerId) {
        if (customer && customer !== l.customerId) single = false;
        customer = l.customerId;
      }
      if (l.supplierId) {
        if (supplier && supplier !== l.supplierId) single = false;
        supplier = l.supplierId;
      }
    }
    if (customer && supplier) single = false;
    const description = this.txDescription || undefined;
    for (const l of lines) {
      const accountNumber = this.accountNumber(l.accountId);
      if (accountNumber === null) {
        const skipped = this.skippedLines.get(l.accountId) ?? { lines: 0, net: 0 };
        skipped.lines += 1;
        skipped.net += l.amount;
        this.skippedLines.set(l.accountId, skipped);
        continue;
      }
      if (this.masterAccounts.size > 0 && !this.masterAccounts.has(l.accountId)) this.unknownAccounts.add(l.accountId);
      const balance = this.balances.get(accountNumber);
      if (balance) balance.moved += l.amount;
      const record: Extract<LedgerRecord, { kind: 'posting' }> = {
        kind: 'posting',
        date,
        voucher: id,
        accountNumber,
        amount: l.amount,
      };
      const customerId = l.customerId ?? (single && !l.supplierId ? customer : undefined);
      const supplierId = l.supplierId ?? (single && !l.customerId ? supplier : undefined);
      if (customerId) record.customerId = customerId;
      if (supplierId) record.supplierId = supplierId;
      const lineDescription = l.description ?? description;
      if (lineDescription) record.description = lineDescription;
      this.out.push(record);
    }
    this.txLines = [];
  }

  /**
   * The header totals disagreeing with the lines is a warning, not an error: every transaction has
   * already been checked to balance, so the ledger itself is consistent; exporters differ in what
   * they count (some leave out opening-balance vouchers), and refusing the file would help nobody.
   */
  private checkTotals(): void {
    const compare = (raw: string | undefined, sum: number, element: string, side: string) => {
      if (raw === undefined || raw.trim() === '') return;
      const total = parseAmount(raw);
      if (total === undefined) {
        this.ctx.warn(`The file's ${element} "${raw.trim()}" is not an amount; it was not checked.`);
      } else if (total !== sum) {
        this.ctx.warn(
          `The file's ${element} is ${formatNok(total)} NOK but its ${side} lines sum to ${formatNok(sum)} NOK (difference ${formatNok(Math.abs(total - sum))} NOK).`,
        );
      }
    };
    compare(this.fileTotalDebit, this.sumDebit, 'TotalDebit', 'debit');
    compare(this.fileTotalCredit, this.sumCredit, 'TotalCredit', 'credit');
    if (this.fileEntries && /^\d+$/.test(this.fileEntries) && Number(this.fileEntries) !== this.txCount)
      this.ctx.warn(`The file's NumberOfEntries is ${this.fileEntries} but it has ${this.txCount} transactions.`);
    this.checkClosings();
  }

  /**
   * Each account's stated closing balance should be its opening balance plus its lines. When it is
   * not, the file contradicts itself; the ledger is imported from the lines, and the user is told.
   */
  private checkClosings(): void {
    const off = [...this.balances].filter(([, b]) => b.closing !== null && b.opening + b.moved !== b.closing);
    for (const [number, b] of off.slice(0, 10)) {
      const computed = b.opening + b.moved;
      this.ctx.warn(
        `Account ${number}: the file's closing balance is ${formatNok(b.closing!)} NOK, but its opening balance and transactions give ${formatNok(computed)} NOK (difference ${formatNok(computed - b.closing!)} NOK).`,
      );
    }
    if (off.length > 10)
      this.ctx.warn(`${off.length - 10} more accounts' closing balances differ from their transactions.`);
  }

  private finalWarnings(): void {
    for (const [id, s] of this.skippedLines)
      this.ctx.warn(
        `${s.lines} posting line${s.lines === 1 ? '' : 's'} on account "${id}" ${s.lines === 1 ? 'was' : 'were'} skipped (net ${formatNok(s.net)} NOK): the AccountID is not an account number and does not start with 4 digits.`,
      );
    if (this.unknownAccounts.size > 0) {
      const ids = [...this.unknownAccounts];
      this.ctx.warn(
        `Posting lines use account${ids.length === 1 ? '' : 's'} missing from GeneralLedgerAccounts: ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ` and ${ids.length - 20} more` : ''}.`,
      );
    }
  }
}

/** SAF-T is UTF-8 by the standard; honour a UTF-16 BOM or a Latin-1 declaration from older exporters. */
function pickDecoder(first: Uint8Array): TextDecoder {
  if (first[0] === 0xff && first[1] === 0xfe) return new TextDecoder('utf-16le');
  if (first[0] === 0xfe && first[1] === 0xff) return new TextDecoder('utf-16be');
  const head = Buffer.from(first.subarray(0, 200)).toString('latin1');
  const declared = /^(?:\ufeff|\xef\xbb\xbf)?<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i
    .exec(head)?.[1]
    ?.toLowerCase();
  if (declared && /^(iso-8859-1|iso8859-1|latin-?1|windows-1252|cp1252|iso-8859-15)$/.test(declared))
    return new TextDecoder('windows-1252');
  // The BOM is stripped by TextDecoder; fatal so that a mislabelled file is reported, not garbled.
  return new TextDecoder('utf-8', { fatal: true });
}
