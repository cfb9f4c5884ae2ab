import type { ReportComparison } from '@saldo/contract';
import type { SaldoDrillDetail, SaldoReportElement } from '@saldo/sdk';
import { SaldoBalanceSheet, SaldoCashFlow, SaldoProfitLoss } from '@saldo/sdk/react';
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { LoadingBlock } from '../../components/query-state';
import { toLanguage } from '../../lib/i18n';
import { canEditBoard } from '../boards/board-rules';
import { BoardsFailed } from '../boards/boards-failed';
import { useCurrentBoard } from '../boards/use-current-board';
import { useReportComparisons } from '../period/comparisons';
import { PeriodControl } from '../period/period-control';
import { usePeriod } from '../period/period-state';
import { useSync } from '../sync/sync-context';
import { DrillPanel } from './drill-panel';
import { useOpenLine } from './open-line';
import './range-picker.css';
import './report-page.css';

export type ReportKind = 'profit' | 'balanceSheet' | 'cashflow';

const ELEMENTS = { profit: SaldoProfitLoss, balanceSheet: SaldoBalanceSheet, cashflow: SaldoCashFlow } as const;

/**
 * /profit, /balance-sheet and /cashflow: the period and comparison (the period control's, kept in the
 * URL, so a reload or a shared link keeps them), the SDK element for the current board, the page's own message for a
 * period without data, and the postings behind a clicked amount.
 */
export function ReportPage({ kind }: { kind: ReportKind }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const { current, boards, isPending, isError, refetch } = useCurrentBoard();
  // Every statement also compares with last year's end, and with the board's budget where it has one.
  const offer = useReportComparisons(current?._id, undefined, true);
  const period = usePeriod<ReportComparison>(current?._id, offer.comparisons);
  const { from, to, compare } = period;
  const [params, setParams] = useSearchParams();
  const element = useRef<SaldoReportElement<unknown>>(null);
  const [drill, setDrill] = useState<SaldoDrillDetail | null>(null);
  // The P&L's share-of-revenue column, kept in the URL with the period (and at once on screen: the
  // router updates the URL a moment later).
  const [share, setShare] = useState(() => kind === 'profit' && params.get('share') === '1');

  // The element's empty state is replaced by the page's message; it belongs to one board and query.
  const queryKey = `${current?._id}|${from}|${to}|${compare}`;
  const [emptyFor, setEmptyFor] = useState<string | null>(null);
  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;
  // A link to one line (a portfolio figure's) opens its drill-down once the statement is drawn.
  const openAsked = useOpenLine(element as RefObject<HTMLElement | null>, params.get('line'));
  const onReady = useCallback(() => {
    setEmptyFor(element.current?.state.status === 'empty' ? keyRef.current : null);
    if (element.current?.state.status === 'data') openAsked();
  }, [openAsked]);
  const empty = emptyFor === queryKey;

  // Spec §4: after a sync the reports reload (the element fetches by itself only when an attribute changes).
  const completions = useSync().view.completions;
  const seen = useRef(completions);
  useEffect(() => {
    if (completions === seen.current) return;
    seen.current = completions;
    element.current?.reload();
  }, [completions]);

  const Element = ELEMENTS[kind];
  const onDrill = useCallback((event: CustomEvent<SaldoDrillDetail>) => setDrill(event.detail), []);
  const closeDrill = useCallback(() => setDrill(null), []);

  let body: ReactNode;
  if (isPending || !period.ready || !offer.ready) {
    body = <LoadingBlock />;
  } else if (isError) {
    body = <BoardsFailed onRetry={refetch} />;
  } else if (!current || boards.length === 0) {
    body = (
      <EmptyState art="chart" title={t('dashboard.noBoardsTitle')} body={t('reports.noBoard')} testId="no-boards" />
    );
  } else if (current.apiAccounts.length === 0) {
    body = (
      <EmptyState
        art="chart"
        title={t('dashboard.connectApi')}
        body={t('reports.noApiBody')}
        testId="no-api-accounts"
      />
    );
  } else {
    body = (
      <>
        {empty && (
          <EmptyState
            art="chart"
            title={t(`reports.empty.${kind}`)}
            body={t('reports.emptyBody', { range: `${from.replaceAll('-', '/')} – ${to.replaceAll('-', '/')}` })}
            testId="report-empty"
          />
        )}
        <section className="card report-card" hidden={empty} data-testid="report-card">
          <div className="card__body card__body--embed">
            <Element
              key={current._id}
              ref={element as never}
              board={current._id}
              from={from}
              to={to}
              lang={lang}
              // Comparison columns sit beside one figure per line; month columns would push them out of view.
              view={compare ? 'total' : 'months'}
              compare={compare ?? undefined}
              {...(kind === 'profit' ? { showShare: share } : {})}
              onSaldoReady={onReady}
              onSaldoDrill={onDrill}
            />
          </div>
        </section>
      </>
    );
  }

  return (
    <Page
      testId={`report-page-${kind}`}
      title={t(`pages.${kind}`)}
      subtitle={current?.name}
      actions={
        kind === 'profit' &&
        current && (
          <Link className="button button--secondary" to="/profit/budget" data-testid="budget-link">
            {t('budgets.open')}
          </Link>
        )
      }
    >
      {current && (
        <div className="report-controls" data-testid="report-controls">
          <PeriodControl
            period={period}
            boardId={current._id}
            comparisons={offer.comparisons}
            canEditFiscalYear={canEditBoard(current)}
          />
        </div>
      )}
      {kind === 'profit' && (
        <label className="report-option">
          <input
            type="checkbox"
            checked={share}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              if (event.target.checked) next.set('share', '1');
              else next.delete('share');
              setShare(event.target.checked);
              setParams(next, { replace: true });
            }}
            data-testid="share-toggle"
          />
          {t('reports.showShare')}
        </label>
      )}
      {kind === 'balanceSheet' && (
        // The usual Norwegian balance sheet: the period end beside last year's end (issue 27).
        <label className="report-option">
          <input
            type="checkbox"
            checked={compare === 'yearEnd'}
            onChange={(event) => period.setCompare(event.target.checked ? 'yearEnd' : null)}
            data-testid="balance-standard"
          />
          {t('reports.balanceStandard')}
        </label>
      )}
      {body}
      {/* The panel lists the postings of the clicked figure's own period: a February cell, February's. */}
      {drill && current && <DrillPanel board={current._id} detail={drill} onClose={closeDrill} />}
    </Page>
  );
}
