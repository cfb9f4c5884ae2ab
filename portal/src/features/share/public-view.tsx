import '@saldo/sdk/register';
import type { Comparison, PublicBoard } from '@saldo/contract';
import { configure, formatDate } from '@saldo/sdk';
import { SaldoBalanceSheet, SaldoCashFlow, SaldoProfitLoss } from '@saldo/sdk/react';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, createElement, type ReactNode, useLayoutEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { NavLink, useLocation, useParams } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/query-state';
import { ApiError } from '../../lib/api';
import { useFixedI18n } from '../../lib/fixed-i18n';
import { toLanguage } from '../../lib/i18n';
import { configureSdk } from '../../lib/sdk-setup';
import { elementAttributes, elementOf } from '../dashboard/layout';
import { FirmMark } from '../firm/firm-mark';
import { PeriodControl } from '../period/period-control';
import { usePeriod } from '../period/period-state';
import { publicBoardQuery } from './queries';
import { compactRows, publicNav, publicPath, publicViewOf } from './share-rules';
import './public-view.css';

/** A visitor sees the shared figures; comparing is the board's own users'. */
const NO_COMPARISON: readonly Comparison[] = [];

const REPORTS = { profit: SaldoProfitLoss, balanceSheet: SaldoBalanceSheet, cashflow: SaldoCashFlow } as const;

/** The SDK reads with the public board id and never with a logged-in user's token while this view is up. */
function shareSdk(publicBoardId: string) {
  configure({ getToken: () => null, refresh: async () => false, shareId: publicBoardId });
}

/**
 * /public/{board|profitloss|cashflow|balancesheet}/{boardId}: a shared board without login, in the
 * language chosen when it was shared, showing only what was shared.
 */
export function PublicView() {
  const { view: segment, boardId = '' } = useParams();
  const view = publicViewOf(segment);
  const query = useQuery({ ...publicBoardQuery(boardId), enabled: !!boardId && view !== null });
  const share = query.data;
  const { i18n: own } = useTranslation();
  // Until the share says otherwise (or when there is none), the visitor's own language.
  const i18n = useFixedI18n(share?.lang ?? toLanguage(own.language));

  // Set during render as well, so elements connected in this commit already read with the share id.
  if (share) shareSdk(share.public_board_id);
  useLayoutEffect(() => {
    if (!share) return;
    shareSdk(share.public_board_id);
    // Leaving the public view (into the app) gives the SDK the user's token back.
    return () => {
      configure({ shareId: undefined });
      configureSdk();
    };
  }, [share]);

  let body: ReactNode;
  if (query.isError && query.error instanceof ApiError && query.error.status === 410) {
    body = (
      <PublicMessage titleKey="share.public.expiredTitle" bodyKey="share.public.expiredBody" testId="public-expired" />
    );
  } else if (view === null || (query.isError && query.error instanceof ApiError && query.error.status === 404)) {
    body = (
      <PublicMessage
        titleKey="share.public.notFoundTitle"
        bodyKey="share.public.notFoundBody"
        testId="public-not-found"
      />
    );
  } else if (query.isPending) {
    body = <LoadingBlock />;
  } else if (query.isError || !share) {
    body = <PublicMessage titleKey="share.public.failed" testId="public-failed" />;
  } else {
    body = <PublicBoardView share={share} view={view} />;
  }
  return <I18nextProvider i18n={i18n}>{body}</I18nextProvider>;
}

function PublicMessage({ titleKey, bodyKey, testId }: { titleKey: string; bodyKey?: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      className="public-message"
      testId={testId}
      before={<BrandMark />}
      heading="h1"
      title={t(titleKey)}
      body={bodyKey && t(bodyKey)}
    />
  );
}

function PublicBoardView({ share, view }: { share: PublicBoard; view: NonNullable<ReturnType<typeof publicViewOf>> }) {
  const { t } = useTranslation();
  // The dashboard's one period control, kept in the address, over the board's booked months (sent with
  // the share: a visitor may not ask the API for them). A link held to one period shows that period
  // only: no period to choose, and no comparison.
  const period = usePeriod(share.group._id, NO_COMPARISON, undefined, share.periods);
  // Moving between the shared pages keeps the period the visitor chose.
  const { search } = useLocation();
  const locked = share.lockedPeriod;
  const range = locked ? { from: locked.startDate, to: locked.endDate } : { from: period.from, to: period.to };
  const id = share.public_board_id;
  const shared = view.kind === 'board' || share.pages.some((page) => page.name === view.page);
  const rowOf = useMemo(() => compactRows(share.widgets), [share.widgets]);

  let content: ReactNode;
  if (!shared) {
    content = (
      <EmptyState
        testId="public-not-shared"
        title={t('share.public.notSharedTitle')}
        body={t('share.public.notSharedBody')}
      />
    );
  } else if (view.kind === 'board') {
    content =
      share.widgets.length === 0 ? (
        <EmptyState testId="public-no-widgets" title={t('share.public.noWidgets')} />
      ) : (
        <div className="public-grid" data-testid="public-grid">
          {/* In reading order, so a phone's single column (public-view.css) stacks them as they read. */}
          {[...share.widgets]
            .sort((a, b) => a.y - b.y || a.x - b.x)
            .map((widget) => (
              <section
                key={widget.id}
                className="public-grid__item"
                style={
                  {
                    // Placed by public-view.css from these, so a phone can stack them in one column.
                    '--col': widget.x + 1,
                    '--cols': widget.width,
                    '--row': (rowOf.get(widget.id) ?? widget.y) + 1,
                    '--rows': widget.height,
                  } as CSSProperties
                }
                data-testid="public-widget"
                data-widget={widget.widget}
              >
                {createElement(elementOf(widget.widget), {
                  board: share.group._id,
                  from: range.from,
                  to: range.to,
                  lang: share.lang,
                  view: locked ? 'single' : widget.view,
                  ...elementAttributes(widget),
                })}
              </section>
            ))}
        </div>
      );
  } else {
    const Element = REPORTS[view.report];
    content = (
      <section className="card report-card" data-testid="public-report">
        <div className="card__body card__body--embed">
          <Element board={share.group._id} from={range.from} to={range.to} lang={share.lang} view="months" />
        </div>
      </section>
    );
  }

  const title = view.kind === 'board' ? t('share.public.dashboard') : t(`share.page.${view.page}`);
  return (
    <div className="public-shell" data-testid="public-view">
      <aside className="sidebar" data-testid="public-sidebar">
        <div className="sidebar__brand">
          {/* The firm's own name and logo when it has a profile (issue 30), else Saldo's. */}
          {share.firm ? <FirmMark firm={share.firm} /> : <BrandMark inverted />}
        </div>
        <nav className="sidebar__nav" aria-label={t('share.public.navigation')}>
          <ul>
            {publicNav(share.pages).map((item) => (
              <li key={item}>
                <NavLink
                  to={`${publicPath(item, id)}${locked ? '' : search}`}
                  className={({ isActive }) => `sidebar__link ${isActive ? 'sidebar__link--active' : ''}`}
                  data-testid={`public-nav-${item}`}
                >
                  <span className="sidebar__label">
                    {item === 'board' ? t('share.public.dashboard') : t(`share.page.${item}`)}
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="shell__main">
        <header
          className="public-shell__header"
          // The firm's colour along the top of the page: its mark on the shared figures.
          style={share.firm ? { borderTop: `4px solid ${share.firm.primaryColor}` } : undefined}
        >
          <p className="public-shell__board" data-testid="public-board-name">
            {share.group.name}
          </p>
          <span className="chip">{t('share.public.sharedBy')}</span>
        </header>
        <main className="public-shell__content">
          <div className="page">
            <header className="page__header">
              <h1 className="page__title">{title}</h1>
              {locked ? (
                <div className="range-control">
                  <span className="range-control__label">{t('share.public.period')}</span>
                  <span className="range-control__range" data-testid="public-locked-period">
                    {formatDate(locked.startDate)} – {formatDate(locked.endDate)}
                  </span>
                </div>
              ) : (
                <PeriodControl
                  period={period}
                  boardId={share.group._id}
                  comparisons={NO_COMPARISON}
                  canEditFiscalYear={false}
                />
              )}
            </header>
            {content}
          </div>
        </main>
      </div>
    </div>
  );
}
