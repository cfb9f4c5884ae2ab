import { describe, expect, it } from 'vitest';
import { classifyAccount } from './classify-account.ts';

describe('classifyAccount', () => {
  it('keeps an account whose number falls in the chart where it is, standard account or not', () => {
    expect(classifyAccount({ number: 1920, standardAccount: '79' })).toEqual({ number: 1920, by: 'number' });
    expect(classifyAccount({ number: 8800 })).toEqual({ number: 8800, by: 'number' });
  });

  it('places one outside the chart by its standard account: two digits (1.10) or four (1.20/1.30)', () => {
    expect(classifyAccount({ number: 9995, standardAccount: '79' })).toEqual({ number: 7900, by: 'standardAccount' });
    expect(classifyAccount({ number: 9995, standardAccount: '7790' })).toEqual({ number: 7790, by: 'standardAccount' });
    expect(classifyAccount({ number: 0, standardAccount: '19' })).toEqual({ number: 1900, by: 'standardAccount' });
  });

  it('then by its grouping: the code where it is a chart number, else the one line its category names', () => {
    const grouping = (category: string, code: string) =>
      classifyAccount({ number: 9997, grouping: { category, code } });
    expect(grouping('annenDriftskostnad', '7790')).toEqual({ number: 7790, by: 'grouping' });
    expect(grouping('salgsinntekt', '3.1')).toEqual({ number: 3000, by: 'grouping' });
    // A standard account off the chart (82 is the gap 8200–8299) gives way to the grouping.
    expect(
      classifyAccount({ number: 9997, standardAccount: '82', grouping: { category: 'finanskostnad', code: '' } }),
    ).toEqual({
      number: 8100,
      by: 'grouping',
    });
  });

  it('leaves what nothing places at its own number, which no line takes: Unclassified', () => {
    expect(classifyAccount({ number: 9996 })).toEqual({ number: 9996, by: null });
    expect(classifyAccount({ number: 8250 })).toEqual({ number: 8250, by: null });
    // Categories that span several lines (fixed assets: intangible, tangible or financial) do not guess.
    expect(classifyAccount({ number: 0, grouping: { category: 'balanseverdiForAnleggsmiddel', code: '' } })).toEqual({
      number: 0,
      by: null,
    });
  });

  it('places an account of five or more digits by its standard account or grouping, else by its first four digits', () => {
    expect(classifyAccount({ number: 4310, accountId: '43100', standardAccount: '4300' })).toEqual({
      number: 4300,
      by: 'standardAccount',
    });
    expect(classifyAccount({ number: 1920, accountId: '19200', grouping: { category: 'x', code: '1950' } })).toEqual({
      number: 1950,
      by: 'grouping',
    });
    expect(classifyAccount({ number: 4310, accountId: '43100' })).toEqual({ number: 4310, by: 'number' });
    expect(classifyAccount({ number: 9996, accountId: '99961' })).toEqual({ number: 9996, by: null });
  });
});
