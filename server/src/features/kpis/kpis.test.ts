import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { KpiData } from '@saldo/contract';
import { type KpiId, kpiIds, kpiLibrary } from '@saldo/contract/kpis/kpis';
import { roundHalfAway } from '@saldo/contract/numbers/footing';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { saftConnector } from '../../connectors/saft/saft-connector.ts';
import type { Ranges } from '../../test/by-hand.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { demoLedger } from '../../test/demo-ledger.ts';
import { appWithLedgerBoard } from '../../test/ledger-boards.ts';
import { scaledRatio } from './compute.ts';

/**
 * The KPI library against figures worked out here by hand: the postings summed straight from their
 * source (the SAF-T file read with regular expressions, the demo company from its generator), and
 * each formula written out again from its definition in words, in floating point. Nothing of the
 * engine, the monthly balances or compute.ts is used to make the expected figures.
 */

const FILE = resolve(repoRoot, '../shared/fixtures/saf-t/ExampleFile_SAF-T_Financial_888888888_20180228235959.xml');

/** Debit-positive øre per month and account number. */
type Hand = Map<string, Map<number, number>>;

function add(hand: Hand, month: string, account: number, amount: number) {
  const accounts = hand.get(month) ?? new Map<number, number>();
  accounts.set(account, (accounts.get(account) ?? 0) + amount);
  hand.set(month, accounts);
}

/** The SAF-T file's openings (in its first period, as the import dates them) and lines by their period. */
function saftHand(): Hand {
  const xml = readFileSync(FILE, 'utf8').replace(/<(\/?)n1:/g, '<$1');
  const ore = (s: string | undefined) => (s ? Math.round(Number(s) * 100) : 0);
  const tag = (block: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(block)?.[1];
  const hand: Hand = new Map();
  const ledger = /<GeneralLedgerAccounts>([\s\S]*?)<\/GeneralLedgerAccounts>/.exec(xml)![1]!;
  for (const [, block] of ledger.matchAll(/<Account>([\s\S]*?)<\/Account>/g)) {
    const opening = ore(tag(block!, 'OpeningDebitBalance')) - ore(tag(block!, 'OpeningCreditBalance'));
    if (opening) add(hand, '2017-01', Number(tag(block!, 'AccountID')), opening);
  }
  for (const [, tx] of xml.matchAll(/<Transaction>([\s\S]*?)<\/Transaction>/g)) {
    const month = `${tag(tx!, 'PeriodYear')}-${tag(tx!, 'Period')!.padStart(2, '0')}`;
    for (const [, line] of tx!.matchAll(/<Line>([\s\S]*?)<\/Line>/g)) {
      const debit = /<DebitAmount>[\s\S]*?<Amount>([^<]*)<\/Amount>/.exec(line!)?.[1];
      const credit = /<CreditAmount>[\s\S]*?<Amount>([^<]*)<\/Amount>/.exec(line!)?.[1];
      add(hand, month, Number(tag(line!, 'AccountID')), ore(debit) - ore(credit));
    }
  }
  return hand;
}

function demoHand(): Hand {
  const hand: Hand = new Map();
  for (const p of demoLedger().postings) add(hand, p.period ?? p.date.slice(0, 7), p.accountNumber, p.amount);
  return hand;
}

/** The hand ledger's sums: a flow over months, a balance at a month end, credit ranges turned positive. */
function sums(hand: Hand) {
  const inRanges = (n: number, ranges: Ranges) => ranges.some(([a, b]) => n >= a && n <= b);
  const sum = (accounts: Map<number, number> | undefined, ranges: Ranges) =>
    [...(accounts ?? [])].reduce((s, [n, amount]) => s + (inRanges(n, ranges) ? amount : 0), 0);
  return {
    debit: (ranges: Ranges, months: string[]) => months.reduce((s, m) => s + sum(hand.get(m), ranges), 0),
    credit: (ranges: Ranges, months: string[]) => -months.reduce((s, m) => s + sum(hand.get(m), ranges), 0),
    debitAt: (ranges: Ranges, month: string) =>
      [...hand].filter(([m]) => m <= month).reduce((s, [, accounts]) => s + sum(accounts, ranges), 0),
  };
}

const monthsOf = (from: string, to: string) => {
  const out: string[] = [];
  for (let [y, m] = from.split('-').map(Number) as [number, number]; `${y}-${String(m).padStart(2, '0')}` <= to; ) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    if (++m > 12) [y, m] = [y + 1, 1];
  }
  return out;
};
const yearBefore = (month: string) => `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
const daysOf = (months: string[]) =>
  months.reduce((s, m) => s + new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5)), 0)).getUTCDate(), 0);

/** Ten-thousandths of a quotient, by hand (floating point, half away from zero); null over nothing. */
const q = (numerator: number, denominator: number) =>
  denominator === 0 ? null : roundHalfAway((numerator / denominator) * 10_000);

/** Every KPI over the months, from the definitions in words. */
function expected(hand: Hand, months: string[]): Record<KpiId, number | null> {
  const { debit, credit, debitAt } = sums(hand);
  const end = months[months.length - 1]!;
  const revenue = credit([[3000, 3999]], months);
  const cogs = debit([[4000, 4999]], months);
  const payroll = debit([[5000, 5999]], months);
  const depreciation = debit([[6000, 6099]], months);
  const otherOpex = debit([[6100, 7999]], months);
  const operating = revenue - cogs - payroll - depreciation - otherOpex;
  const financial = credit([[8000, 8199]], months);
  const currentAssets = debitAt([[1400, 1999]], end);
  const inventory = debitAt([[1400, 1499]], end);
  const shortTerm = -debitAt([[2300, 2999]], end);
  const equity = -debitAt(
    [
      [2000, 2099],
      [3000, 8199],
      [8300, 8399],
      [8800, 8999],
    ],
    end,
  );
  const totalAssets = debitAt([[1000, 1999]], end);
  const debt = -debitAt([[2100, 2999]], end);
  const receivables = debitAt(
    [
      [1500, 1559],
      [1580, 1599],
    ],
    end,
  );
  const payables = -debitAt([[2400, 2499]], end);
  const cash = debitAt([[1900, 1999]], end);
  const inventories = months.reduce((s, m) => s + debitAt([[1400, 1499]], m), 0);
  const lastYear = credit([[3000, 3999]], months.map(yearBefore));
  const cashCosts = cogs + payroll + otherOpex;
  return {
    'gross-margin': q(revenue - cogs, revenue),
    'operating-margin': q(operating, revenue),
    ebitda: operating + depreciation,
    'ebitda-margin': q(operating + depreciation, revenue),
    'profit-margin': q(operating + financial, revenue),
    'current-ratio': q(currentAssets, shortTerm),
    'quick-ratio': q(currentAssets - inventory, shortTerm),
    'equity-ratio': q(equity, totalAssets),
    'debt-ratio': q(debt, equity),
    'working-capital': currentAssets - shortTerm,
    dso: q(receivables * daysOf(months), revenue),
    dpo: q(payables * daysOf(months), cogs + otherOpex),
    // Cost of goods for a year over the average month-end inventory.
    'inventory-turnover': q((cogs * 12) / months.length, inventories / months.length),
    'revenue-growth': q(revenue - lastYear, Math.abs(lastYear)),
    'payroll-share': q(payroll, revenue),
    'months-of-cash': cashCosts > 0 ? q(cash, cashCosts / months.length) : null,
  };
}

let t: TestApp;
let token: string;
let saftBoard: string;

beforeAll(async () => {
  const names = { source: 'Eksempel 888888888', board: 'Tøyen' };
  ({ t, token, boardId: saftBoard } = await appWithLedgerBoard(saftConnector({ path: FILE }), names));
});

async function kpi(boardId: string, id: KpiId, query: string): Promise<KpiData> {
  const res = await t.request(`/api/widgets/kpi?groupId=${boardId}&kpi=${id}&${query}`, { token });
  expect(res.status, id).toBe(200);
  return res.json();
}

it('has at least fifteen KPIs, each with a title and a formula in nor and en', () => {
  expect(kpiLibrary.length).toBeGreaterThanOrEqual(15);
  for (const k of kpiLibrary) {
    for (const text of [k.title, k.formula]) {
      expect(text.no.trim(), k.id).not.toBe('');
      expect(text.en.trim(), k.id).not.toBe('');
    }
  }
});

describe('KPIs on the SAF-T example file 888888888 (January–April 2017)', () => {
  const hand = saftHand();
  const months = monthsOf('2017-01', '2017-04');
  const want = expected(hand, months);

  it.each(kpiIds)('%s for the period and each month, as worked out by hand', async (id) => {
    const data = await kpi(saftBoard, id, 'startDate=2017-01-01&endDate=2017-04-30');
    expect(data.value, `${id} for the period`).toBe(want[id]);
    expect(data.months.map((m) => m.month)).toEqual(months);
    for (const m of data.months) expect(m.value, `${id} in ${m.month}`).toBe(expected(hand, [m.month])[id]);
    // Nothing is booked in 2016: nothing to compare with, not even the opening balances of a balance KPI.
    expect(data.comparison).toMatchObject({ startDate: '2016-01-01', endDate: '2016-04-30', bookedMonths: 0 });
    expect(data.comparison!.value, `${id} in 2016`).toBeNull();
    expect(data.change).toBeNull();
  });

  it('gives the figures the file itself states', async () => {
    // Sales 2 316 338.00 and costs 2 001 501.00 (the file's result), no depreciation: EBITDA is the result.
    const ebitda = await kpi(saftBoard, 'ebitda', 'startDate=2017-01-01&endDate=2017-04-30');
    expect(ebitda.value).toBe(231_633_800 - 200_150_100);
    expect(ebitda.parts.map((p) => [p.figure, p.amount])).toEqual([
      ['operatingResult', 31_483_700],
      ['depreciation', 0],
    ]);
    expect(ebitda.formula.no).toContain('Avskrivning og nedskrivning (6000–6099)');
    // The openings and lines of 1920 and 1900 at the end of April, over the costs per month.
    const cash = await kpi(saftBoard, 'months-of-cash', 'startDate=2017-01-01&endDate=2017-04-30');
    expect(cash.parts.find((p) => p.figure === 'cashAndBank')?.amount).toBe(
      sums(hand).debitAt([[1900, 1999]], '2017-04'),
    );
  });
});

describe('KPIs on the demo company', () => {
  const hand = demoHand();

  it.each(kpiIds)('%s for 2025 against 2024, and each month of 2025', async (id) => {
    const data = await kpi(t.boardId, id, 'startDate=2025-01-01&endDate=2025-12-31&compare=lastYear');
    const months = monthsOf('2025-01', '2025-12');
    expect(data.value, id).toBe(expected(hand, months)[id]);
    for (const m of data.months) expect(m.value, `${id} in ${m.month}`).toBe(expected(hand, [m.month])[id]);
    expect(data.comparison!.value, `${id} in 2024`).toBe(expected(hand, monthsOf('2024-01', '2024-12'))[id]);
    expect(data.comparison!.bookedMonths).toBe(12);
    expect(data.change).toBe(
      data.value === null || data.comparison!.value === null ? null : data.value - data.comparison!.value,
    );
  });

  it('computes a year not yet over on its booked months, like for like with the year before', async () => {
    // The demo is booked to October 2026.
    const data = await kpi(t.boardId, 'operating-margin', 'startDate=2026-01-01&endDate=2026-12-31');
    expect(data.lastBookedMonth).toBe('2026-10');
    expect(data.endDate).toBe('2026-10-31');
    expect(data.value).toBe(expected(hand, monthsOf('2026-01', '2026-10'))['operating-margin']);
    expect(data.comparison).toMatchObject({ startDate: '2025-01-01', endDate: '2025-10-31' });
    expect(data.comparison!.value).toBe(expected(hand, monthsOf('2025-01', '2025-10'))['operating-margin']);
    expect(data.months.slice(10).map((m) => m.value)).toEqual([null, null]);
  });

  it('compares with the period just before on request', async () => {
    const data = await kpi(t.boardId, 'current-ratio', 'startDate=2025-04-01&endDate=2025-06-30&compare=previous');
    expect(data.compare).toBe('previous');
    expect(data.comparison!.value).toBe(expected(hand, monthsOf('2025-01', '2025-03'))['current-ratio']);
  });

  it('refuses a KPI that is not in the library', async () => {
    const res = await t.request(`/api/widgets/kpi?groupId=${t.boardId}&kpi=ebit-of-the-moon`, { token });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('VALIDATION_FAILED');
  });
});

describe('the ratio rule', () => {
  it('divides once and rounds half away from zero to ten-thousandths', () => {
    expect(scaledRatio(1, 3)).toBe(3333);
    expect(scaledRatio(2, 3)).toBe(6667);
    expect(scaledRatio(1, 20_000)).toBe(1); // 0.5 → 1
    expect(scaledRatio(-1, 20_000)).toBe(-1); // -0.5 → -1
    expect(scaledRatio(5, 0)).toBeNull();
    // A billion kroner times days, and the scale, stay exact: 456 249,9958… → 456 250.
    expect(scaledRatio(1_234_567_890_123 * 365, 9_876_543_210_987)).toBe(456_250);
  });
});
