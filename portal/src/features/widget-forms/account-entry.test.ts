import { describe, expect, it } from 'vitest';
import { storedRatio } from '../../test/fixtures';
import {
  accountEntryError,
  addAccount,
  chipsToRange,
  customFormValues,
  customWidgetBody,
  enoughApis,
  RANGE_MAX_CHIPS,
  rangeToChips,
  shouldSearch,
} from './account-entry';

const patterns = { patterns: true, max: RANGE_MAX_CHIPS };
const numbers = { patterns: false, max: 200 };

describe('account entry', () => {
  it("takes the spec's pattern: four digits or x, not starting with 0 or x", () => {
    for (const ok of ['3000', '3xxx', '30xx', '1x0x', '9999']) expect(accountEntryError(ok, [], patterns)).toBeNull();
    for (const bad of ['0300', 'x300', '300', '30000', '3a00', '30-0', 'xxxx', '3 00'])
      expect(accountEntryError(bad, [], patterns), bad).toBe('invalid');
  });
  it('reads a capital X as x and ignores spaces around', () => {
    expect(addAccount(' 3XXX ', [], patterns)).toEqual({ chips: ['3xxx'], error: null });
  });
  it('refuses duplicates, even typed differently', () => {
    expect(addAccount('3XXX', ['3xxx'], patterns)).toEqual({ chips: ['3xxx'], error: 'duplicate' });
  });
  it('stops at the maximum', () => {
    expect(addAccount('5000', ['3000', '3999'], patterns).error).toBe('full');
    expect(accountEntryError('', [], patterns)).toBe('empty');
  });
  it('takes only digits where patterns are not allowed (consolidation deductions)', () => {
    expect(accountEntryError('1500', [], numbers)).toBeNull();
    expect(accountEntryError('15xx', [], numbers)).toBe('invalid');
    expect(addAccount('2400', ['1500'], numbers).chips).toEqual(['1500', '2400']);
  });
});

describe('the account search threshold', () => {
  it('needs at least 2 characters', () => {
    expect(shouldSearch('')).toBe(false);
    expect(shouldSearch('3')).toBe(false);
    expect(shouldSearch(' 3 ')).toBe(false);
    expect(shouldSearch('30')).toBe(true);
    expect(shouldSearch('lø')).toBe(true);
  });
});

describe('chips and the server range', () => {
  it('makes one chip both ends and two chips a range, lower first', () => {
    expect(chipsToRange([])).toBeNull();
    expect(chipsToRange(['3xxx'])).toEqual({ from: '3xxx', to: '3xxx' });
    expect(chipsToRange(['3999', '3000'])).toEqual({ from: '3000', to: '3999' });
    expect(chipsToRange(['3xxx', '30xx'])).toEqual({ from: '30xx', to: '3xxx' });
  });
  it('turns a stored range back into chips', () => {
    expect(rangeToChips({ from: '3xxx', to: '3xxx' })).toEqual(['3xxx']);
    expect(rangeToChips({ from: '3000', to: '3999' })).toEqual(['3000', '3999']);
    expect(rangeToChips(undefined)).toEqual([]);
  });
});

describe('the custom widget body', () => {
  it('builds an account range', () => {
    const values = { ...customFormValues(), name: ' Salg ', range: ['3999', '3000'] };
    expect(customWidgetBody(values)).toEqual({
      ok: true,
      body: { name: 'Salg', type: 'accountRange', range: { from: '3000', to: '3999' }, view: 'single' },
    });
  });
  it('builds a ratio and leaves the range out', () => {
    const values = {
      ...customFormValues(),
      name: 'Lønn / salg',
      type: 'ratio' as const,
      range: ['1000'],
      dividend: ['5xxx'],
      divisor: ['3xxx'],
      view: 'comparison' as const,
    };
    expect(customWidgetBody(values)).toEqual({
      ok: true,
      body: {
        name: 'Lønn / salg',
        type: 'ratio',
        dividend: { from: '5xxx', to: '5xxx' },
        divisor: { from: '3xxx', to: '3xxx' },
        view: 'comparison',
      },
    });
  });
  it('says what is missing', () => {
    expect(customWidgetBody(customFormValues())).toEqual({
      ok: false,
      errors: { name: 'required', range: 'required' },
    });
    expect(customWidgetBody({ ...customFormValues(), name: 'R', type: 'ratio', dividend: ['5000'] })).toEqual({
      ok: false,
      errors: { divisor: 'required' },
    });
  });
  it('fills the form from a stored widget', () => {
    const stored = storedRatio();
    expect(customFormValues(stored)).toEqual({
      name: 'Margin',
      type: 'ratio',
      range: [],
      dividend: ['3000', '3999'],
      divisor: ['4xxx'],
      dividendLine: '',
      divisorLine: '',
      view: 'comparison',
    });
    // A ratio of statement lines comes back as its lines, without chips.
    const lines = customFormValues({ ...stored, dividend: { line: 'equity' }, divisor: { line: 'totalAssets' } });
    expect(lines).toMatchObject({ dividend: [], divisor: [], dividendLine: 'equity', divisorLine: 'totalAssets' });
  });

  it('builds a ratio of a statement line and an account range', () => {
    const values = {
      ...customFormValues(),
      name: 'Egenkapital mot salg',
      type: 'ratio' as const,
      dividendLine: 'equity' as const,
      dividend: ['1000'],
      divisor: ['3xxx'],
    };
    expect(customWidgetBody(values)).toEqual({
      ok: true,
      body: {
        name: 'Egenkapital mot salg',
        type: 'ratio',
        dividend: { line: 'equity' },
        divisor: { from: '3xxx', to: '3xxx' },
        view: 'single',
      },
    });
  });
});

describe('consolidation APIs', () => {
  it('needs at least 2 different APIs', () => {
    expect(enoughApis([])).toBe(false);
    expect(enoughApis(['a'])).toBe(false);
    expect(enoughApis(['a', 'a'])).toBe(false);
    expect(enoughApis(['a', 'b'])).toBe(true);
  });
});
