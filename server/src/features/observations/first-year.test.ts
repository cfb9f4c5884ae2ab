import type { Observations } from '@saldo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LedgerRecord } from '../../connectors/types.ts';
import { boardThroughApi, getOk, ledgerOf, type SignedIn, signedInApp } from '../../test/ledger-boards.ts';

/**
 * A company in its first year (its books start in January 2025, with opening balances): against last
 * year, or the half year before its first, there is nothing booked to compare with. Its customer and
 * supplier are no "new" ones, and no change is told against an empty period; what holds without a
 * comparison (liquidity under its floor, an unusual month) is still told.
 */

let app: SignedIn;
let boardId: string;

const kr = (n: number) => n * 100;
const MONTHS = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => {
  app = await signedInApp();
  const post = (month: string, voucher: string, lines: Array<[number, number, Partial<LedgerRecord>?]>) =>
    lines.map(
      ([accountNumber, amount, party]) =>
        ({ kind: 'posting', date: `${month}-15`, voucher, accountNumber, amount, ...party }) as LedgerRecord,
    );
  const records: LedgerRecord[] = [
    { kind: 'customer', id: 'K1', name: 'Havbris AS' },
    { kind: 'supplier', id: 'L1', name: 'Fjordlager AS' },
    // 1 000 000 kr in the bank, 900 000 kr of short-term debt: a current ratio of 1,1 at the start.
    { kind: 'opening', date: '2025-01-01', accountNumber: 1920, amount: kr(1_000_000) },
    { kind: 'opening', date: '2025-01-01', accountNumber: 2400, amount: kr(-900_000) },
    { kind: 'opening', date: '2025-01-01', accountNumber: 2050, amount: kr(-100_000) },
    // Each month sales of 100 000 kr (300 000 in April) to one customer, goods of 60 000 kr from one
    // supplier and salaries of 70 000 kr: a loss of 160 000 kr over the year, paid from the bank.
    ...MONTHS.flatMap((m, i) => {
      const sales = kr(m === '2025-04' ? 300_000 : 100_000);
      return [
        ...post(m, `S${i}`, [
          [3000, -sales, { customerId: 'K1' }],
          [1920, sales],
        ]),
        ...post(m, `G${i}`, [
          [4300, kr(60_000), { supplierId: 'L1' }],
          [1920, kr(-60_000)],
        ]),
        ...post(m, `P${i}`, [
          [5000, kr(70_000)],
          [1920, kr(-70_000)],
        ]),
      ];
    }),
  ];
  boardId = await boardThroughApi(app, 'Førsteår AS', ledgerOf(records));
});

const observationsOf = (query: string) => getOk<Observations>(app, '/api/observations', `groupId=${boardId}&${query}`);

describe('observations of a company in its first year', () => {
  it('proposes no comparison against last year, which has no booked month, but the liquidity and unusual month', async () => {
    const answer = await observationsOf('startDate=2025-01-01&endDate=2025-12-31&compare=lastYear');
    expect(answer.comparison).toEqual({ startDate: '2024-01-01', endDate: '2024-12-31' });
    expect(answer.observations.map((o) => o.id)).toEqual([
      'liquidity:current-ratio',
      'liquidity:equity-ratio',
      'unusual-month:2025-04',
    ]);
    // 1 000 000 kr less 160 000 against 900 000 of debt, at the year's end.
    const current = answer.observations[0]!;
    expect(current.figures.map((f) => [f.ref, f.endDate, f.shown.no])).toEqual([
      ['kpi:current-ratio', '2025-12-31', '0,9'],
      ['threshold:current-ratio', '2025-12-31', '1,0'],
      // Last year's end is the file's opening balances: the balance it stood at, a true figure.
      ['kpi:current-ratio', '2024-12-31', '1,1'],
    ]);
    expect(current.figures[0]!.value).toBe(Math.round((840_000 / 900_000) * 10_000));
    expect(answer.observations[2]!.figures.map((f) => f.value)).toEqual([kr(300_000), kr(100_000)]);
  });

  it('compares with a previous half year that is booked, and not with the one before the books start', async () => {
    const second = await observationsOf('startDate=2025-07-01&endDate=2025-12-31&compare=previous');
    // The first half had April's 300 000 kr of sales: revenue fell by 2/9 against it.
    expect(second.observations.map((o) => o.id)).toContain('line-change:line:salesRevenue');
    const first = await observationsOf('startDate=2025-01-01&endDate=2025-06-30&compare=previous');
    expect(first.comparison).toEqual({ startDate: '2024-07-01', endDate: '2024-12-31' });
    expect(first.observations.filter((o) => /change|gained|lost|margin/.test(o.rule))).toEqual([]);
    expect(first.observations.map((o) => o.id)).toContain('unusual-month:2025-04');
  });
});
