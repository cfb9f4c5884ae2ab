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

  it('lists one account by its own ID: a sub-account, or one placed by its standard account, or an unclassified one', () => {
    expect(
      postingsTarget({
        kind: 'account',
        number: 1920,
        accountId: '1920PKEY92783',
        title: 'Bank',
        group: 'cashAndBank',
      }),
    ).toEqual({ accountId: '1920PKEY92783', sign: 1 });
    expect(
      postingsTarget({
        kind: 'account',
        number: 7900,
        accountId: '9995',
        title: 'Midlertidig',
        group: 'otherOperatingExpenses',
      }),
    ).toEqual({ accountId: '9995', sign: -1 });
    // The Unclassified line is on the assets side, debit positive, whatever its number.
    expect(
      postingsTarget({ kind: 'account', number: 8250, accountId: '8250', title: 'Ukjent', group: 'unclassified' }),
    ).toEqual({ accountId: '8250', sign: 1 });
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
