import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MID_YEAR_OPENINGS, OPENING_VOUCHER, writeGenerated } from '../saft-mutations/generate.ts';
import { FILE_888, writeMutations } from '../saft-mutations/mutate.ts';
import { balanceAt, cashAt, checkSaft, monthsBetween, profitLoss, topCustomers } from './checker.ts';

// The checker against the file itself, before it is trusted to judge the server: its balances are the
// file's own stated closing balances (but where the example file contradicts itself), and the mutations
// do what they say.

describe('the independent SAF-T checker', () => {
  const months = ['2017-01', '2017-02', '2017-03', '2017-04'];

  it("ends April at the 888888888 file's stated closing balances, but for the three the file contradicts", () => {
    const c = checkSaft(FILE_888);
    const xml = readFileSync(FILE_888, 'utf8');
    const stated = new Map<string, number>();
    for (const [, block] of xml.matchAll(/<n1:Account>([\s\S]*?)<\/n1:Account>/g)) {
      const id = /<n1:AccountID>([^<]*)</.exec(block!)![1]!;
      const debit = /<n1:ClosingDebitBalance>([^<]*)</.exec(block!)?.[1];
      const credit = /<n1:ClosingCreditBalance>([^<]*)</.exec(block!)?.[1];
      stated.set(id, Math.round(Number(debit ?? 0) * 100) - Math.round(Number(credit ?? 0) * 100));
    }
    const off: string[] = [];
    for (const [id, closing] of stated) {
      const moved = [...(c.movements.get(id)?.values() ?? [])].reduce((s, a) => s + a, 0);
      if (moved !== closing) off.push(id);
    }
    expect(off).toEqual(['1920', '2711', '2740']);
    const pl = profitLoss(c, months);
    expect(pl.lines.salesRevenue).toBe(231_633_800);
    expect(pl.result).toBe(231_633_800 - 200_150_100);
    const april = balanceAt(c, '2017-04');
    // The file's opening balances are 2 545 410.00 more debit than credit: the balance sheet is off by that.
    expect(april.totalAssets - april.totalEquityAndLiabilities).toBe(254_541_000);
    expect(cashAt(c, '2017-04')).toBe(april.lines.cashAndBank);
    expect(topCustomers(c, months)).toHaveLength(6);
  });

  it('follows what each mutation changes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'saldo-checker-'));
    try {
      const files = writeMutations(dir);
      const periods = checkSaft(files.get('888-periods')!);
      // The opening balances count at the close of December 2016, before the file's first period.
      expect(periods.months).toEqual(['2016-12', ...months, '2017-12']);
      const duplicate = checkSaft(files.get('888-duplicate-transaction')!);
      expect(duplicate.copies).toEqual(['1001']);
      expect(profitLoss(duplicate, months)).toEqual(profitLoss(checkSaft(FILE_888), months));
      const placed = checkSaft(files.get('888-standard-accounts')!);
      expect(['9995', '9996', '9997'].map((id) => placed.accounts.get(id)?.place)).toEqual([7900, null, 7790]);
      const april = balanceAt(placed, '2017-04');
      expect(april.lines.unclassified).toBe(-1_234_000);
      expect(april.totalAssets).toBe(april.totalEquityAndLiabilities);
      // The purchase from the unknown supplier is a cost of March like any other.
      const march = profitLoss(checkSaft(FILE_888), ['2017-03']);
      const supplier = profitLoss(checkSaft(files.get('888-unknown-supplier')!), ['2017-03']);
      expect(supplier.accounts['6300']).toBe((march.accounts['6300'] ?? 0) - 400_000);
      expect(supplier.result).toBe(march.result - 400_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads each generated file's trait: opening voucher, five-digit accounts, fiscal year, currency and country", () => {
    const dir = mkdtempSync(join(tmpdir(), 'saldo-checker-'));
    try {
      const files = writeGenerated(dir);
      const opening = checkSaft(files.get('gen-opening-voucher')!);
      expect(opening.openingVouchers).toEqual([OPENING_VOUCHER.id]);
      // The voucher's bank line is the cash at the close of December, and the balance sheet balances.
      const bank = OPENING_VOUCHER.lines.find(([a]) => a === '1920')![1];
      expect(cashAt(opening, '2024-12')).toBe(bank);
      const january = balanceAt(opening, '2025-01');
      expect(january.totalAssets).toBe(january.totalEquityAndLiabilities);
      // No fixed asset, equity or long-term debt moves in January: its investing and financing are nil.
      const moved = (from: number, to: number) =>
        [...opening.movements].reduce((sum, [id, m]) => {
          const place = opening.accounts.get(id)?.place ?? 0;
          return place >= from && place <= to ? sum + (m.get('2025-01') ?? 0) : sum;
        }, 0);
      expect([moved(1000, 1399), moved(2000, 2099), moved(2200, 2299)]).toEqual([0, 0, 0]);

      // A file from November: its P&L openings (January–October's result) count in October, not November.
      const mid = checkSaft(files.get('gen-mid-year')!);
      expect(mid.months).toEqual(['2025-10', '2025-11', '2025-12']);
      expect(profitLoss(mid, ['2025-10']).result).toBe(-(MID_YEAR_OPENINGS['3000']! + MID_YEAR_OPENINGS['6300']!));
      expect(profitLoss(mid, ['2025-11']).lines.salesRevenue).toBe(1_000_000 + 11 * 12_345 + 250_050);
      const november = balanceAt(mid, '2025-11');
      expect(november.resultThisYear).toBe(profitLoss(mid, ['2025-10', '2025-11']).result);
      expect(november.totalAssets).toBe(november.totalEquityAndLiabilities);

      const five = checkSaft(files.get('gen-five-digit')!);
      expect(
        ['15000', '19200', '19201', '30000', '30100', '43100', '63000', '67000', '30500', '47000'].map(
          (id) => five.accounts.get(id)?.place,
        ),
      ).toEqual([1500, 1920, 1950, 3000, 3010, 4300, 6300, 6700, 3400, 6900]);
      expect(profitLoss(five, ['2025-01']).lines.costOfGoods).toBe(-300_001);
      // The standard account or grouping code places it, not its first four digits (3050 sales, 4700 goods).
      expect(profitLoss(five, ['2025-02']).lines.otherOperatingIncome).toBe(70_000);
      expect(profitLoss(five, ['2025-02']).accounts['47000']).toBe(-30_000);

      const fiscal = checkSaft(files.get('gen-fiscal-may')!);
      expect(fiscal.fiscalYearStart).toBe(5);
      expect(fiscal.periodMismatches).toBe(0);
      expect(fiscal.months).toEqual(monthsBetween('2024-04', '2025-04'));

      expect(checkSaft(files.get('gen-dkk')!).currency).toBe('DKK');
      const sweden = checkSaft(files.get('gen-sweden-nok')!);
      expect([sweden.currency, sweden.country]).toEqual(['NOK', 'SE']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
