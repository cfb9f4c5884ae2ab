import type { ProfitLossReport } from '@saldo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoPeriod } from '../../connectors/demo/demo-company.ts';
import { generateDemoLedger } from '../../connectors/demo/demo-connector.ts';
import { createTestApp, TEST_TODAY, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
});

const postings = generateDemoLedger({ seed: 4102, ...demoPeriod(TEST_TODAY) }).filter(
  (r): r is Extract<typeof r, { kind: 'posting' }> => r.kind === 'posting',
);
const sumLedger = (from: number, to: number, month: string) =>
  postings
    .filter((p) => p.accountNumber >= from && p.accountNumber <= to && p.date.startsWith(month))
    .reduce((s, p) => s + p.amount, 0);

async function profitLoss(startDate: string, endDate: string): Promise<ProfitLossReport> {
  const res = await t.request(`/api/profit-loss?groupId=${t.boardId}&startDate=${startDate}&endDate=${endDate}`, {
    token,
  });
  expect(res.status).toBe(200);
  return res.json();
}

describe('GET /api/profit-loss', () => {
  it('answers months → groups → subItems with en/no titles', async () => {
    const report = await profitLoss('2025-01-01', '2025-12-31');
    expect(report.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`),
    );
    const sales = report.months[0]!.groups.find((g) => g.group === 'salesRevenue')!;
    expect(sales.groupTitle).toEqual({ no: 'Salgsinntekt', en: 'Sales revenue' });
    expect(sales.subItems.map((s) => s.number)).toEqual([3000, 3100]);
    expect(sales.subItems[0]!.title).toEqual({ no: 'Salgsinntekt, avgiftspliktig', en: 'Sales revenue, taxable' });
    expect(sales.totalAmountOfGroup).toBe(sales.subItems.reduce((s, i) => s + i.amount, 0));
  });

  it('matches the ledger month by month, in report sign', async () => {
    const report = await profitLoss('2025-01-01', '2025-12-31');
    for (const month of report.months) {
      const group = (id: string) => month.groups.find((g) => g.group === id)!.totalAmountOfGroup;
      expect(group('salesRevenue')).toBe(-sumLedger(3000, 3399, month.month));
      expect(group('payroll')).toBe(-sumLedger(5000, 5999, month.month));
      expect(month.operatingResult).toBe(-sumLedger(3000, 7999, month.month));
      expect(month.result).toBe(-sumLedger(3000, 8399, month.month));
    }
  });

  it('keeps the invariant: the result equals the change in equity from it (the balance-sheet side of every voucher)', async () => {
    const report = await profitLoss('2024-01-01', '2026-10-31');
    // The year-end closing moves the result to equity through 8800–8999: counted with the balance-sheet side.
    const balanceSheetMovement = postings
      .filter((p) => p.accountNumber < 3000 || (p.accountNumber >= 8800 && p.accountNumber <= 8999))
      .reduce((s, p) => s + p.amount, 0);
    expect(report.total.result).toBe(balanceSheetMovement);
    expect(report.total.result).toBe(report.months.reduce((s, m) => s + m.result, 0));
    for (const group of report.total.groups) {
      const monthly = report.months.reduce(
        (s, m) => s + m.groups.find((g) => g.group === group.group)!.totalAmountOfGroup,
        0,
      );
      expect(group.totalAmountOfGroup).toBe(monthly);
    }
  });

  it('answers all-zero months for a period without postings', async () => {
    const report = await profitLoss('2019-01-01', '2019-03-31');
    expect(report.months).toHaveLength(3);
    expect(report.total.result).toBe(0);
    expect(report.total.groups.every((g) => g.subItems.length === 0)).toBe(true);
  });

  it('refuses invalid dates and ranges over ten years', async () => {
    for (const q of [
      'startDate=2025-02-30&endDate=2025-12-31',
      'startDate=2000-01-01&endDate=2025-12-31',
      'startDate=x&endDate=y',
    ]) {
      const res = await t.request(`/api/profit-loss?groupId=${t.boardId}&${q}`, { token });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('INVALID_DATE_RANGE');
    }
  });
});
