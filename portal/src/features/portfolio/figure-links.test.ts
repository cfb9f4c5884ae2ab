import { describe, expect, it } from 'vitest';
import { FIGURE_LINES, figureLink } from './figure-links';

describe('a portfolio figure’s drill-down', () => {
  it('opens the P&L for the result lines and the balance sheet for the balances, at the period and comparison', () => {
    const year = { startDate: '2026-01-01', endDate: '2026-12-31' };
    expect(figureLink('revenue', year, 'lastYear')).toBe(
      '/profit?from=2026-01&to=2026-12&compare=lastYear&line=operatingIncome',
    );
    expect(figureLink('grossMargin', year, 'previous')).toBe(
      '/profit?from=2026-01&to=2026-12&compare=previous&line=grossProfit',
    );
    expect(figureLink('cashAndBank', year, 'lastYear')).toBe(
      '/balance-sheet?from=2026-01&to=2026-12&compare=lastYear&line=cashAndBank',
    );
    expect(figureLink('equityRatio', year, 'lastYear')).toContain('/balance-sheet?');
    expect(figureLink('liquidityRatio1', year, 'lastYear')).toContain('line=totalCurrentAssets');
  });

  it('has a line for every figure, on the statement each belongs to', () => {
    expect(
      Object.entries(FIGURE_LINES)
        .filter(([, to]) => to.statement === 'balanceSheet')
        .map(([id]) => id),
    ).toEqual(['cashAndBank', 'equityRatio', 'liquidityRatio1']);
  });
});
