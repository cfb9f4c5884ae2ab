import { describe, expect, it } from 'vitest';
import { buildBalanceSheet } from '../../engine/balance-sheet.ts';
import { buildCashFlow } from '../../engine/cash-flow.ts';
import { buildProfitLoss, type MonthlyMovement } from '../../engine/profit-loss.ts';
import { parsePeriod } from '../../http/period.ts';
import type { LedgerRecord } from '../types.ts';
import { demoChart } from './chart.ts';
import { generateDemoLedger, monthsBetween } from './demo-connector.ts';

type Posting = Extract<LedgerRecord, { kind: 'posting' }>;
const options = { seed: 4102, fromMonth: '2024-01', toMonth: '2026-10' };
const records = generateDemoLedger(options);
const postings = records.filter((r): r is Posting => r.kind === 'posting');

describe('demo connector', () => {
  it('is deterministic for a seed and differs for another seed', () => {
    expect(generateDemoLedger(options)).toEqual(records);
    expect(generateDemoLedger({ ...options, seed: 7 })).not.toEqual(records);
  });

  it('covers every month of the period (at least 24) with postings', () => {
    const months = new Set(postings.map((p) => p.date.slice(0, 7)));
    expect(monthsBetween('2024-01', '2026-10')).toHaveLength(34);
    expect([...months].sort()).toEqual(monthsBetween('2024-01', '2026-10'));
    expect(postings.length).toBeGreaterThan(34 * 300);
  });

  it('balances every voucher to zero øre and uses integer øre only', () => {
    const sums = new Map<string, number>();
    for (const p of postings) {
      expect(Number.isSafeInteger(p.amount)).toBe(true);
      sums.set(p.voucher, (sums.get(p.voucher) ?? 0) + p.amount);
    }
    expect([...sums.values()].filter((s) => s !== 0)).toEqual([]);
  });

  it('posts only to accounts of its NS 4102 chart, and only to known parties and products', () => {
    const accounts = new Set(demoChart.map(([n]) => n));
    const ids = (kind: LedgerRecord['kind']) =>
      new Set(records.filter((r) => r.kind === kind).map((r) => (r as { id: string }).id));
    const customers = ids('customer');
    const suppliers = ids('supplier');
    const products = ids('product');
    for (const p of postings) {
      expect(accounts.has(p.accountNumber)).toBe(true);
      if (p.customerId) expect(customers.has(p.customerId)).toBe(true);
      if (p.supplierId) expect(suppliers.has(p.supplierId)).toBe(true);
      if (p.productId) expect(products.has(p.productId)).toBe(true);
    }
    for (const [number] of demoChart) expect(number >= 1000 && number <= 8999).toBe(true);
  });

  it('makes a company that earns money and keeps cash in the bank', () => {
    const sum = (pred: (p: Posting) => boolean) => postings.filter(pred).reduce((s, p) => s + p.amount, 0);
    const revenue2025 = -sum((p) => p.date.startsWith('2025') && p.accountNumber >= 3000 && p.accountNumber < 4000);
    const result2025 = -sum((p) => p.date.startsWith('2025') && p.accountNumber >= 3000 && p.accountNumber <= 8399);
    expect(revenue2025).toBeGreaterThan(10_000_000_00);
    expect(result2025).toBeGreaterThan(0);
    expect(result2025).toBeLessThan(revenue2025 * 0.3);
    expect(sum((p) => p.accountNumber === 1920)).toBeGreaterThan(0);
  });

  it('has a long-tailed customer base, employees, suppliers and products', () => {
    const byCustomer = new Map<string, number>();
    for (const p of postings)
      if (p.customerId && p.accountNumber >= 3000 && p.accountNumber < 4000)
        byCustomer.set(p.customerId, (byCustomer.get(p.customerId) ?? 0) - p.amount);
    const sorted = [...byCustomer.values()].sort((a, b) => b - a);
    expect(sorted.length).toBeGreaterThan(30);
    expect(sorted[0]!).toBeGreaterThan(sorted[20]! * 3);
    expect(records.filter((r) => r.kind === 'employee').length).toBeGreaterThanOrEqual(10);
    expect(records.filter((r) => r.kind === 'supplier').length).toBeGreaterThanOrEqual(10);
    expect(records.filter((r) => r.kind === 'product').length).toBeGreaterThanOrEqual(10);
  });
});

/** Balance of the accounts `from`–`to` at the end of a month (debit positive), straight from the postings. */
const balanceAt = (month: string, from: number, to: number) =>
  postings
    .filter((p) => p.date.slice(0, 7) <= month && p.accountNumber >= from && p.accountNumber <= to)
    .reduce((s, p) => s + p.amount, 0);

const months = monthsBetween('2024-01', '2026-10');

describe('a believable company', () => {
  it('has receivables and supplier debt at every month end, and cash in the bank', () => {
    for (const month of months) {
      expect(balanceAt(month, 1500, 1500), month).toBeGreaterThan(1_000_000_00);
      expect(-balanceAt(month, 2400, 2400), month).toBeGreaterThan(300_000_00);
      expect(balanceAt(month, 1920, 1920), month).toBeGreaterThan(0);
    }
  });

  it('pays customers in 14–45 days and suppliers on their terms', () => {
    const byVoucher = new Map<string, Posting[]>();
    for (const p of postings) byVoucher.set(p.voucher, [...(byVoucher.get(p.voucher) ?? []), p]);
    const invoices: Array<{ customer: string; date: string; amount: number }> = [];
    const payments: Array<{ customer: string; date: string; amount: number }> = [];
    for (const lines of byVoucher.values()) {
      const receivable = lines.find((l) => l.accountNumber === 1500);
      if (!receivable?.customerId) continue;
      const entry = { customer: receivable.customerId, date: receivable.date, amount: Math.abs(receivable.amount) };
      (receivable.amount > 0 ? invoices : payments).push(entry);
    }
    expect(invoices.length).toBeGreaterThan(1000);
    // Each payment settles an invoice of the same customer and amount 14–45 days earlier.
    let matched = 0;
    for (const pay of payments) {
      const i = invoices.findIndex((inv) => {
        const days = (Date.parse(pay.date) - Date.parse(inv.date)) / 86_400_000;
        return inv.customer === pay.customer && inv.amount === pay.amount && days >= 14 && days <= 45;
      });
      if (i >= 0) {
        invoices.splice(i, 1);
        matched += 1;
      }
    }
    expect(matched).toBe(payments.length);
    // What is left unpaid is the last weeks' invoices.
    expect(invoices.every((inv) => inv.date >= '2026-08-15')).toBe(true);
    // Supplier invoices are paid when due: at once (rent), or after 14 or 30 days.
    const bills = postings.filter((p) => p.accountNumber === 2400 && p.amount < 0);
    const paid = postings.filter((p) => p.accountNumber === 2400 && p.amount > 0);
    const terms = new Set<number>();
    for (const pay of paid) {
      const i = bills.findIndex(
        (b) => b.supplierId === pay.supplierId && -b.amount === pay.amount && b.date <= pay.date,
      );
      expect(i, `${pay.supplierId} ${pay.date}`).toBeGreaterThanOrEqual(0);
      terms.add((Date.parse(pay.date) - Date.parse(bills[i]!.date)) / 86_400_000);
      bills.splice(i, 1);
    }
    expect([...terms].sort((a, b) => a - b)).toEqual([0, 14, 30]);
  });

  it('settles VAT, withholding and employer’s tax by two-month term, paid the month after', () => {
    const on = (account: number, description: string) =>
      postings.filter((p) => p.accountNumber === account && p.description === description);
    const vatPaid = on(2740, 'Betalt mva');
    expect(vatPaid.map((p) => p.date.slice(5))).toEqual(
      expect.arrayContaining(['03-10', '05-10', '07-10', '09-10', '11-10', '01-10']),
    );
    expect(vatPaid.every((p) => p.date.endsWith('-10') && Number(p.date.slice(5, 7)) % 2 === 1)).toBe(true);
    const taxes = on(2770, 'Arbeidsgiveravgift termin');
    expect(taxes.every((p) => p.date.endsWith('-15') && Number(p.date.slice(5, 7)) % 2 === 1)).toBe(true);
    // After a term is paid, nothing of it is left owing: withholding and AGA at each term's payment month end
    // are the one month just booked (odd months).
    for (const month of months.filter((m) => Number(m.slice(5)) % 2 === 1 && m > '2024-01')) {
      const booked = postings
        .filter(
          (p) => p.date.slice(0, 7) === month && (p.accountNumber === 2600 || p.accountNumber === 2770) && p.amount < 0,
        )
        .reduce((s, p) => s + p.amount, 0);
      expect(balanceAt(month, 2600, 2600) + balanceAt(month, 2770, 2770), month).toBe(booked);
    }
  });

  it('carries a figure on every statement line, and keeps the invariants', () => {
    const movements = new Map<string, MonthlyMovement>();
    for (const p of postings) {
      const key = `${p.date.slice(0, 7)}:${p.accountNumber}`;
      const m = movements.get(key) ?? { month: p.date.slice(0, 7), accountNumber: p.accountNumber, amount: 0 };
      m.amount += p.amount;
      movements.set(key, m);
    }
    const all = [...movements.values()];
    const year = parsePeriod('2025-01-01', '2025-12-31');
    const history = {
      before: all.filter((m) => m.month < '2025-01'),
      fromMonth: '2025-01',
      movements: all.filter((m) => m.month >= '2025-01'),
    };
    const pl = buildProfitLoss(all, new Map(), year);
    for (const g of pl.total.groups) expect(g.totalAmountOfGroup, g.group).not.toBe(0);
    const bs = buildBalanceSheet(history, new Map(), year);
    const october = bs.months[9]!;
    for (const g of october.groups.filter((x) => x.group !== 'unclassified'))
      expect(g.totalAmountOfGroup, g.group).toBeGreaterThan(0);
    for (const m of bs.months) expect(m.difference, m.month).toBe(0);
    // The year's result moves into equity at the year end: equity grows by the result less the dividend set aside.
    const equity = (m: (typeof bs.months)[number]) => m.totalEquity;
    const dividend = -balanceAt('2025-12', 2800, 2800) + balanceAt('2025-11', 2800, 2800);
    expect(equity(bs.months[11]!) - -balanceAt('2024-12', 2000, 2099)).toBe(pl.total.result - dividend);
    const cf = buildCashFlow(history, year);
    for (const g of cf.total.groups)
      for (const line of g.subItems.filter((l) => l.group !== 'shortTermLoans'))
        expect(line.amount, line.group).not.toBe(0);
    expect(cf.total.openingBalance + cf.total.netChange).toBe(cf.total.closingBalance);
    expect(cf.total.closingBalance).toBe(balanceAt('2025-12', 1900, 1999));
  });
});
