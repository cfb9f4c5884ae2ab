import type { PortfolioRow } from '@saldo/contract';

/**
 * The portfolio's company cell: the board's name (at most two lines in a column wide enough for most
 * names, its whole name as the tooltip when it is cut), its organisation numbers and its tags. The
 * whole cell opens the board.
 */
export function CompanyCell({ row, onOpen }: { row: PortfolioRow; onOpen: (row: PortfolioRow) => void }) {
  return (
    <button type="button" className="portfolio__open" onClick={() => onOpen(row)} data-testid="portfolio-open">
      <strong className="portfolio__name" title={row.name}>
        {row.name}
      </strong>
      {row.orgNumbers.length > 0 && <span className="muted portfolio__org"> {row.orgNumbers.join(', ')}</span>}
      {row.tags.map((tag) => (
        <span key={tag} className="portfolio__tag">
          {tag}
        </span>
      ))}
    </button>
  );
}
