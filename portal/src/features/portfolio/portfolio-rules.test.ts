import type { PortfolioFigure, PortfolioRow } from '@saldo/contract';
import { portfolioFigureIds } from '@saldo/contract/schemas/portfolio';
import { describe, expect, it } from 'vitest';
import { filterRows, NO_FILTERS, portfolioCsv, sortRows } from './portfolio-rules';

const figure = (value: number | null): PortfolioFigure => ({ value, comparison: null, change: null });

function row(name: string, revenue: number | null, more: Partial<PortfolioRow> = {}): PortfolioRow {
  const figures = Object.fromEntries(
    portfolioFigureIds.map((id) => [id, figure(id === 'revenue' ? revenue : id === 'equityRatio' ? 41.25 : 0)]),
  ) as PortfolioRow['figures'];
  return {
    groupId: name,
    name,
    orgNumbers: [],
    role: 'owner',
    tags: [],
    responsible: null,
    figures,
    comparisonPeriod: null,
    sparkline: { months: [], revenue: [], result: [] },
    lastBookedMonth: '2026-10',
    lastSyncedAt: null,
    dataAgeDays: null,
    syncFailed: false,
    severity: null,
    alerts: [],
    needsAttention: false,
    ...more,
  };
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
