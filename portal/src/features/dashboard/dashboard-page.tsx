import type { Board, ReportComparison } from '@saldo/contract';
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Fact } from '../../components/fact';
import { Page } from '../../components/page';
import { LoadingBlock } from '../../components/query-state';
import { toLanguage } from '../../lib/i18n';
import { canEditBoard } from '../boards/board-rules';
import { BoardsFailed } from '../boards/boards-failed';
import { subBoardsQuery } from '../boards/queries';
import { useCurrentBoard } from '../boards/use-current-board';
import { GuidedStart } from '../first-run/guided-start';
import { useReportComparisons } from '../period/comparisons';
import { PeriodControl } from '../period/period-control';
import { periodName, rangeText } from '../period/period-labels';
import { usePeriod } from '../period/period-state';
import { BoardGrid } from './board-grid';
import { formatDate } from './date-range';
import { defaultLayout } from './layout';
import './dashboard.css';

export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const { current, boards, isPending, isError, refetch } = useCurrentBoard();
  const [params, setParams] = useSearchParams();
  const subBoardId = params.get('subBoardId');
  const subBoards = useQuery({ ...subBoardsQuery(current?._id ?? ''), enabled: !!current && !!subBoardId });
  const subBoard = subBoardId ? (subBoards.data?.find((sub) => sub._id === subBoardId) ?? null) : null;
  // A sub-board of another board (after switching or deleting a board) or a deleted one: back to the board.
  const staleSubBoard = !!subBoardId && !!subBoards.data && !subBoard;
  useEffect(() => {
    if (!staleSubBoard) return;
    const next = new URLSearchParams(params);
    next.delete('subBoardId');
    setParams(next, { replace: true });
  }, [staleSubBoard, params, setParams]);

  // The period lives in the URL (usePeriod) so a reload or a shared link keeps it.
  // One period control for the dashboard and the reports: where the board has a budget it is offered
  // here too, for the export's report pages (the widgets keep their own comparison for it).
  const offer = useReportComparisons(current?._id);
  const period = usePeriod<ReportComparison>(current?._id, offer.comparisons);
  const periodLabel = `${periodName(period.choice, period.span, period.context, t)} · ${rangeText(period.span)}`;

  return (
    <Page
      testId="dashboard"
      title={t('dashboard.title')}
      subtitle={current?.name}
      actions={
        current && (
          <PeriodControl
            period={period}
            boardId={current._id}
            comparisons={offer.comparisons}
            canEditFiscalYear={canEditBoard(current)}
          />
        )
      }
    >
      {isPending || !period.ready || !offer.ready ? (
        <LoadingBlock />
      ) : isError ? (
        <BoardsFailed onRetry={refetch} />
      ) : !current || boards.length === 0 ? (
        <GuidedStart />
      ) : (
        <>
          {subBoardId && subBoards.isPending ? (
            <LoadingBlock />
          ) : subBoardId && !subBoard ? (
            <EmptyState art="chart" title={t('subBoards.notFound')} testId="sub-board-missing" />
          ) : (
            <GridFor
              board={current}
              subBoard={subBoard}
              from={period.from}
              to={period.to}
              compare={period.compare}
              periodLabel={periodLabel}
              lang={lang}
            />
          )}
          {!subBoardId && <BoardSummary board={current} />}
        </>
      )}
    </Page>
  );
}

/** The board's grid (or a sub-board's), starting from its saved layout. */
function GridFor(grid: Omit<ComponentProps<typeof BoardGrid>, 'initial'>) {
  const { board, subBoard } = grid;
  const { t } = useTranslation();
  const topCustomers = t('dashboard.topCustomers');
  const profitLoss = t('dashboard.profitLoss');
  // A board nobody has arranged yet shows the default pair; it is saved on the first change.
  const initial = useMemo(
    () =>
      subBoard
        ? subBoard.widgets
        : board.widgets.length > 0
          ? board.widgets
          : defaultLayout({ topCustomers, profitLoss }),
    [subBoard, board.widgets, topCustomers, profitLoss],
  );
  const key = subBoard ? `sub:${subBoard._id}` : `board:${board._id}`;
  return <BoardGrid key={key} {...grid} initial={initial} />;
}

function BoardSummary({ board }: { board: Board }) {
  const { t } = useTranslation();
  return (
    <section className="card dashboard-grid__summary" data-testid="board-summary">
      <header className="card__header">
        <h2 className="card__title">{t('dashboard.boardTitle')}</h2>
        <p className="card__hint">{board.name}</p>
      </header>
      <div className="card__body">
        <dl className="facts">
          <Fact label={t('dashboard.lastSynced')}>
            {board.lastSyncedAt ? formatDate(board.lastSyncedAt) : t('dashboard.neverSynced')}
          </Fact>
          <Fact label={t('dashboard.apiAccounts')}>{board.apiAccounts.length}</Fact>
          <Fact label={t('dashboard.widgetCount')} testId="board-widget-count">
            {board.widgetCount}
          </Fact>
        </dl>
        {board.apiAccounts.length === 0 ? (
          <p className="banner banner--warning">{t('dashboard.connectApi')}</p>
        ) : (
          <ul className="source-list">
            {board.apiAccounts.map((account) => (
              <li key={account._id} className="source-list__item">
                <span className="source-list__name">{account.name}</span>
                <span className="chip">{t(`dashboard.sourceType.${account.provider}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
