import type { PortfolioFigure, PortfolioRow } from '@saldo/contract';
import { portfolioFigureIds } from '@saldo/contract/schemas/portfolio';
import { describe, expect, it } from 'vitest';
import { portfolioRow } from '../../test/fixtures';
import { benchmarkText, betterOf, changeText, columnText, columnValue, keptKpis, markerOf } from './column-rules';
import { filterRows, NO_FILTERS, portfolioCsv, sortRows } from './portfolio-rules';

const figure = (value: number | null): PortfolioFigure => ({ value, comparison: null, change: null });

function row(name: string, revenue: number | null, more: Partial<PortfolioRow> = {}): PortfolioRow {
  const figures = Object.fromEntries(
    portfolioFigureIds.map((id) => [id, figure(id === 'revenue' ? revenue : id === 'equityRatio' ? 41.25 : 0)]),
  ) as PortfolioRow['figures'];
  return portfolioRow({ groupId: name, name, figures, ...more });
}

const rows = [
  row('Beta AS', 500_00, { tags: ['bygg'], orgNumbers: ['888888888'] }),
  row('alfa AS', 900_00, { severity: 'error', needsAttention: true }),
  row('Ceres AS', null),
];

describe('the portfolio table', () => {
  it('sorts by a figure either way, a row without it last', () => {
    expect(sortRows(rows, { key: 'revenue', descending: true }).map((r) => r.name)).toEqual([
      'alfa AS',
      'Beta AS',
      'Ceres AS',
    ]);
    expect(sortRows(rows, { key: 'revenue', descending: false }).map((r) => r.name)).toEqual([
      'Beta AS',
      'alfa AS',
      'Ceres AS',
    ]);
    expect(sortRows(rows, { key: 'name', descending: false }).map((r) => r.name)).toEqual([
      'alfa AS',
      'Beta AS',
      'Ceres AS',
    ]);
  });

  it('searches by name and organisation number, and filters by tag, health and attention', () => {
    expect(filterRows(rows, { ...NO_FILTERS, search: 'BETA' }).map((r) => r.name)).toEqual(['Beta AS']);
    expect(filterRows(rows, { ...NO_FILTERS, search: '888 888' }).map((r) => r.name)).toEqual(['Beta AS']);
    expect(filterRows(rows, { ...NO_FILTERS, tag: 'bygg' }).map((r) => r.name)).toEqual(['Beta AS']);
    expect(filterRows(rows, { ...NO_FILTERS, health: 'error' }).map((r) => r.name)).toEqual(['alfa AS']);
    expect(filterRows(rows, { ...NO_FILTERS, health: 'ok' }).map((r) => r.name)).toEqual(['Beta AS', 'Ceres AS']);
    expect(filterRows(rows, { ...NO_FILTERS, needsAttention: true }).map((r) => r.name)).toEqual(['alfa AS']);
  });

  it('writes CSV with whole kroner and decimal commas, empty where a figure is missing', () => {
    const headings = new Proxy({}, { get: (_t, key) => String(key) }) as Record<string, string>;
    const [head, beta, , ceres] = portfolioCsv(rows, headings).split('\r\n');
    expect(head!.split(';').slice(0, 3)).toEqual(['name', 'orgNumber', 'revenue']);
    expect(beta!.split(';').slice(0, 3)).toEqual(['Beta AS', '888888888', '500']);
    expect(beta!.split(';')).toContain('41,3');
    expect(ceres!.split(';')[2]).toBe('');
  });
});

describe('the KPI columns and benchmark markers', () => {
  const kpi = (value: number | null) => ({ value, comparison: null, change: null, reason: null });
  const withKpis = [
    row('Lav AS', 1, { kpis: { 'operating-margin': kpi(-5_000) } }),
    row('Uten AS', 1, { kpis: { 'operating-margin': kpi(null) } }),
    row('Høy AS', 1, { kpis: { 'operating-margin': kpi(7_500) } }),
  ];

  it('sorts by a KPI column, a row without a value last either way', () => {
    const sorted = (descending: boolean) =>
      sortRows(withKpis, { key: 'operating-margin', descending }).map((r) => r.name);
    expect(sorted(true)).toEqual(['Høy AS', 'Lav AS', 'Uten AS']);
    expect(sorted(false)).toEqual(['Lav AS', 'Høy AS', 'Uten AS']);
    expect(columnValue(withKpis[0]!, 'operating-margin')).toBe(-5_000);
    expect(columnValue(withKpis[0]!, 'revenue')).toBe(1);
  });

  it('colours the best quartile for the column’s direction good and the worst bad, the middle neutral', () => {
    expect(markerOf(4, 'higher')).toEqual({ label: 'Q4', tone: 'good' });
    expect(markerOf(1, 'higher')).toEqual({ label: 'Q1', tone: 'bad' });
    expect(markerOf(1, 'lower')).toEqual({ label: 'Q1', tone: 'good' });
    expect(markerOf(4, 'lower')).toEqual({ label: 'Q4', tone: 'bad' });
    expect(markerOf(2, 'higher')).toEqual({ label: 'Q2', tone: 'neutral' });
    expect(markerOf(3, 'lower')).toEqual({ label: 'Q3', tone: 'neutral' });
    expect(markerOf(4, null)).toEqual({ label: 'Q4', tone: 'neutral' });
    expect(markerOf(null, 'higher')).toBeNull();
    expect(markerOf(undefined, 'higher')).toBeNull();
    // DSO is better lower, the fixed figures higher.
    expect([betterOf('dso'), betterOf('revenue'), betterOf('dpo')]).toEqual(['lower', 'higher', null]);
  });

  it('writes a KPI in its unit and its change by the fixed figures’ rule', () => {
    expect(columnText('operating-margin', 1_250, 'nor')).toBe('12,5\u00a0%');
    expect(columnText('current-ratio', 15_312, 'nor')).toBe('1,5');
    expect(columnText('ebitda', 123_456_78, 'nor')).toBe(columnText('revenue', 123_456_78, 'nor'));
    expect(columnText('operating-margin', null, 'nor')).toBe('–');
    expect(changeText('operating-margin', 250, 'nor')).toBe('+2,5\u00a0pp');
    expect(changeText('operating-margin', 200, 'nor')).toBe('+2,0\u00a0pp');
    expect(changeText('ebitda', -12.5, 'nor')).toBe('-12,5\u00a0%');
    expect(changeText('dso', 45_000, 'en')).toBe('+4,5\u00a0days');
    expect(changeText('equityRatio', 1.25, 'nor')).toBe('+1,3\u00a0pp');
  });

  it('says the benchmark in one line, and nothing over no boards', () => {
    const words = { median: 'Median', boards: (n: number) => `${n} selskaper` };
    expect(benchmarkText('operating-margin', { q1: 375, median: 1_250, q3: 4_375, n: 3 }, 'nor', words)).toBe(
      'Median 12,5\u00a0% (Q1 3,8\u00a0%, Q3 43,8\u00a0%), 3 selskaper',
    );
    expect(benchmarkText('revenue', { q1: null, median: null, q3: null, n: 0 }, 'nor', words)).toBeNull();
  });

  it('writes the KPI columns to CSV after the fixed figures: kroner for an amount, the number otherwise', () => {
    const headings = new Proxy({}, { get: (_t, key) => String(key) }) as Record<string, string>;
    const one = row('Én AS', 1, { kpis: { 'operating-margin': kpi(1_250), ebitda: kpi(123_456_78), dso: kpi(null) } });
    const [head, line] = portfolioCsv([one], headings, ['operating-margin', 'ebitda', 'dso']).split('\r\n');
    expect(head!.split(';').slice(-4)).toEqual(['operating-margin', 'ebitda', 'dso', 'lastBookedMonth']);
    expect(line!.split(';').slice(-4)).toEqual(['12,5', '123457', '', '2026-10']);
  });

  it('reads the kept KPI columns back: known KPIs only, each once', () => {
    expect(keptKpis(JSON.stringify(['dso', 'nope', 'dso', 'ebitda', 3]))).toEqual(['dso', 'ebitda']);
    expect(keptKpis('not json')).toEqual([]);
    expect(keptKpis(null)).toEqual([]);
  });
});
