import type { Observation } from '@saldo/contract';
import { uncitedNumbers } from '@saldo/contract/observations/cited-numbers';
import { describe, expect, it } from 'vitest';
import { Figures } from '../../ledger/figures.ts';
import type { LedgerSums } from '../../ledger/sums.ts';
import { type ObservationInput, proposeObservations } from './rules.ts';

/**
 * The rules on crafted ledgers: each fires where its figures cross its line and stays quiet where
 * they do not. A ledger here is account sums per month (debit positive, øre), as the sync keeps them.
 */

type Month = Record<number, number>;
const NOW = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];
const BEFORE = ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06'];

/** Each month of both periods with the same accounts, `now` changing the months of 2026. */
function input(
  base: Month,
  now: Month = base,
  opening: Month = {},
  special: Record<string, Month> = {},
  parties: ObservationInput['parties'] = { customer: [], supplier: [] },
): ObservationInput {
  const months = new Map<string, Map<number, number>>();
  for (const m of BEFORE) months.set(m, new Map(Object.entries(base).map(([k, v]) => [Number(k), v])));
  for (const m of NOW) months.set(m, new Map(Object.entries(special[m] ?? now).map(([k, v]) => [Number(k), v])));
  const sums: LedgerSums = {
    first: '2025-01',
    before: new Map(Object.entries(opening).map(([k, v]) => [Number(k), v])),
    months,
  };
  const total = (ms: string[]) => {
    const out = new Map<number, number>();
    for (const m of ms)
      for (const [a, v] of months.get(m)!) if (a >= 3000 && a <= 8399) out.set(a, (out.get(a) ?? 0) + v);
    return out;
  };
  return {
    compare: 'lastYear',
    period: { startDate: '2026-01-01', endDate: '2026-06-30', months: NOW },
    comparison: { startDate: '2025-01-01', endDate: '2025-06-30', months: BEFORE, bookedMonths: BEFORE.length },
    figures: new Figures(sums),
    accounts: { now: total(NOW), before: total(BEFORE) },
    accountNames: new Map([['5000', { no: 'Lønn til ansatte', en: 'Salaries' }]]),
    parties,
  };
}

/** A month of a steady company: sales 1 000 000 kr, goods 400 000, salaries 300 000, paid from the bank. */
const STEADY: Month = { 3000: -100_000_000, 4300: 40_000_000, 5000: 30_000_000, 1920: 30_000_000 };
const rules = (os: Observation[]) => os.map((o) => o.id);
/** A sentence with its no-break spaces as spaces, to compare with the text written here. */
const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');

describe('proposeObservations', () => {
  it('says nothing of a company whose months are all alike', () => {
    expect(proposeObservations(input(STEADY))).toEqual([]);
  });

  it('tells a line and an account that grew past both thresholds, largest first, with their figures', () => {
    // Salaries +15 %: the operating margin moves 4,5 points, under the margin rule's 5.
    const os = proposeObservations(input(STEADY, { ...STEADY, 5000: 34_500_000 }));
    expect(rules(os)).toEqual(['line-change:line:payroll', 'account-change:account:5000']);
    const [line, account] = os;
    expect(plain(line!.text.no)).toBe(
      'Lønnskostnad økte med 15,0 % fra 1 800 000 kr til 2 070 000 kr mot samme periode i fjor.',
    );
    expect(plain(account!.text.en)).toBe(
      'Account 5000 (Salaries) rose by 15,0 % from NOK 1 800 000 to NOK 2 070 000 against the same period last year.',
    );
    expect(line!.figures.map((f) => f.value)).toEqual([207_000_000, 180_000_000, 150]);
    expect(line!.figures[0]!.drill).toEqual({ statement: 'profit', line: 'payroll' });
  });

  it('stays quiet about a change under 10 %, or one under 2 % of revenue', () => {
    expect(proposeObservations(input(STEADY, { ...STEADY, 5000: 32_900_000 }))).toEqual([]);
    // +50 % on a small line: 1 500 kr a month against 1 000 000 kr of sales.
    const small = { ...STEADY, 6800: 300_000 };
    expect(proposeObservations(input(small, { ...small, 6800: 450_000 }))).toEqual([]);
  });

  it('tells an operating margin that turned negative, and not the same margin moving a point', () => {
    const loss = { ...STEADY, 5000: 65_000_000 };
    const os = proposeObservations(input(STEADY, loss));
    const margin = os.find((o) => o.id === 'margin:operating-margin');
    expect(plain(margin?.text.no)).toBe(
      'Driftsmargin ble negativ: -5,0 % mot samme periode i fjor, da den var 30,0 %.',
    );
    const nudge = proposeObservations(input(STEADY, { ...STEADY, 5000: 31_000_000 }));
    expect(nudge.filter((o) => o.rule === 'margin')).toEqual([]);
  });

  it('warns of a current ratio under 1 at the period end, newly, and not of one above', () => {
    // Opening: 1 000 000 kr in the bank, 800 000 kr of short-term debt; the months spend the bank.
    const opening = { 1920: 100_000_000, 2400: -80_000_000 };
    const spend = { ...STEADY, 1920: -5_000_000, 2400: 0, 8050: 0 };
    const os = proposeObservations(input({ ...STEADY, 1920: 0 }, spend, opening));
    const liquidity = os.find((o) => o.id === 'liquidity:current-ratio');
    // 1 000 000 kr less 50 000 a month for six: 700 000 against 800 000 of debt.
    expect(liquidity?.figures.map((f) => f.shown.no)).toEqual(['0,9', '1,0', '1,3']);
    expect(plain(liquidity?.text.no)).toBe(
      'Likviditetsgrad 1 er 0,9 ved periodens slutt, under 1,0; den var 1,3 mot samme periode i fjor.',
    );
    expect(proposeObservations(input(STEADY, STEADY, opening)).filter((o) => o.rule === 'liquidity')).toEqual([]);
  });

  it('finds a month far from the usual one', () => {
    const os = proposeObservations(input(STEADY, STEADY, {}, { '2026-04': { ...STEADY, 3000: -160_000_000 } }));
    const unusual = os.filter((o) => o.rule === 'unusual-month');
    expect(unusual.map((o) => o.id)).toEqual(['unusual-month:2026-04']);
    expect(plain(unusual[0]!.text.en)).toBe(
      "Total operating income in Apr 2026 was NOK 1 600 000, against NOK 1 000 000 in the period's usual month (the median).",
    );
  });

  it('tells a large customer lost and a supplier gained, and not a small one or one still there', () => {
    const os = proposeObservations(
      input(
        STEADY,
        STEADY,
        {},
        {},
        {
          customer: [
            { key: '911111111', name: 'Havbris AS', now: 0, before: 45_000_000 },
            { key: 's:7', name: 'Liten Kunde', now: 0, before: 9_000_000 },
            { key: '922222222', name: 'Fast Kunde AS', now: 30_000_000, before: 28_000_000 },
          ],
          supplier: [{ key: '933333333', name: 'Nytt Lager AS', now: 20_000_000, before: 0 }],
        },
      ),
    );
    expect(rules(os)).toEqual(['customer-lost:911111111', 'supplier-gained:933333333']);
    expect(plain(os[0]!.text.no)).toBe(
      'Kunden Havbris AS kjøpte for 450 000 kr i samme periode i fjor, men ingenting i perioden.',
    );
    expect(plain(os[1]!.text.en)).toBe(
      'New supplier: Nytt Lager AS invoiced NOK 200 000 in this period, and nothing in the same period last year.',
    );
    expect(os[0]!.figures.map((f) => [f.value, f.startDate])).toEqual([
      [0, '2026-01-01'],
      [45_000_000, '2025-01-01'],
    ]);
  });

  it('compares nothing with a comparison that has no booked month, and still tells the period’s own signals', () => {
    // Every rule has something to tell: lines and a margin moved, a customer lost, a supplier new, a
    // month unusual, liquidity under its floor.
    const opening = { 1920: 100_000_000, 2400: -80_000_000 };
    const spend = { ...STEADY, 5000: 65_000_000, 1920: -5_000_000, 2400: 0 };
    const parties = {
      customer: [{ key: 'k', name: 'Havbris AS', now: 0, before: 45_000_000 }],
      supplier: [{ key: 's', name: 'Nytt Lager AS', now: 20_000_000, before: 0 }],
    };
    const special = { '2026-04': { ...spend, 3000: -160_000_000 } };
    const full = input({ ...STEADY, 1920: 0 }, spend, opening, special, parties);
    const told = new Set(proposeObservations(full).map((o) => o.rule));
    expect([...told].sort()).toEqual([
      'account-change',
      'customer-lost',
      'line-change',
      'liquidity',
      'margin',
      'supplier-gained',
      'unusual-month',
    ]);
    const unbooked = proposeObservations({ ...full, comparison: { ...full.comparison, bookedMonths: 0 } });
    expect(unbooked.map((o) => o.rule)).toEqual(['liquidity', 'unusual-month']);
  });

  it('writes no number in a sentence that its figures do not show', () => {
    const os = proposeObservations(input(STEADY, { ...STEADY, 5000: 65_000_000, 3000: -130_000_000 }));
    expect(os.length).toBeGreaterThan(2);
    for (const o of os)
      for (const lang of ['no', 'en'] as const)
        expect(
          uncitedNumbers(
            o.text[lang],
            o.figures.flatMap((f) => [f.shown[lang], f.label[lang], f.startDate, f.endDate]),
          ),
        ).toEqual([]);
  });
});
