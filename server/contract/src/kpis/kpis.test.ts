import { describe, expect, it } from 'vitest';
import {
  figureAccounts,
  figureLabel,
  figures,
  formatKpi,
  KPI_SCALE,
  kpiDefinition,
  kpiLibrary,
  kpiNumber,
  kpiTerms,
  ratioOperandText,
} from './kpis.ts';

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

describe('what each KPI drills into', () => {
  it('makes an amount one term and a ratio two, each one list of postings of figures of one kind', () => {
    for (const k of kpiLibrary) {
      const terms = kpiTerms(k);
      expect(
        terms.map((t) => t.role),
        k.id,
      ).toEqual(k.unit === 'amount' ? ['value'] : ['numerator', 'denominator']);
      for (const term of terms) {
        const ids = [...term.sum.add, ...(term.sum.subtract ?? [])];
        // A flow and a balance added up would be neither; the drill-down lists one period's postings.
        expect(new Set(ids.map((id) => figures[id].kind)).size, `${k.id} ${term.role}`).toBe(1);
        expect(term.accounts, `${k.id} ${term.role}`).toMatch(/^\d+-\d+(,\d+-\d+)*$/);
      }
    }
  });

  it('takes the accounts from the figures, overlaps cancelled, in the sign they count with', () => {
    const pick = (id: Parameters<typeof kpiDefinition>[0]) =>
      kpiTerms(kpiDefinition(id)).map(({ role, accounts, sign, balance, monthsEarlier, average }) => ({
        role,
        accounts,
        sign,
        balance,
        monthsEarlier,
        average,
      }));
    const plain = { monthsEarlier: 0, average: false };
    expect(pick('ebitda')).toEqual([
      { role: 'value', accounts: '3000-5999,6100-7999', sign: -1, balance: false, ...plain },
    ]);
    // Current assets less current liabilities: the debt's credit balance counts against the assets.
    expect(pick('working-capital')).toEqual([
      { role: 'value', accounts: '1400-1999,2300-2999', sign: 1, balance: true, ...plain },
    ]);
    expect(pick('quick-ratio')).toEqual([
      { role: 'numerator', accounts: '1500-1999', sign: 1, balance: true, ...plain },
      { role: 'denominator', accounts: '2300-2999', sign: -1, balance: true, ...plain },
    ]);
    expect(pick('operating-margin')).toEqual([
      { role: 'numerator', accounts: '3000-7999', sign: -1, balance: false, ...plain },
      { role: 'denominator', accounts: '3000-3999', sign: -1, balance: false, ...plain },
    ]);
    expect(pick('revenue-growth')[1]).toEqual({
      role: 'denominator',
      accounts: '3000-3999',
      sign: -1,
      balance: false,
      monthsEarlier: 12,
      average: false,
    });
    expect(pick('inventory-turnover')[1]).toMatchObject({ accounts: '1400-1499', balance: true, average: true });
    expect(kpiTerms(kpiDefinition('working-capital'))[0]!.label.no).toBe(
      'Sum omløpsmidler (1400–1999) − Kortsiktig gjeld (2300–2999)',
    );
    expect(kpiTerms(kpiDefinition('dpo'))[1]!.label.en).toBe(
      'Cost of goods (4000–4999) + Other operating expenses (6100–7999)',
    );
  });
});
