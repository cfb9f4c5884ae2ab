import type { KpiData, KpiTerm, PostingsPage } from '@saldo/contract';
import { type KpiId, kpiIds } from '@saldo/contract/kpis/kpis';
import { roundHalfAway } from '@saldo/contract/numbers/footing';
import { endOfMonth, shiftMonths } from '@saldo/contract/period/range';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { scaledRatio } from './compute.ts';
import { daysIn } from './figures.ts';

// A KPI's drill-down: the postings GET /api/postings lists for each of its terms (the fields
// `saldo-drill` carries: accounts, sign, balance, the period, a year earlier for revenue growth) add up
// to the amount the KPI route reports for that term, and the terms make the KPI's value. On the demo
// company, for 2025 against 2024 and for a month.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
});

async function get<T>(path: string): Promise<T> {
  const res = await t.request(path, { token });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return res.json();
}

const kpi = (id: KpiId, from: string, to: string) =>
  get<KpiData>(`/api/widgets/kpi?groupId=${t.boardId}&kpi=${id}&startDate=${from}&endDate=${to}&compare=lastYear`);

/** What the drill-down of a term shows as its figure: `sign` × the postings, a balance with its opening balance. */
async function drilled(term: KpiTerm, from: string, to: string): Promise<number> {
  const q = new URLSearchParams({
    groupId: t.boardId,
    account: term.accounts,
    from: term.monthsEarlier ? shiftMonths(from, -term.monthsEarlier) : from,
    to: term.monthsEarlier ? endOfMonth(shiftMonths(to, -term.monthsEarlier)) : to,
    pageSize: '1',
  });
  if (term.balance) q.set('balance', 'true');
  const page = await get<PostingsPage>(`/api/postings?${q}`);
  // || 0: no postings of a credit figure are -0 here, 0 in the route.
  return term.sign * (page.sum + (term.balance ? (page.openingBalance ?? 0) : 0)) || 0;
}

const monthRange = (month: string) => ({ from: `${month}-01`, to: endOfMonth(`${month}-01`) });
const monthsOf = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);

/** The KPI's value from its terms, by the formulas in words (kpis.ts): the terms are what the value is made of. */
function fromTerms(id: KpiId, [a, b]: number[], months: string[]): number | null {
  const n = a!;
  const d = b!;
  switch (id) {
    case 'ebitda':
    case 'working-capital':
      return n;
    case 'dso':
    case 'dpo':
      return scaledRatio(n * daysIn(months), d);
    case 'revenue-growth':
      return scaledRatio(n - d, Math.abs(d));
    case 'months-of-cash':
      return d > 0 ? scaledRatio(n * months.length, d) : null;
    case 'inventory-turnover':
      // Over the average month-end inventory: its rounding to øre may move the last digit.
      return null;
    default:
      return scaledRatio(n, d);
  }
}

describe('KPI drill-down on the demo company', () => {
  it.each(kpiIds)('%s: each term’s postings add up to its amount, for 2025, 2024 and February 2025', async (id) => {
    const data = await kpi(id, '2025-01-01', '2025-12-31');
    expect(data.terms.length, id).toBe(data.unit === 'amount' ? 1 : 2);
    const feb = data.months.find((m) => m.month === '2025-02')!;
    for (const [i, term] of data.terms.entries()) {
      const what = `${id} ${term.role}`;
      // The month's average of one month end is its balance; the period's average is checked below.
      if (!term.average) {
        expect(await drilled(term, data.startDate, data.endDate), `${what} 2025`).toBe(term.amount);
        expect(
          await drilled(term, data.comparison!.startDate, data.comparison!.endDate),
          `${what} ${data.comparison!.startDate}`,
        ).toBe(data.comparison!.terms[i]);
      }
      expect(await drilled(term, monthRange('2025-02').from, monthRange('2025-02').to), `${what} 2025-02`).toBe(
        feb.terms[i],
      );
    }
    if (id !== 'inventory-turnover') {
      expect(
        fromTerms(
          id,
          data.terms.map((x) => x.amount),
          monthsOf(2025),
        ),
        `${id} 2025`,
      ).toBe(data.value);
      expect(fromTerms(id, data.comparison!.terms, monthsOf(2024)), `${id} 2024`).toBe(data.comparison!.value);
      expect(fromTerms(id, feb.terms, ['2025-02']), `${id} 2025-02`).toBe(feb.value);
    }
  });

  it('EBITDA, working capital and both terms of the operating margin, as the element shows them', async () => {
    const ebitda = await kpi('ebitda', '2025-01-01', '2025-12-31');
    expect(ebitda.value).not.toBe(0);
    expect(await drilled(ebitda.terms[0]!, '2025-01-01', '2025-12-31')).toBe(ebitda.value);
    const working = await kpi('working-capital', '2025-01-01', '2025-12-31');
    expect(working.terms[0]).toMatchObject({ accounts: '1400-1999,2300-2999', sign: 1, balance: true });
    expect(await drilled(working.terms[0]!, '2025-01-01', '2025-12-31')).toBe(working.value);
    // At a month end: the opening balance at 1 June and June's postings.
    const june = working.months.find((m) => m.month === '2025-06')!;
    expect(await drilled(working.terms[0]!, '2025-06-01', '2025-06-30')).toBe(june.value);
    const margin = await kpi('operating-margin', '2025-01-01', '2025-12-31');
    const [result, revenue] = margin.terms;
    expect([result!.label.no, revenue!.label.no]).toEqual([
      'Driftsresultat (3000–7999)',
      'Sum driftsinntekter (3000–3999)',
    ]);
    const [n, d] = [
      await drilled(result!, '2025-01-01', '2025-12-31'),
      await drilled(revenue!, '2025-01-01', '2025-12-31'),
    ];
    expect(d).toBeGreaterThan(0);
    expect([n, d]).toEqual([result!.amount, revenue!.amount]);
    expect(scaledRatio(n, d)).toBe(margin.value);
  });

  it('inventory turnover: the average inventory is the mean of the month-end balances the drill-down shows', async () => {
    const data = await kpi('inventory-turnover', '2025-01-01', '2025-12-31');
    const inventory = data.terms[1]!;
    expect(inventory).toMatchObject({ average: true, balance: true, accounts: '1400-1499' });
    let sum = 0;
    for (const month of monthsOf(2025)) sum += await drilled(inventory, monthRange(month).from, monthRange(month).to);
    expect(sum).not.toBe(0);
    expect(inventory.amount).toBe(roundHalfAway(sum / 12));
  });
});
