import { type ImportWarning, importWarning } from '@saldo/contract/sources/import-warnings';
import type { SyncContext } from '../types.ts';
import { parseAmount } from './amount.ts';
import type { RawTotals } from './saft-elements.ts';
import { SeenTransactions } from './seen-transactions.ts';

// The checks an auditor makes of a SAF-T file before trusting it: header totals, each account's and
// each customer's and supplier's stated closing balance against its lines, transactions repeated in
// a journal, and parties used on lines but missing from the master data. None stops the import:
// each is a warning with a code, told once per thing (and at most MAX_EACH of a kind).

const MAX_EACH = 10;

interface PartyBalance {
  name: string;
  accountId: string;
  opening: number;
  closing: number | null;
  moved: number;
}

export interface CheckedLine {
  accountId: string;
  amount: number;
  /** The CustomerID/SupplierID the file gives the line itself (not one spread from its voucher). */
  customerId: string;
  supplierId: string;
}

export class SaftChecks {
  /** Per AccountID: opening balance, the file's stated closing balance, the imported lines' movement. */
  readonly accounts = new Map<string, { opening: number; closing: number | null; moved: number }>();
  private readonly parties = { customer: new Map<string, PartyBalance>(), supplier: new Map<string, PartyBalance>() };
  private readonly unknownParties = {
    customer: new Map<string, { lines: number; amount: number }>(),
    supplier: new Map<string, { lines: number; amount: number }>(),
  };
  /** Per journal and TransactionID, a 53-bit hash of its content (the one thing here that grows with the file). */
  private readonly seen = new SeenTransactions();
  private readonly repeated: ImportWarning[] = [];
  private sumDebit = 0;
  private sumCredit = 0;
  private transactions = 0;

  constructor(private readonly ctx: SyncContext) {}

  party(kind: 'customer' | 'supplier', id: string, balance: Omit<PartyBalance, 'moved'>): void {
    this.parties[kind].set(id, { ...balance, moved: 0 });
  }

  /** Counts a transaction as the file has it (copies too), for the header totals. */
  counted(amounts: readonly number[]): void {
    this.transactions += 1;
    for (const amount of amounts) {
      if (amount > 0) this.sumDebit += amount;
      else this.sumCredit -= amount;
    }
  }

  /**
   * Whether a transaction is a copy of one already read in its journal (same TransactionID and the
   * same date, period and lines): a copy is imported once. The same ID on a different voucher is
   * imported too, since dropping it would lose real postings; both are told.
   */
  isCopy(journal: string, id: string, date: string, fingerprint: number, debit: number): boolean {
    const earlier = this.seen.getOrSet(journal, id, fingerprint);
    if (earlier === undefined) return false;
    if (earlier === fingerprint) {
      this.repeated.push(
        importWarning('SAFT_DUPLICATE_TRANSACTION', { journal, transactionId: id, date, amount: debit }),
      );
      return true;
    }
    this.repeated.push(importWarning('SAFT_REUSED_TRANSACTION_ID', { journal, transactionId: id }));
    return false;
  }

  /** An imported line: its account's movement, and its party's. */
  line(l: CheckedLine, voucherCustomer: string, voucherSupplier: string): void {
    const account = this.accounts.get(l.accountId);
    if (account) account.moved += l.amount;
    this.partyLine('customer', l.customerId, voucherCustomer, l);
    this.partyLine('supplier', l.supplierId, voucherSupplier, l);
  }

  private partyLine(kind: 'customer' | 'supplier', own: string, voucher: string, l: CheckedLine): void {
    if (own && !this.parties[kind].has(own)) {
      const unknown = this.unknownParties[kind].get(own) ?? { lines: 0, amount: 0 };
      unknown.lines += 1;
      unknown.amount += l.amount;
      this.unknownParties[kind].set(own, unknown);
    }
    // A party's balance is kept on its own account: lines there that name it, or whose voucher does.
    const id = own || voucher;
    const party = id ? this.parties[kind].get(id) : undefined;
    if (!party) return;
    if (party.accountId ? party.accountId === l.accountId : own !== '') party.moved += l.amount;
  }

  /** After the last transaction: every check's warnings, in a fixed order. */
  finish(totals: RawTotals | undefined): void {
    const out: ImportWarning[] = [];
    if (totals) this.totals(totals, out);
    const capped = (list: ImportWarning[]) => {
      out.push(...list.slice(0, MAX_EACH));
      if (list.length > MAX_EACH) out.push(importWarning('MORE_WARNINGS', { count: list.length - MAX_EACH }));
    };
    capped(
      [...this.accounts]
        .filter(([, b]) => b.closing !== null && b.opening + b.moved !== b.closing)
        .map(([account, b]) =>
          importWarning('SAFT_CLOSING_MISMATCH', { account, stated: b.closing!, computed: b.opening + b.moved }),
        ),
    );
    capped(this.repeated);
    for (const kind of ['customer', 'supplier'] as const) {
      capped(
        [...this.unknownParties[kind]].map(([id, u]) =>
          importWarning(kind === 'customer' ? 'SAFT_UNKNOWN_CUSTOMER' : 'SAFT_UNKNOWN_SUPPLIER', { id, ...u }),
        ),
      );
      capped(
        [...this.parties[kind]]
          .filter(([, p]) => p.closing !== null && p.opening + p.moved !== p.closing)
          .map(([id, p]) =>
            importWarning(kind === 'customer' ? 'SAFT_CUSTOMER_CLOSING_MISMATCH' : 'SAFT_SUPPLIER_CLOSING_MISMATCH', {
              id,
              name: p.name,
              stated: p.closing!,
              computed: p.opening + p.moved,
            }),
          ),
      );
    }
    for (const w of out) this.ctx.warn(w);
  }

  /**
   * The header totals describe the file as written, so they are compared with every transaction in
   * it, copies included (a copy is told on its own). A disagreement is a warning, not an error: every
   * voucher has been checked to balance, and exporters differ in what they count.
   */
  private totals(raw: RawTotals, out: ImportWarning[]): void {
    const compare = (text: string | undefined, sum: number, element: 'TotalDebit' | 'TotalCredit') => {
      if (text === undefined || text.trim() === '') return;
      const stated = parseAmount(text);
      if (stated === undefined) out.push(importWarning('SAFT_TOTAL_NOT_AMOUNT', { element, value: text.trim() }));
      else if (stated !== sum) out.push(importWarning('SAFT_TOTAL_MISMATCH', { element, stated, computed: sum }));
    };
    compare(raw.debit, this.sumDebit, 'TotalDebit');
    compare(raw.credit, this.sumCredit, 'TotalCredit');
    if (raw.entries && /^\d+$/.test(raw.entries) && Number(raw.entries) !== this.transactions)
      out.push(importWarning('SAFT_ENTRIES_MISMATCH', { stated: Number(raw.entries), counted: this.transactions }));
  }
}
