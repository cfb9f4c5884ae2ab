import { type ImportWarning, importWarning } from '@saldo/contract/sources/import-warnings';
import { classifyAccount } from '../../engine/classify-account.ts';
import type { RawAccount, RawTransaction } from './saft-fields.ts';

// Where a SAF-T file's opening balance is. Most exporters state it on each account
// (OpeningDebitBalance/OpeningCreditBalance); many Norwegian systems (Xledger among them) leave those
// at zero and book the opening balance as a voucher on the first day of the year instead. Such a
// voucher is the opening balance, not the month's movements: a voucher on the first day of the
// file's first period, on balance-sheet accounts only (1000–2999 by their place in the chart), in a
// file whose accounts state no opening balance. A source can be set to read it as an ordinary
// voucher instead (SaftReadOptions.openingVoucher).

/** Opening vouchers named one by one; more are counted. */
const MAX_NAMED = 10;

/** The number an AccountID stands for: up to four digits itself, else its first four digits, else 0. */
export function accountNumberOf(id: string): number {
  if (/^\d{1,4}$/.test(id)) return Number(id);
  const lead = /^(\d{4})/.exec(id);
  return lead ? Number(lead[1]) : 0;
}

export class OpeningRule {
  /** Whether any account states an opening balance other than zero. */
  private anyOpening = false;
  /** Per AccountID of the chart of accounts: its place in the statements. */
  private readonly places = new Map<string, number>();
  private readonly found: Extract<ImportWarning, { code: 'SAFT_OPENING_VOUCHER' }>['params'][] = [];

  constructor(private readonly readAsOpening: boolean) {}

  /** An account of the chart: its place, and whether it states an opening balance. */
  account(raw: RawAccount, number: number, opening: number): void {
    if (opening !== 0) this.anyOpening = true;
    const grouping =
      raw.groupingCategory || raw.groupingCode ? { category: raw.groupingCategory, code: raw.groupingCode } : undefined;
    const place = classifyAccount({ number, accountId: raw.id, standardAccount: raw.standard, grouping }).number;
    this.places.set(raw.id, place);
  }

  /** Whether the transaction, dated `date`, is the opening balance of a file whose first day is `firstDay`. */
  isOpening(tx: RawTransaction, date: string, firstDay: string | undefined): boolean {
    if (!this.readAsOpening || this.anyOpening || !firstDay || date !== firstDay) return false;
    for (const l of tx.lines) {
      const place =
        this.places.get(l.accountId) ??
        classifyAccount({ number: accountNumberOf(l.accountId), accountId: l.accountId }).number;
      if (place < 1000 || place > 2999) return false;
    }
    return true;
  }

  /** A voucher read as the opening balance, for the warning that names it. */
  took(tx: RawTransaction, date: string, debit: number): void {
    this.found.push({ journal: tx.journal, transactionId: tx.id, date, lines: tx.lines.length, amount: debit });
  }

  warnings(): ImportWarning[] {
    const out: ImportWarning[] = this.found.slice(0, MAX_NAMED).map((p) => importWarning('SAFT_OPENING_VOUCHER', p));
    if (this.found.length > MAX_NAMED)
      out.push(importWarning('MORE_WARNINGS', { count: this.found.length - MAX_NAMED }));
    return out;
  }
}
