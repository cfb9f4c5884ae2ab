import type { Portfolio, PortfolioFigure, PortfolioRow } from '@saldo/contract';
import { portfolioFigureIds } from '@saldo/contract/schemas/portfolio';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { freshScreen, renderWithProviders } from '../../test/render';
import { type ColumnId, columnText } from './column-rules';
import { CompanyCell } from './company-cell';
import { figureColumn } from './figure-columns';

freshScreen('nor');

/** Each figure's value and change: whole percentages next to ones with a decimal, as the table meets them. */
const FIGURES: Partial<Record<string, PortfolioFigure>> = {
  revenue: { value: 1_234_567_89, comparison: 1_073_537_30, change: 15 },
  grossMargin: { value: 15, comparison: 14.8, change: 0.2 },
  equityRatio: { value: 15.2, comparison: 13.2, change: 2 },
  result: { value: -5_000_00, comparison: 10_000_00, change: -150 },
};

const row = {
  groupId: 'b1',
  name: 'Nordlys Energiteknikk og Elektroinstallasjon Vestlandet AS',
  orgNumbers: ['888888888'],
  tags: ['bygg'],
  figures: Object.fromEntries(
    portfolioFigureIds.map((id) => [id, FIGURES[id] ?? { value: null, comparison: null, change: null }]),
  ),
  kpis: {
    'operating-margin': { value: 1_500, comparison: 1_300, change: 200, reason: null },
    'profit-margin': { value: 1_525, comparison: null, change: null, reason: null },
  },
  positions: {},
} as unknown as PortfolioRow;

/** No benchmark positions: the cells' own text only. */
const DATA = { benchmark: { group: 'all', figures: {} } } as unknown as Portfolio;

/** The text of a figure column's cell as the table renders it (no-break spaces as spaces). */
function cellText(id: ColumnId): string {
  const column = figureColumn(
    id,
    DATA,
    'nor',
    id,
    (key) => i18n.t(key),
    () => {},
  );
  const { container, unmount } = renderWithProviders(column.cell(row));
  const text = container.textContent!.replace(/\u00a0/g, ' ').trim();
  unmount();
  return text;
}

describe('the portfolio table’s cells', () => {
  it('show every percentage with one decimal, a whole one too: "15,0 %" beside "15,2 %"', () => {
    // The ratios with their change in points; an amount's change in percent; a KPI column in percent.
    const shown = (
      ['grossMargin', 'equityRatio', 'revenue', 'result', 'operating-margin', 'profit-margin'] as const
    ).map((id) => [id, cellText(id)]);
    expect(Object.fromEntries(shown)).toEqual({
      grossMargin: '15,0 % +0,2 pp',
      equityRatio: '15,2 % +2,0 pp',
      revenue: '1 234 568 +15,0 %',
      result: '-5 000 -150,0 %',
      'operating-margin': '15,0 % +2,0 pp',
      'profit-margin': '15,3 %',
    });
  });

  it('show the benchmark’s percentages the same way', () => {
    expect([columnText('grossMargin', 40, 'nor'), columnText('equityRatio', 12.25, 'nor')]).toEqual([
      '40,0\u00a0%',
      '12,3\u00a0%',
    ]);
    expect(columnText('liquidityRatio1', 2, 'nor')).toBe('2,00');
  });

  it('give the company its whole name as the tooltip, with its organisation number and tags', () => {
    const { container } = renderWithProviders(<CompanyCell row={row} onOpen={() => {}} />);
    const name = container.querySelector('.portfolio__name')!;
    expect(name.getAttribute('title')).toBe(row.name);
    expect(name.textContent).toBe(row.name);
    expect(container.querySelector('.portfolio__org')?.textContent?.trim()).toBe('888888888');
    expect(container.querySelector('.portfolio__tag')?.textContent).toBe('bygg');
  });
});
