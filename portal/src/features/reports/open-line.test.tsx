/** @jsxImportSource preact */

import type { BalanceSheetReport, ProfitLossReport } from '@saldo/contract';
import type { SaldoDrillDetail } from '@saldo/sdk';
import { BalanceSheetView, ProfitLossView } from '@saldo/sdk/testing/statements';
import { type ComponentChild, render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { openLine } from './open-line';
import fixtures from './statement-footing.json';

// The portfolio's figures open a statement line's drill-down through openLine: it is held here against the
// SDK's own statement views (as its elements draw them in their shadow root), on reports of the server's
// engine, so the line it opens is the line the figure is read from, at the period's figure.

const sample = fixtures.samples[0] as unknown as {
  profitLoss: ProfitLossReport & { comparison: ProfitLossReport };
  balanceSheet: BalanceSheetReport & { comparison: BalanceSheetReport };
};

afterEach(() => {
  document.body.innerHTML = '';
});

/** A host with the view in its shadow root, as a Saldo element has it; the drills it reports. */
function host(view: (onDrill: (d: SaldoDrillDetail) => void) => ComponentChild) {
  const el = document.createElement('div');
  document.body.append(el);
  const drills: SaldoDrillDetail[] = [];
  render(
    view((d) => drills.push(d)),
    el.attachShadow({ mode: 'open' }),
  );
  return { el, drills };
}

/** The P&L of the sample, with the month columns or the period's figure only. */
const profitLoss = (totalOnly: boolean) =>
  host((onDrill) => (
    <ProfitLossView
      state={{ status: 'data', data: sample.profitLoss }}
      lang="nor"
      totalOnly={totalOnly}
      showChart={false}
      onDrill={onDrill}
    />
  ));

describe('openLine', () => {
  it('opens a P&L sum at the period’s figure, with or without the month columns', () => {
    for (const totalOnly of [true, false]) {
      const { el, drills } = profitLoss(totalOnly);
      expect(openLine(el, 'result')).toBe(true);
      expect(drills).toHaveLength(1);
      expect(drills[0]).toMatchObject({
        key: 'result',
        title: 'Årsresultat',
        column: 'total',
        from: sample.profitLoss.startDate,
        to: sample.profitLoss.endDate,
      });
    }
  });

  it('opens a balance sheet line at the period end, a group line and a sum alike', () => {
    const { el, drills } = host((onDrill) => (
      <BalanceSheetView
        state={{ status: 'data', data: sample.balanceSheet }}
        lang="nor"
        totalOnly={false}
        onDrill={onDrill}
      />
    ));
    const lastMonth = sample.balanceSheet.months[sample.balanceSheet.months.length - 1]!;
    expect(openLine(el, 'cashAndBank')).toBe(true);
    expect(openLine(el, 'totalEquity')).toBe(true);
    expect(drills.map((d) => [d.key ?? d.group, d.to, d.balance])).toEqual([
      ['cashAndBank', sample.balanceSheet.endDate, true],
      ['totalEquity', sample.balanceSheet.endDate, true],
    ]);
    // The period end's column, not an earlier month's.
    expect(drills.map((d) => d.column)).toEqual([lastMonth.month, lastMonth.month]);
    expect(lastMonth.month).toBe(sample.balanceSheet.endDate.slice(0, 7));
  });

  it('opens nothing for a line the statement does not show, or before it is drawn', () => {
    const { el, drills } = profitLoss(true);
    expect(openLine(el, 'noSuchLine')).toBe(false);
    expect(openLine(document.createElement('div'), 'result')).toBe(false);
    expect(openLine(null, 'result')).toBe(false);
    expect(drills).toEqual([]);
  });
});
