import { describe, expect, it } from 'vitest';
import { postingsTarget } from './drill';

describe('postingsTarget', () => {
  it('lists an account with the sign of its report line', () => {
    expect(postingsTarget({ kind: 'account', number: 3000, title: 'Salg', group: 'salesRevenue' })).toEqual({
      account: '3000',
      sign: -1,
    });
    expect(postingsTarget({ kind: 'account', number: 1920, title: 'Bank', group: 'cashAndBank' })).toEqual({
      account: '1920',
      sign: 1,
    });
    expect(postingsTarget({ kind: 'account', number: 2400, title: 'Lev.gjeld', group: 'shortTermDebt' })?.sign).toBe(
      -1,
    );
  });

  it('lists a cash flow line only when one account range adds up to it', () => {
    expect(postingsTarget({ kind: 'cashflow-line', group: 'operating', key: 'receivables' })).toEqual({
      account: '1500-1799',
      sign: -1,
    });
    expect(postingsTarget({ kind: 'cashflow-line', group: 'operating', key: 'taxPaid' })).toBeNull();
    expect(postingsTarget({ kind: 'customer', id: 'c1', name: 'Kunde' })).toBeNull();
  });
});
