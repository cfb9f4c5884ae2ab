import fc from 'fast-check';
import type { MonthlyMovement } from '../engine/profit-loss.ts';

/**
 * Random ledgers for property tests, as the month movements the engine reads: one to `maxVouchers`
 * vouchers, each in one of `months` on two to four of `accounts`, its lines' amounts drawn from `amount`
 * but the last line's, which balances the voucher (every voucher sums to 0).
 */
export function balancedLedger(
  accounts: readonly number[],
  months: readonly string[],
  amount: fc.Arbitrary<number>,
  maxVouchers: number,
): fc.Arbitrary<MonthlyMovement[]> {
  const voucher = fc
    .record({
      month: fc.constantFrom(...months),
      accounts: fc.uniqueArray(fc.constantFrom(...accounts), { minLength: 2, maxLength: 4 }),
      amounts: fc.array(amount, { minLength: 3, maxLength: 3 }),
    })
    .map(({ month, accounts, amounts }) => {
      const lines: MonthlyMovement[] = accounts
        .slice(0, -1)
        .map((accountNumber, i) => ({ month, accountNumber, amount: amounts[i]! }));
      lines.push({ month, accountNumber: accounts.at(-1)!, amount: -lines.reduce((s, l) => s + l.amount, 0) });
      return lines;
    });
  return fc.array(voucher, { minLength: 1, maxLength: maxVouchers }).map((v) => v.flat());
}
