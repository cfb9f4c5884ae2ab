import { describe, expect, it } from 'vitest';
import { type MonthSummary, SUMMARY_FIGURES } from '../../ledger/month-summary.ts';
import type { SourceSummaries } from '../../ledger/month-summary-read.ts';
import { type BoardFacts, evaluateRule, type RuleToEvaluate } from './evaluate.ts';

/** A month of a crafted summary: every figure 0 but those given (øre). */
const month = (m: string, figures: Partial<MonthSummary> = {}): MonthSummary =>
  ({ ...Object.fromEntries(SUMMARY_FIGURES.map((id) => [id, 0])), ...figures, month: m }) as MonthSummary;

const source = (...rows: MonthSummary[]): SourceSummaries => ({ last: rows[rows.length - 1]!.month, rows });

const facts = (summaries: SourceSummaries[], extra: Partial<BoardFacts> = {}): BoardFacts => ({
  summaries,
  dataAgeDays: 1,
  syncFailed: false,
  ...extra,
});

const rule = (r: Partial<RuleToEvaluate> & Pick<RuleToEvaluate, 'metric'>): RuleToEvaluate => ({
  comparison: 'below',
  threshold: 0,
  period: 'lastMonth',
  ...r,
});

// Two years of one company: revenue 100 000 kr a month in 2024, 70 000 kr in 2025 (a fall of 30 %);
// gross profit 40 % of revenue; equity 300 000 kr of total assets 1 000 000 kr; current assets twice
// the short-term debt; the result is a loss of 5 000 kr in June 2025.
const year = (y: number, revenue: number) =>
  Array.from({ length: 6 }, (_, i) =>
    month(`${y}-0${i + 1}`, {
      revenue,
      grossProfit: revenue * 0.4,
      result: y === 2025 && i === 5 ? -500_000 : 1_000_000,
      cashAndBank: 25_000_000,
      equity: 30_000_000,
      totalAssets: 100_000_000,
      currentAssets: 40_000_000,
      shortTermDebt: 20_000_000,
    }),
  );
const company = source(...year(2024, 10_000_000), ...year(2025, 7_000_000));

describe('evaluateRule on crafted month summaries', () => {
  it('fires when a figure is beyond its threshold, and names what was met', () => {
    expect(evaluateRule(rule({ metric: 'result', comparison: 'below', threshold: 0 }), facts([company]))).toEqual({
      state: 'met',
      value: -500_000,
      period: '2025-06',
      reason: 'below',
    });
    expect(
      evaluateRule(rule({ metric: 'equityRatio', comparison: 'below', threshold: 35 }), facts([company])).state,
    ).toBe('met');
    expect(
      evaluateRule(rule({ metric: 'liquidityRatio1', comparison: 'below', threshold: 2.5 }), facts([company])),
    ).toMatchObject({ state: 'met', value: 2 });
  });

  it('stays quiet when it is not', () => {
    expect(evaluateRule(rule({ metric: 'result', period: 'yearToDate', threshold: 0 }), facts([company]))).toEqual({
      state: 'quiet',
      // Five months of 10 000 kr and a loss of 5 000 kr.
      value: 4_500_000,
      period: '2025-01..2025-06',
      reason: null,
    });
    expect(
      evaluateRule(rule({ metric: 'cash', comparison: 'above', threshold: 30_000_000 }), facts([company])).state,
    ).toBe('quiet');
  });

  it('does not fire exactly at the threshold, and fires a step beyond it', () => {
    const at = (threshold: number, comparison: RuleToEvaluate['comparison'] = 'below') =>
      evaluateRule(rule({ metric: 'revenue', comparison, threshold }), facts([company])).state;
    expect(at(7_000_000)).toBe('quiet');
    expect(at(7_000_001)).toBe('met');
    expect(at(7_000_000, 'above')).toBe('quiet');
    expect(at(6_999_999, 'above')).toBe('met');
    // Gross margin is 40 % exactly.
    expect(evaluateRule(rule({ metric: 'grossMargin', threshold: 40 }), facts([company])).state).toBe('quiet');
    expect(evaluateRule(rule({ metric: 'grossMargin', threshold: 40.01 }), facts([company])).state).toBe('met');
  });

  it('compares with the same months last year: revenue fell 30 %', () => {
    const fell = (threshold: number) =>
      evaluateRule(
        rule({ metric: 'revenue', comparison: 'changeBelow', threshold, period: 'yearToDate' }),
        facts([company]),
      );
    expect(fell(-20)).toEqual({ state: 'met', value: -30, period: '2025-01..2025-06', reason: 'changeBelow' });
    expect(fell(-30).state).toBe('quiet');
    expect(fell(-40).state).toBe('quiet');
    expect(
      evaluateRule(rule({ metric: 'revenue', comparison: 'changeAbove', threshold: 0 }), facts([company])).state,
    ).toBe('quiet');
    // A ratio's change is in points: the equity ratio stood still.
    expect(
      evaluateRule(rule({ metric: 'equityRatio', comparison: 'changeBelow', threshold: 0 }), facts([company])),
    ).toMatchObject({ state: 'quiet', value: 0 });
  });

  it("answers '–' (unknown, with the reason) for a ratio over a base of 0, never an alert", () => {
    const noRevenue = source(month('2025-06', { grossProfit: -100 }));
    expect(evaluateRule(rule({ metric: 'grossMargin', threshold: 10 }), facts([noRevenue]))).toEqual({
      state: 'unknown',
      value: null,
      period: '2025-06',
      reason: 'noBase',
    });
    expect(evaluateRule(rule({ metric: 'equityRatio', threshold: 10 }), facts([noRevenue])).reason).toBe('noBase');
    expect(evaluateRule(rule({ metric: 'liquidityRatio1', threshold: 1 }), facts([noRevenue])).reason).toBe('noBase');
    // A change over a base under 1 kr says nothing either.
    const fromZero = source(month('2024-06'), month('2025-06', { revenue: 100_000 }));
    expect(
      evaluateRule(rule({ metric: 'revenue', comparison: 'changeAbove', threshold: 5 }), facts([fromZero])),
    ).toMatchObject({ state: 'unknown', reason: 'noBase' });
  });

  it("answers '–' for a change against last year when the board has no last year", () => {
    const young = source(...year(2025, 7_000_000));
    expect(
      evaluateRule(rule({ metric: 'revenue', comparison: 'changeBelow', threshold: -20 }), facts([young])),
    ).toEqual({ state: 'unknown', value: null, period: '2025-06', reason: 'noLastYear' });
  });

  it("answers '–' for a board with no booked month, and for a data age of a board never synced", () => {
    expect(evaluateRule(rule({ metric: 'revenue', threshold: 1 }), facts([]))).toMatchObject({
      state: 'unknown',
      reason: 'noData',
    });
    expect(
      evaluateRule(
        rule({ metric: 'dataAgeDays', comparison: 'above', threshold: 7 }),
        facts([], { dataAgeDays: null }),
      ),
    ).toMatchObject({ state: 'unknown', reason: 'noData' });
  });

  it('adds a board’s sources: two companies of 70 000 kr each are 140 000 kr', () => {
    const other = source(...year(2025, 7_000_000));
    expect(
      evaluateRule(rule({ metric: 'revenue', comparison: 'below', threshold: 14_000_000 }), facts([company, other])),
    ).toMatchObject({ state: 'quiet', value: 14_000_000 });
  });

  it('watches the data’s age and a failed sync', () => {
    const stale = rule({ metric: 'dataAgeDays', comparison: 'above', threshold: 7 });
    expect(evaluateRule(stale, facts([company], { dataAgeDays: 8 }))).toEqual({
      state: 'met',
      value: 8,
      period: null,
      reason: 'above',
    });
    expect(evaluateRule(stale, facts([company], { dataAgeDays: 7 })).state).toBe('quiet');
    const failed = rule({ metric: 'syncFailed', comparison: 'above' });
    expect(evaluateRule(failed, facts([company], { syncFailed: true }))).toMatchObject({
      state: 'met',
      reason: 'syncFailed',
    });
    expect(evaluateRule(failed, facts([company])).state).toBe('quiet');
  });
});
