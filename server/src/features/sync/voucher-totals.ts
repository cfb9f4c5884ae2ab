import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { InStatement } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { Hash64 } from '../../connectors/hash64.ts';
import type { Db } from '../../db/client.ts';
import type { LedgerWriter } from './ledger-writer.ts';

// The voucher totals (schema: voucherTotal) summed while the postings stream past instead of grouped
// from them afterwards: a voucher's lines come one after another in every source, so one run is
// open at a time and nothing is kept per voucher. A voucher met again later (the same number in
// another journal) is added to its row by the writer's upsert. How many days a voucher spans is
// the one thing a run cannot see; it is counted in SQL over the finished rows, a sort of every
// voucher (half a second at a million lines), so only when some voucher may have come back.

/** Code point order, as SQLite's BINARY collation compares UTF-8: JS's < differs past U+FFFF. */
export function codePointLess(a: string, b: string): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (U+D800–DFFF) encode code points above every U+E000–FFFF unit.
    const fx = x >= 0xe000 ? x - 0x800 : x >= 0xd800 ? x + 0x2000 : x;
    const fy = y >= 0xe000 ? y - 0x800 : y >= 0xd800 ? y + 0x2000 : y;
    return fx < fy;
  }
  return a.length < b.length;
}

/**
 * Debit per voucher and day (opening balances and any voucher named 'IB' left out, as before) and
 * the greatest description, as `max(description)` gives it: nulls ignored.
 */
export function voucherTotals(writer: LedgerWriter) {
  const runs = new RepeatFilter();
  let period = '';
  let date = '';
  let voucher: string | null = null;
  let debit = 0;
  let description: string | null = null;
  const close = () => {
    if (voucher !== null) writer.add('voucher_total', [period, date, voucher, debit, description]);
    voucher = null;
  };
  return {
    add(p: string, d: string, v: string, amount: number, text: string | null) {
      if (v === 'IB') return;
      if (v !== voucher || d !== date || p !== period) {
        close();
        if (v !== voucher) runs.add(v);
        period = p;
        date = d;
        voucher = v;
        debit = 0;
        description = null;
      }
      if (amount > 0) debit += amount;
      if (text !== null && (description === null || codePointLess(description, text))) description = text;
    },
    /** Writes the open run; call before the writer's last flush. */
    end: close,
    /** False when no voucher came back after another: then none spans several days. */
    get mayRepeat() {
      return runs.mayRepeat;
    },
  };
}

/** Bits of the filter: 8 MB, allocated after the first few thousand vouchers (a small ledger keeps a Set). */
const FILTER_BITS = 1 << 26;
const EXACT_UNTIL = 4096;

/**
 * Whether any voucher has been seen before, in fixed memory: a Bloom filter of six bits a voucher,
 * which may say yes wrongly but never says no wrongly; a wrong yes only costs the exact count.
 * Measured on sequential IDs: no wrong yes up to a million vouchers (2.7 million lines), the first
 * at 1.7 million.
 */
class RepeatFilter {
  mayRepeat = false;
  private exact: Set<string> | null = new Set();
  private bits: Uint8Array | null = null;
  private readonly hash = new Hash64();

  add(voucher: string): void {
    if (this.mayRepeat) return;
    if (this.exact) {
      if (this.exact.has(voucher)) this.mayRepeat = true;
      this.exact.add(voucher);
      if (this.exact.size > EXACT_UNTIL) {
        this.bits = new Uint8Array(FILTER_BITS / 8);
        for (const v of this.exact) this.test(v);
        this.exact = null;
      }
      return;
    }
    if (this.test(voucher)) this.mayRepeat = true;
  }

  /** Sets the voucher's bits; whether they all were set already. */
  private test(voucher: string): boolean {
    const bits = this.bits!;
    const [a, b] = this.hash.reset().text(voucher).mixed();
    let all = true;
    for (let k = 0; k < 6; k++) {
      const bit = (a + Math.imul(k, b | 1)) & (FILTER_BITS - 1);
      const byte = bit >>> 3;
      const mask = 1 << (bit & 7);
      if ((bits[byte]! & mask) === 0) {
        all = false;
        bits[byte] = bits[byte]! | mask;
      }
    }
    return all;
  }
}

/** Sets `days` on the rows of vouchers with postings on several days (rare): read without the write lock, then updated by key. */
export async function countVoucherDays(db: Db, apiAccountId: string, version: number): Promise<void> {
  const rows = await db.all<{ period: string; date: string; voucher: string; days: number }>(sql`
    select period, date, voucher, days from (
      select period, date, voucher, count(*) over (partition by voucher) as days from voucher_total
      where api_account_id = ${apiAccountId} and version = ${version})
    where days > 1`);
  const updates: InStatement[] = rows.map((r) => ({
    sql: `update voucher_total set days = ? where api_account_id = ? and version = ? and period = ? and date = ? and voucher = ?`,
    args: [r.days, apiAccountId, version, r.period, r.date, r.voucher],
  }));
  for (let i = 0; i < updates.length; i += 500) {
    await db.$client.batch(updates.slice(i, i + 500), 'write');
    await yieldToLoop();
  }
}
