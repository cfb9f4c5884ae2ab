import type { PortfolioFigure, PortfolioFigureId, PortfolioRow } from '@saldo/contract';
import { portfolioFigureIds } from '@saldo/contract/schemas/portfolio';
import { describe, expect, it } from 'vitest';
import { $, click, freshScreen, renderWithProviders } from '../../test/render';
import { FigureButton } from './figure-button';

freshScreen('nor');

const figure = (value: number | null): PortfolioFigure => ({ value, comparison: null, change: null });
const row = {
  groupId: 'b1',
  name: 'Eksempel AS',
  figures: Object.fromEntries(portfolioFigureIds.map((id) => [id, figure(id === 'revenue' ? 123_456_78 : 41.25)])),
} as unknown as PortfolioRow;

describe('a portfolio figure', () => {
  it('is a button named by the figure, the board, its value and the statement it opens, and opens that figure', async () => {
    const opened: Array<[string, PortfolioFigureId]> = [];
    renderWithProviders(<FigureButton row={row} id="revenue" onOpen={(r, id) => opened.push([r.groupId, id])} />);
    const button = $<HTMLButtonElement>('[data-testid="portfolio-figure-revenue"]')!;
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-label')?.replace(/\u00a0/g, ' ')).toBe(
      'Driftsinntekter for Eksempel AS: 123 457. Åpne linjen i Resultat',
    );
    expect(button.textContent?.replace(/\u00a0/g, ' ')).toBe('123 457');
    await click(button);
    expect(opened).toEqual([['b1', 'revenue']]);
  });

  it('names the balance sheet for a ratio at the period end', () => {
    renderWithProviders(<FigureButton row={row} id="equityRatio" onOpen={() => {}} />);
    expect($('[data-testid="portfolio-figure-equityRatio"]')!.getAttribute('aria-label')).toContain('Balanse');
  });
});
