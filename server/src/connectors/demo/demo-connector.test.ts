import { describe, expect, it } from 'vitest';
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
    const result2025 = -sum((p) => p.date.startsWith('2025') && p.accountNumber >= 3000);
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
