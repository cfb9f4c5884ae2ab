import { describe, expect, it } from 'vitest';
import {
  actualsYear,
  cellOre,
  gridBody,
  gridRows,
  monthTotals,
  newRow,
  percentText,
  rowTotal,
  yearChoices,
} from './budget-grid';

const NBSP = '\u00a0';
const months = (first: number, rest = 0) => [first, ...Array.from({ length: 11 }, () => rest)];

describe('the budget grid', () => {
  const year = {
    rows: [
      {
        target: '3000',
        kind: 'account' as const,
        title: { no: 'Salg', en: 'Sales' },
        months: months(125_000_000, 100_000_050),
      },
      {
        target: 'payroll',
        kind: 'line' as const,
        title: { no: 'Lønnskostnad', en: 'Payroll' },
        months: months(-40_000_000),
      },
    ],
  };

  it('shows saved øre as kroner and saves the kroner typed as øre', () => {
    const rows = gridRows(year);
    expect(rows[0]!.cells.slice(0, 2)).toEqual([`1${NBSP}250${NBSP}000`, `1${NBSP}000${NBSP}000,50`]);
    expect(rows[1]!.cells[0]).toBe(`-400${NBSP}000`);
    rows[1]!.cells[1] = '-410 000,5';
    rows[1]!.cells[2] = '';
    const saved = gridBody(rows, 2026);
    expect(saved).toEqual({
      ok: true,
      body: {
        year: 2026,
        rows: [
          { target: '3000', months: months(125_000_000, 100_000_050) },
          { target: 'payroll', months: [-40_000_000, -41_000_050, ...Array.from({ length: 10 }, () => 0)] },
        ],
      },
    });
  });

  it('sums rows and months, and names the cells that are no amount', () => {
    const rows = gridRows(year);
    expect(rowTotal(rows[1]!)).toBe(-40_000_000);
    expect(monthTotals(rows).months[0]).toBe(125_000_000 - 40_000_000);
    expect(monthTotals(rows).year).toBe(125_000_000 + 11 * 100_000_050 - 40_000_000);
    // A balance account's row is a movement of the balance sheet: no part of the budgeted result.
    const bank = newRow('1920', rows);
    if (typeof bank === 'string') throw new Error(bank);
    bank.cells[0] = '1000';
    expect(monthTotals([...rows, bank]).months[0]).toBe(125_000_000 - 40_000_000);
    rows[0]!.cells[3] = 'tolv';
    expect(cellOre('tolv')).toBeNull();
    expect(rowTotal(rows[0]!)).toBeNull();
    expect(monthTotals(rows).months[3]).toBeNull();
    expect(monthTotals(rows).year).toBeNull();
    expect(gridBody(rows, 2026)).toEqual({ ok: false, invalid: [[0, 3]] });
  });

  it('adds an account or P&L line once, nothing else', () => {
    const rows = gridRows(year);
    expect(newRow('5000', rows)).toMatchObject({ target: '5000', kind: 'account', title: null });
    expect(newRow('Annen driftskostnad', rows)).toMatchObject({ target: 'otherOperatingExpenses', kind: 'line' });
    expect(newRow('Lønnskostnad', rows)).toBe('duplicate');
    expect(newRow('3000', rows)).toBe('duplicate');
    expect(newRow('8800', rows)).toBe('invalid');
    expect(newRow('1920', rows)).toMatchObject({ target: '1920' });
    expect(newRow('hva som helst', rows)).toBe('invalid');
  });

  it('offers the years with data and the next one, and every year with a budget', () => {
    // A company whose books are 2020, seen in 2026: 2020 and 2021, not 2025–2027.
    expect(yearChoices([2020], [], 2026)).toEqual([2020, 2021]);
    expect(yearChoices([2024, 2025, 2026], [2023], 2026)).toEqual([2023, 2024, 2025, 2026, 2027]);
    // No books yet: this year and the next; the year shown is always offered.
    expect(yearChoices([], [], 2026, 2030)).toEqual([2026, 2027, 2030]);
  });

  it('fills from the year before where it has data, else the latest year with data', () => {
    expect(actualsYear(2021, [2020])).toBe(2020);
    expect(actualsYear(2020, [2020])).toBe(2020);
    expect(actualsYear(2026, [2024, 2025, 2026])).toBe(2025);
    expect(actualsYear(2019, [2020])).toBe(2020);
    expect(actualsYear(2026, [])).toBeNull();
    expect(['5', '-2,5', '−3', '', '1001', '2,345', 'ti'].map(percentText)).toEqual([
      '5',
      '-2,5',
      '-3',
      '0',
      null,
      null,
      null,
    ]);
  });
});
