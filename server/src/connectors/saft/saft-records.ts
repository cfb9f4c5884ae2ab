// Over 400 lines by design: one SAF-T sink whose state (the chart, the held transactions, the opening and period rules, the checks) every record of the file shares.
import { importWarning } from '@saldo/contract/sources/import-warnings';
import { type SourceError, sourceError } from '@saldo/contract/sources/source-errors';
import { Hash64 } from '../hash64.ts';
import { ConnectorError, type LedgerRecord, type SyncContext } from '../types.ts';
import { parseAmount } from './amount.ts';
import { type CheckedLine, SaftChecks } from './saft-checks.ts';
import type {
  RawAccount,
  RawBalances,
  RawLine,
  RawParty,
  RawTotals,
  RawTransaction,
  SaftSink,
} from './saft-elements.ts';
import { accountNumberOf, OpeningRule } from './saft-opening.ts';
import { PeriodRule } from './saft-periods.ts';

export { accountNumberOf } from './saft-opening.ts';
export { periodOf } from './saft-periods.ts';

// Turns the SAF-T elements into ledger records: accounts keep their own ID (sub-accounts such as
// 1920PKEY92783 stay apart) with the standard account and grouping that place them in the
// statements; each posting carries its accounting period (Period/PeriodYear, moved by the fiscal
// year's offset where the periods are counted from another month than January: saft-periods.ts);
// opening balances are dated at the start of the selection. Where the file gives no opening balances,
// a voucher on that first day on balance-sheet accounts only is the opening balance (many Norwegian
// systems book it so), unless the source is set to read it as an ordinary voucher.

const DATE = /^\d{4}-\d{2}-\d{2}/;

type Opening = { accountNumber: number; accountId: string; amount: number };
type Posting = Extract<LedgerRecord, { kind: 'posting' }>;

/** How the SAF-T source is read (the API account's settings). */
export interface SaftReadOptions {
  /** 'ordinary': a voucher that looks like the opening balance is read as the month's movements. */
  openingVoucher?: 'opening' | 'ordinary';
}

/** Transactions held back at most while the fiscal year's offset is decided. */
const MAX_HELD = 2000;

export class SaftRecords implements SaftSink {
  private out: LedgerRecord[] = [];
  private readonly checks: SaftChecks;
  private openingDate: string | undefined;
  private openingByPeriod = false;
  private readonly opening: OpeningRule;
  private readonly periods = new PeriodRule();
  /** Transactions read before the fiscal year's offset is decided, made into records once it is. */
  private held: RawTransaction[] | null = [];
  private readonly openings: Opening[] = [];
  private openingsDone = false;
  private minDate: string | undefined;
  private readonly masterAccounts = new Set<string>();
  private readonly unknownAccounts = new Set<string>();
  private readonly parties = new Set<string>();
  private fileTotals: RawTotals | undefined;
  private readonly amounts: number[] = [];
  private readonly content = new Hash64();
  private readonly checked: CheckedLine = { accountId: '', amount: 0, customerId: '', supplierId: '' };
  /** Per AccountID on the lines: its number, and whether the ID is that number written out (no accountId then). */
  private readonly lineAccounts = new Map<string, { number: number; plain: boolean }>();

  /** The records built since the last take; null when there are none. */
  take(): LedgerRecord[] | null {
    const out = this.out;
    if (out.length === 0) return null;
    this.out = [];
    return out;
  }

  constructor(
    private readonly ctx: SyncContext,
    /** The line of the file being read, for messages. */
    private readonly where: () => number,
    options: SaftReadOptions = {},
  ) {
    this.checks = new SaftChecks(ctx);
    this.opening = new OpeningRule(options.openingVoucher !== 'ordinary');
  }

  /** The line of the transaction being made records of (it may have been held back): what messages name. */
  private txLine: number | undefined;

  /** Refuses the file; `error` is given the line the reader is at (or the transaction's). */
  private fail(error: (line: number) => SourceError): never {
    throw new ConnectorError('invalid-file', error(this.txLine ?? this.where()));
  }

  private amount(raw: string, element: string, txId?: string): number {
    const ore = parseAmount(raw);
    if (ore === undefined)
      this.fail((line) =>
        sourceError('SAFT_INVALID_AMOUNT', { value: raw.trim(), element, transactionId: txId ?? null, line }),
      );
    return ore;
  }

  /** Opening and (when stated) closing balance, debit positive. */
  private balances(raw: RawBalances): { opening: number; closing: number | null } {
    let opening = 0;
    if (raw.openingDebit.trim()) opening += this.amount(raw.openingDebit, 'OpeningDebitBalance');
    if (raw.openingCredit.trim()) opening -= this.amount(raw.openingCredit, 'OpeningCreditBalance');
    let closing: number | null = null;
    if (raw.closingDebit.trim() || raw.closingCredit.trim()) {
      closing = 0;
      if (raw.closingDebit.trim()) closing += this.amount(raw.closingDebit, 'ClosingDebitBalance');
      if (raw.closingCredit.trim()) closing -= this.amount(raw.closingCredit, 'ClosingCreditBalance');
    }
    return { opening, closing };
  }

  namespace(namespace: string): void {
    this.ctx.warn(importWarning('SAFT_NAMESPACE', { namespace }));
  }

  /** The company, given out at the end of Header, once the currency has passed (header()). */
  private companyRecord: Extract<LedgerRecord, { kind: 'company' }> | undefined;

  company(name: string, registration: string): void {
    if (!name) return;
    this.companyRecord = { kind: 'company', name, ...(registration ? { orgNumber: registration } : {}) };
  }

  selection(start: string | undefined, byPeriod = false): void {
    this.openingDate = start;
    this.openingByPeriod = byPeriod;
  }

  /** A file in another currency than NOK is refused; another country with NOK is told. */
  header(currency: string, country: string): void {
    if (currency && currency.toUpperCase() !== 'NOK')
      throw new ConnectorError('invalid-file', sourceError('SAFT_CURRENCY', { currency }));
    if (country && country.toUpperCase() !== 'NO') this.ctx.warn(importWarning('SAFT_COUNTRY', { country }));
    if (this.companyRecord) this.out.push(this.companyRecord);
    this.companyRecord = undefined;
  }

  account(raw: RawAccount): void {
    const id = raw.id;
    if (!id) this.fail((line) => sourceError('SAFT_NO_ACCOUNT_ID', { line }));
    const { opening, closing } = this.balances(raw);
    const number = accountNumberOf(id);
    if (opening !== 0) this.openings.push({ accountNumber: number, accountId: id, amount: opening });
    this.opening.account(raw, number, opening);
    const known = this.checks.accounts.get(id);
    if (known) {
      // Listed twice: one account, its balances added up.
      known.opening += opening;
      if (closing !== null) known.closing = (known.closing ?? 0) + closing;
      this.ctx.warn(importWarning('SAFT_DUPLICATE_ACCOUNT', { account: id }));
      return;
    }
    this.checks.accounts.set(id, { opening, closing, moved: 0 });
    this.masterAccounts.add(id);
    const record: Extract<LedgerRecord, { kind: 'account' }> = { kind: 'account', number, name: raw.name || id };
    if (id !== String(number)) record.accountId = id;
    if (raw.standard) record.standardAccount = raw.standard;
    if (raw.groupingCategory || raw.groupingCode)
      record.grouping = { category: raw.groupingCategory, code: raw.groupingCode };
    this.out.push(record);
  }

  accountsDone(): void {
    let debit = 0;
    let credit = 0;
    for (const o of this.openings) {
      if (o.amount > 0) debit += o.amount;
      else credit -= o.amount;
    }
    if (debit !== credit)
      this.ctx.warn(
        importWarning('SAFT_OPENING_NOT_BALANCED', { debit, credit, difference: Math.abs(debit - credit) }),
      );
  }

  party(raw: RawParty): void {
    const kind = raw.kind;
    const id = raw.id;
    if (!id) this.fail((line) => sourceError('SAFT_NO_PARTY_ID', { kind, line }));
    const key = `${kind}:${id}`;
    if (this.parties.has(key)) {
      this.ctx.warn(importWarning(kind === 'customer' ? 'SAFT_DUPLICATE_CUSTOMER' : 'SAFT_DUPLICATE_SUPPLIER', { id }));
      return;
    }
    this.parties.add(key);
    this.checks.party(kind, id, { name: raw.name || id, accountId: raw.accountId, ...this.balances(raw) });
    const record: Extract<LedgerRecord, { kind: 'customer' | 'supplier' }> = { kind, id, name: raw.name || id };
    if (raw.registration) record.orgNumber = raw.registration;
    this.out.push(record);
  }

  entriesStart(): void {}

  /**
   * The first day of the file's first period: the selection's start, moved by the fiscal year's
   * offset when it is a period (PeriodStart 1 of a fiscal year from May is 1 May).
   */
  private firstDay(): string | undefined {
    const start = this.openingDate;
    const offset = this.periods.offset ?? 0;
    if (!start || !this.openingByPeriod || offset === 0) return start;
    const index = Number(start.slice(0, 4)) * 12 + Number(start.slice(5, 7)) - 1 + offset;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  }

  private flushOpenings(): void {
    this.openingsDone = true;
    if (this.openings.length === 0) return;
    const date = this.firstDay() ?? this.minDate;
    if (!date) {
      this.ctx.warn(importWarning('SAFT_OPENINGS_NOT_DATED', {}));
      return;
    }
    if (!this.openingDate) this.ctx.warn(importWarning('SAFT_NO_SELECTION_START', { date }));
    for (const o of this.openings) {
      const record: Extract<LedgerRecord, { kind: 'opening' }> = {
        kind: 'opening',
        date,
        accountNumber: o.accountNumber,
        amount: o.amount,
      };
      if (o.accountId !== String(o.accountNumber)) record.accountId = o.accountId;
      this.out.push(record);
    }
    this.openings.length = 0;
  }

  transaction(tx: RawTransaction): void {
    const held = this.held;
    if (held === null) {
      this.record(tx);
      return;
    }
    held.push(tx);
    const date = DATE.test(tx.date) ? tx.date : tx.glDate;
    if (this.periods.look(tx.period, date) || held.length >= MAX_HELD) this.release();
  }

  /** Decides the fiscal year's offset from the transactions held, and makes them records. */
  private release(): void {
    const held = this.held;
    if (held === null) return;
    this.held = null;
    this.periods.decide();
    if (!this.openingsDone && this.openingDate) this.flushOpenings();
    for (const tx of held) this.record(tx);
  }

  private record(tx: RawTransaction): void {
    this.txLine = tx.line;
    try {
      this.recordLines(tx);
    } finally {
      this.txLine = undefined;
    }
  }

  private recordLines(tx: RawTransaction): void {
    const id = tx.id;
    if (!id) this.fail((line) => sourceError('SAFT_NO_TRANSACTION_ID', { line }));
    const rawDate = DATE.test(tx.date) ? tx.date : tx.glDate;
    if (!DATE.test(rawDate)) this.fail((line) => sourceError('SAFT_NO_DATE', { transactionId: id, line }));
    const date = rawDate.slice(0, 10);
    if (this.minDate === undefined || date < this.minDate) this.minDate = date;
    const period = this.periods.monthOf(tx.period, tx.periodYear, date);
    const lines = tx.lines;
    // Each line's signed amount, in a reused array: a transaction allocates nothing per line but its record.
    const amounts = this.amounts;
    amounts.length = lines.length;
    let sum = 0;
    let debit = 0;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      if (!l.amount) this.fail((line) => sourceError('SAFT_LINE_NO_AMOUNT', { transactionId: id, line }));
      if (!l.accountId) this.fail((line) => sourceError('SAFT_LINE_NO_ACCOUNT', { transactionId: id, line }));
      const value = this.amount(l.amount.raw, l.amount.side, id);
      const amount = l.amount.side === 'DebitAmount' ? value : -value || 0;
      amounts[i] = amount;
      sum += amount;
      if (amount > 0) debit += amount;
    }
    if (sum !== 0)
      throw new ConnectorError(
        'unbalanced',
        sourceError('SAFT_UNBALANCED', {
          transactionId: id,
          journal: tx.journal,
          date,
          difference: sum,
          line: tx.line,
        }),
      );
    this.checks.counted(amounts);
    // The content a copy repeats: date, period and each line's account, amount and parties.
    const content = this.content
      .reset()
      .text(date)
      .text(period ?? '');
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      content.text(l.accountId).integer(amounts[i]!).text(l.customerId).text(l.supplierId);
    }
    if (this.checks.isCopy(tx.journal, id, date, content.value53, debit)) return;
    if (this.opening.isOpening(tx, date, this.firstDay())) {
      this.openingVoucher(tx, date, debit);
      return;
    }
    // Most exporters put CustomerID/SupplierID only on the receivable/payable line; a voucher with
    // one party gives it to every line, so revenue and cost lines can be grouped by party.
    let customer = tx.customer || undefined;
    let supplier = tx.supplier || undefined;
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
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      const amount = amounts[i]!;
      this.checkLine(l, amount, tx);
      const account = this.accountOf(l.accountId);
      const record: Posting = { kind: 'posting', date, voucher: id, accountNumber: account.number, amount };
      if (period) record.period = period;
      if (!account.plain) record.accountId = l.accountId;
      const customerId = l.customerId || (single && !l.supplierId ? customer : undefined);
      const supplierId = l.supplierId || (single && !l.customerId ? supplier : undefined);
      if (customerId) record.customerId = customerId;
      if (supplierId) record.supplierId = supplierId;
      const description = l.description || tx.description;
      if (description) record.description = description;
      this.out.push(record);
    }
  }

  /** A voucher line's checks: its account against the chart, and the line checks of saft-checks.ts. */
  private checkLine(l: RawLine, amount: number, tx: RawTransaction): void {
    if (this.masterAccounts.size > 0 && !this.masterAccounts.has(l.accountId)) this.unknownAccounts.add(l.accountId);
    const checked = this.checked;
    checked.accountId = l.accountId;
    checked.amount = amount;
    checked.customerId = l.customerId;
    checked.supplierId = l.supplierId;
    this.checks.line(checked, tx.customer, tx.supplier);
  }

  /** Its lines as opening balances (checked as any line is), and named in a warning. */
  private openingVoucher(tx: RawTransaction, date: string, debit: number): void {
    for (let i = 0; i < tx.lines.length; i++) {
      const l = tx.lines[i]!;
      const amount = this.amounts[i]!;
      this.checkLine(l, amount, tx);
      const account = this.accountOf(l.accountId);
      const record: Extract<LedgerRecord, { kind: 'opening' }> = {
        kind: 'opening',
        date,
        accountNumber: account.number,
        amount,
      };
      if (!account.plain) record.accountId = l.accountId;
      this.out.push(record);
    }
    this.opening.took(tx, date, debit);
  }

  private accountOf(id: string): { number: number; plain: boolean } {
    let account = this.lineAccounts.get(id);
    if (!account) {
      const number = accountNumberOf(id);
      account = { number, plain: id === String(number) };
      this.lineAccounts.set(id, account);
    }
    return account;
  }

  totals(raw: RawTotals): void {
    this.release();
    this.fileTotals = raw;
  }

  end(): void {
    this.release();
    // Files without SelectionCriteria: date opening balances at the first transaction.
    if (!this.openingsDone) this.flushOpenings();
    for (const w of this.opening.warnings()) this.ctx.warn(w);
    for (const w of this.periods.warnings()) this.ctx.warn(w);
    this.checks.finish(this.fileTotals);
    if (this.unknownAccounts.size > 0) {
      const ids = [...this.unknownAccounts];
      this.ctx.warn(
        importWarning('SAFT_UNKNOWN_ACCOUNTS', {
          accounts: ids.slice(0, 20).join(', '),
          more: Math.max(0, ids.length - 20),
        }),
      );
    }
  }
}
