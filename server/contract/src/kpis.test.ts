import { describe, expect, it } from 'vitest';
import { figureAccounts, figureLabel, formatKpi, KPI_SCALE, kpiLibrary, kpiNumber, ratioOperandText } from './kpis.ts';

describe('KPI values on screen', () => {
  it('writes amounts in whole kroner and everything else with one decimal', () => {
    expect(formatKpi(123_456_789, 'amount')).toBe('1\u00a0234\u00a0568');
    expect(formatKpi(-150, 'amount')).toBe('-2');
    expect(formatKpi(4123, 'percent')).toBe('41,2\u00a0%');
    expect(formatKpi(4125, 'percent')).toBe('41,3\u00a0%');
    expect(formatKpi(-4125, 'percent')).toBe('-41,3\u00a0%');
    expect(formatKpi(20_000, 'ratio')).toBe('2,0');
    expect(formatKpi(15_312, 'ratio')).toBe('1,5');
    expect(formatKpi(452_500, 'days', 'nor')).toBe('45,3\u00a0dager');
    expect(formatKpi(452_500, 'days', 'en')).toBe('45,3\u00a0days');
    expect(formatKpi(71_000, 'months', 'en')).toBe('7,1\u00a0months');
    expect(formatKpi(147_000, 'times')).toBe('14,7\u00a0ganger');
    expect(formatKpi(null, 'percent')).toBe('–');
    expect(formatKpi(500, 'percent', 'nor', true)).toBe('+5,0\u00a0%');
    expect(formatKpi(10_000, 'ratio', 'nor', true)).toBe('+1,0');
  });

  it('reads the scale as the unit says', () => {
    expect(kpiNumber(4123, 'percent')).toBeCloseTo(41.23);
    expect(kpiNumber(KPI_SCALE, 'ratio')).toBe(1);
    expect(kpiNumber(12_345, 'amount')).toBe(123.45);
  });
});

describe('the library', () => {
  it('has unique ids and names every input in its formula by its accounts', () => {
    expect(new Set(kpiLibrary.map((k) => k.id)).size).toBe(kpiLibrary.length);
    for (const k of kpiLibrary)
      for (const input of k.inputs) {
        // The formula names the accounts of each figure it reads (equity by its own accounts).
        const first = figureAccounts(input).split(', ')[0]!.split('–')[0]!;
        expect(`${k.formula.no} ${k.formula.en}`, `${k.id}: ${input}`).toContain(first);
      }
  });

  it('labels figures and ratio operands in both languages', () => {
    expect(figureLabel('tradeReceivables', 'nor')).toBe('Kundefordringer (1500–1559, 1580–1599)');
    expect(figureLabel('costOfGoods', 'en')).toBe('Cost of goods (4000–4999)');
    expect(ratioOperandText({ from: '3xxx', to: '3xxx' }, 'nor')).toBe('3xxx–3xxx');
    expect(ratioOperandText({ line: 'equity' }, 'en')).toBe('Total equity (with the result not yet closed)');
  });
});
