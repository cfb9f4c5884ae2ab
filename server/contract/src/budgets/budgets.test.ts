import { describe, expect, it } from 'vitest';
import {
  budgetIssueText,
  budgetTarget,
  columnLetter,
  isBalanceBudgetTarget,
  kronerText,
  parseKroner,
  variancePercent,
} from './budgets.ts';

describe('amounts as people write them', () => {
  it.each([
    ['1234', 123_400],
    ['1 234,50', 123_450],
    ['1\u00a0234,5', 123_450],
    ['-4 500,50', -450_050],
    ['−50', -5_000],
    ['1.234.567', 123_456_700],
    ['1,234,567.89', 123_456_789],
    ['1.234,5', 123_450],
    ['0,05', 5],
    // Three digits after a separator group thousands; a decimal has one or two.
    ['1,005', 100_500],
    ['-0', 0],
  ])('%s kroner is %i øre', (text, ore) => expect(parseKroner(text)).toBe(ore));

  it.each(['', 'tolv', '12abc', '1,234,5', '1.2.3', '1,0055', '--5', '1e5'])('%s is no amount', (text) =>
    expect(parseKroner(text)).toBeNull(),
  );

  it('takes numbers as Excel stores them to the øre, and refuses fractions of an øre', () => {
    expect(parseKroner(1_300_000.5)).toBe(130_000_050);
    expect(parseKroner(0.1 + 0.2)).toBe(30);
    expect(parseKroner(1.005)).toBeNull();
    expect(parseKroner(Number.NaN)).toBeNull();
  });

  it('writes grid amounts back in kroner', () => {
    expect(kronerText(123_450)).toBe('1\u00a0234,50');
    expect(kronerText(-50)).toBe('-0,50');
    expect(kronerText(-400_000_00)).toBe('-400\u00a0000');
  });
});

describe('what a budget row is set on', () => {
  it('is an account of the balance sheet or the P&L, or a line by id or name, in either language', () => {
    expect(budgetTarget('3000')).toEqual({ kind: 'account', target: '3000' });
    expect(budgetTarget('1920')).toEqual({ kind: 'account', target: '1920' });
    expect(budgetTarget('2400')).toEqual({ kind: 'account', target: '2400' });
    expect(budgetTarget('1000')).toEqual({ kind: 'account', target: '1000' });
    expect(budgetTarget(' 8300 ')).toEqual({ kind: 'account', target: '8300' });
    expect(budgetTarget('Lønnskostnad')).toEqual({ kind: 'line', target: 'payroll' });
    expect(budgetTarget('lønnskostnad')).toEqual({ kind: 'line', target: 'payroll' });
    expect(budgetTarget('Other operating expenses')).toEqual({ kind: 'line', target: 'otherOperatingExpenses' });
    expect(budgetTarget('tax')).toEqual({ kind: 'line', target: 'tax' });
  });

  it('is nothing else: the gaps of the chart, dispositions, words', () => {
    for (const text of ['0999', '8200', '8800', '9999', '300', 'Bank', '']) expect(budgetTarget(text)).toBeNull();
  });
});

describe('a balance account’s row', () => {
  it('is no part of the budgeted result', () => {
    expect(isBalanceBudgetTarget('1920')).toBe(true);
    expect(isBalanceBudgetTarget('2999')).toBe(true);
    expect(isBalanceBudgetTarget('3000')).toBe(false);
    expect(isBalanceBudgetTarget('payroll')).toBe(false);
  });
});

describe('import messages', () => {
  it('name the row and column as a spreadsheet does, in nor and en', () => {
    expect(columnLetter(1)).toBe('A');
    expect(columnLetter(14)).toBe('N');
    expect(columnLetter(27)).toBe('AA');
    const issue = { code: 'BUDGET_MISSING_AMOUNT' as const, row: 4, column: 6, params: { month: '2026-04' } };
    expect(budgetIssueText(issue, 'nor')).toBe(
      'Rad 4, kolonne F: beløpet for 2026-04 mangler. Skriv 0 for en måned uten budsjett.',
    );
    expect(budgetIssueText(issue, 'en')).toBe(
      'Row 4, column F: the amount for 2026-04 is missing. Write 0 for a month without a budget.',
    );
    expect(budgetIssueText({ code: 'BUDGET_FILE_EMPTY', params: {} }, 'nor')).toBe(
      'Filen har ingen budsjettlinjer under overskriftsraden.',
    );
  });

  it('give a variance as a share of the budget, one decimal, none without a budget', () => {
    expect(variancePercent(110, 100, 'kroner')).toBe(10);
    expect(variancePercent(-90, -100, 'kroner')).toBe(10);
    expect(variancePercent(-110, -100, 'kroner')).toBe(-10);
    expect(variancePercent(1, 3, 'kroner')).toBe(-66.7);
    expect(variancePercent(5, 0, 'kroner')).toBeNull();
  });
});
