import type { PortfolioFigureId, PortfolioRow } from '@saldo/contract';
import { useTranslation } from 'react-i18next';
import { FIGURE_LINES } from './figure-links';
import { figureText } from './portfolio-rules';
import './figure-button.css';

/**
 * A figure of a portfolio row as a button: it opens the board's statement at the figure's line, with
 * that line's drill-down (figure-links.ts). Its name says which figure, whose, and where it leads.
 */
export function FigureButton({
  row,
  id,
  onOpen,
}: {
  row: PortfolioRow;
  id: PortfolioFigureId;
  onOpen: (row: PortfolioRow, id: PortfolioFigureId) => void;
}) {
  const { t } = useTranslation();
  const text = figureText(id, row.figures[id].value);
  return (
    <button
      type="button"
      className="portfolio__figure"
      onClick={() => onOpen(row, id)}
      aria-label={t('portfolio.openFigure', {
        figure: t(`portfolio.figures.${id}`),
        name: row.name,
        value: text,
        statement: t(`pages.${FIGURE_LINES[id].statement}`),
      })}
      data-testid={`portfolio-figure-${id}`}
    >
      {text}
    </button>
  );
}
