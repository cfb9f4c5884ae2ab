import type { PortfolioFigureId, PortfolioRow } from '@saldo/contract';
import { alertText } from '@saldo/contract/kpis/alerts';
import type { KpiId } from '@saldo/contract/kpis/kpis';
import { PORTFOLIO_TABLE_FIGURES } from '@saldo/contract/kpis/portfolio-table';
import { formatMonth } from '@saldo/contract/numbers/format';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { type Column, DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { useWholeColumns } from '../../components/use-whole-columns';
import { getPortfolioKpis, setPortfolioKpis } from '../../lib/auth-storage';
import { useSession } from '../auth/use-session';
import { tagsIn } from '../boards/assignment-filter';
import { AssignmentFilterFields } from '../boards/assignment-filter-fields';
import { useCurrentBoard } from '../boards/use-current-board';
import { keptKpis } from './column-rules';
import { CompanyCell } from './company-cell';
import { ExportXlsxButton } from './export-xlsx';
import { BenchmarkFooter, columnTitle, figureColumn, groupName, KpiPicker } from './figure-columns';
import { figureLink } from './figure-links';
import {
  AMOUNTS,
  type Filters,
  filterRows,
  NO_FILTERS,
  portfolioCsv,
  RATIOS,
  type Sort,
  type SortKey,
  sortRows,
} from './portfolio-rules';
import { type PortfolioCompare, portfolioQuery } from './queries';
import { SentPacksNotice } from './sent-packs-notice';
import { Sparkline } from './sparkline';
import './portfolio.css';

/** The figure columns, as the Excel export writes them too. */
const FIGURES = PORTFOLIO_TABLE_FIGURES;

/** Downloads text as a file, made in the browser (the rows are already here). */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([`\ufeff${text}`], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * /portfolio: every board the user may view in one table, the year's key figures against a comparison,
 * with the data's age, sync and health; sorted, filtered and searched here, each row opening its board.
 */
export function PortfolioPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'nor';
  const navigate = useNavigate();
  const { current, select } = useCurrentBoard();
  // Choosing a board in the top bar's menu here opens it: the portfolio is no board's page.
  const shownBoard = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!current) return;
    if (shownBoard.current !== undefined && shownBoard.current !== current._id) void navigate('/dashboard');
    shownBoard.current = current._id;
  }, [current, navigate]);
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [compare, setCompare] = useState<PortfolioCompare>('lastYear');
  const [sort, setSort] = useState<Sort>({ key: 'name', descending: false });
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // The KPI columns the user added, kept per user in this browser (as the portal keeps its other preferences).
  const userId = useSession()?.user.id ?? '';
  const [kpis, setKpis] = useState<KpiId[]>(() => keptKpis(getPortfolioKpis(userId)));
  const chooseKpis = (ids: string[]) => {
    const kept = keptKpis(JSON.stringify(ids));
    setKpis(kept);
    setPortfolioKpis(userId, kept);
  };
  const [benchmark, setBenchmark] = useState('all');
  const query = useQuery(portfolioQuery(year, compare, kpis, benchmark));
  const rows = query.data?.rows ?? [];
  const shown = useMemo(() => sortRows(filterRows(rows, filters), sort), [rows, filters, sort]);
  // The table in whole columns in its sideways scroll box, so no figure is cut at the box's edge (issue 27).
  const tableWrap = useRef<HTMLDivElement>(null);
  const tableBox = useMemo<RefObject<HTMLElement | null>>(
    () => ({
      get current() {
        return tableWrap.current?.querySelector<HTMLElement>(':scope > .table-scroll') ?? null;
      },
    }),
    [],
  );
  useWholeColumns(tableBox, `${lang} ${query.dataUpdatedAt} ${shown.map((row) => row.groupId).join()}`);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));
  const open = (row: PortfolioRow) => {
    if (row.groupId === current?._id) void navigate('/dashboard');
    else select(row.groupId);
  };
  const period = {
    startDate: query.data?.startDate ?? `${year}-01-01`,
    endDate: query.data?.endDate ?? `${year}-12-31`,
  };
  // A figure opens its board's statement at its line with the drill-down (figure-links.ts): the board
  // chosen here opens that page, not the dashboard.
  const openFigure = (row: PortfolioRow, id: PortfolioFigureId) => {
    shownBoard.current = row.groupId;
    select(row.groupId);
    void navigate(figureLink(id, period, compare));
  };

  const heading = (key: SortKey, text: string) => (
    <button
      type="button"
      className="portfolio__sort"
      data-sorted={sort.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined}
      onClick={() => setSort((s) => ({ key, descending: s.key === key ? !s.descending : key !== 'name' }))}
      data-testid={`portfolio-sort-${key}`}
    >
      {text}
      {sort.key === key ? (sort.descending ? ' ▼' : ' ▲') : ''}
    </button>
  );

  const columns: Column<PortfolioRow>[] = [
    {
      header: heading('name', t('portfolio.company')),
      cell: (row) => <CompanyCell row={row} onOpen={open} />,
    },
    ...[...FIGURES, ...kpis].map((id) =>
      figureColumn(id, query.data!, lang, heading(id, columnTitle(id, lang, t)), t, openFigure),
    ),
    {
      header: t('portfolio.trend'),
      cell: (row) => (
        <span className="portfolio__sparks">
          <Sparkline values={row.sparkline.revenue} label={t('portfolio.figures.revenue')} />
          <Sparkline values={row.sparkline.result} label={t('portfolio.figures.result')} />
        </span>
      ),
    },
    {
      header: heading('lastBookedMonth', t('portfolio.lastBooked')),
      cell: (row) => (row.lastBookedMonth ? formatMonth(row.lastBookedMonth, lang) : '–'),
    },
    {
      header: heading('dataAgeDays', t('portfolio.synced')),
      cell: (row) =>
        row.syncFailed ? (
          <span className="portfolio__bad">{t('portfolio.syncFailed')}</span>
        ) : row.dataAgeDays === null ? (
          t('portfolio.neverSynced')
        ) : row.dataAgeDays === 0 ? (
          t('portfolio.today')
        ) : (
          t('portfolio.daysAgo', { count: row.dataAgeDays })
        ),
    },
    {
      header: heading('severity', t('portfolio.health')),
      cell: (row) => (
        <span className={`portfolio__health portfolio__health--${row.severity ?? 'ok'}`}>
          {t(`portfolio.severity.${row.severity ?? 'ok'}`)}
        </span>
      ),
    },
    { header: t('portfolio.responsible'), cell: (row) => row.responsible?.name ?? '–' },
    {
      header: t('portfolio.alerts'),
      cell: (row) =>
        row.alerts.length === 0 ? (
          '–'
        ) : (
          <Link
            to={`/alerts?groupId=${encodeURIComponent(row.groupId)}`}
            className="portfolio__alert"
            data-testid="portfolio-alert"
            title={row.alerts.map((a) => `${a.ruleName}: ${alertText(a, lang)}`).join('\n')}
          >
            ⚑ {row.alerts.map((a) => `${a.ruleName}: ${alertText(a, lang)}`).join('; ')}
          </Link>
        ),
    },
  ];

  const headings = Object.fromEntries([
    ['name', t('portfolio.company')],
    ['orgNumber', t('portfolio.orgNumber')],
    ['lastBookedMonth', t('portfolio.lastBooked')],
    ...[...AMOUNTS, ...RATIOS, ...kpis].map((id) => [id, columnTitle(id, lang, t)]),
  ]);

  return (
    <div className="page portfolio" data-testid="portfolio-page">
      <PageHeader
        title={t('portfolio.title')}
        subtitle={t('portfolio.subtitle')}
        actions={
          <span className="portfolio__actions">
            <Link to="/alerts" className="button button--secondary" data-testid="portfolio-alerts-link">
              {t('nav.alerts')}
            </Link>
            <Button
              kind="secondary"
              disabled={shown.length === 0}
              onClick={() => download(`portefolje-${year}.csv`, portfolioCsv(shown, headings, kpis))}
              data-testid="portfolio-csv"
            >
              {t('portfolio.exportCsv')}
            </Button>
            <ExportXlsxButton
              view={{ period, compare, kpis, benchmark, sort, filters }}
              disabled={shown.length === 0}
            />
          </span>
        }
      />
      <div className="portfolio__filters">
        <input
          type="search"
          className="portfolio__search"
          placeholder={t('portfolio.search')}
          aria-label={t('portfolio.search')}
          value={filters.search}
          onChange={(e) => set({ search: e.target.value })}
          data-testid="portfolio-search"
        />
        <select
          className="select select--small"
          aria-label={t('portfolio.year')}
          value={year}
          onChange={(e) => setYear(Number(e.target.value))}
        >
          {[thisYear, thisYear - 1, thisYear - 2].map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        <select
          className="select select--small"
          aria-label={t('portfolio.compareWith')}
          value={compare}
          onChange={(e) => setCompare(e.target.value as PortfolioCompare)}
          data-testid="portfolio-compare"
        >
          <option value="lastYear">{t('portfolio.compare.lastYear')}</option>
          <option value="previous">{t('portfolio.compare.previous')}</option>
          <option value="budget">{t('portfolio.compare.budget')}</option>
        </select>
        <AssignmentFilterFields rows={rows} value={filters} onChange={set} testId="portfolio-filter" />
        <select
          className="select select--small"
          aria-label={t('portfolio.benchmark.label')}
          value={benchmark}
          onChange={(e) => setBenchmark(e.target.value)}
          data-testid="portfolio-benchmark-group"
        >
          {['all', ...tagsIn(rows).map((tag) => `tag:${tag}`)].map((group) => (
            <option key={group} value={group}>
              {t('portfolio.benchmark.option', { group: groupName(group, t) })}
            </option>
          ))}
        </select>
        <KpiPicker chosen={kpis} onChange={chooseKpis} lang={lang} />
        <select
          className="select select--small"
          aria-label={t('portfolio.health')}
          value={filters.health}
          onChange={(e) => set({ health: e.target.value as Filters['health'] })}
        >
          <option value="">{t('portfolio.anyHealth')}</option>
          <option value="error">{t('portfolio.severity.error')}</option>
          <option value="warning">{t('portfolio.severity.warning')}</option>
          <option value="ok">{t('portfolio.severity.ok')}</option>
        </select>
        <label className="portfolio__check">
          <input
            type="checkbox"
            checked={filters.needsAttention}
            onChange={(e) => set({ needsAttention: e.target.checked })}
            data-testid="portfolio-attention"
          />{' '}
          {t('portfolio.needsAttention')}
        </label>
      </div>
      <QueryState
        query={query}
        isEmpty={(d) => d.rows.length === 0}
        emptyText={t('portfolio.empty')}
        emptyTestId="portfolio-empty"
      >
        {(data) => (
          <>
            <SentPacksNotice data={data} />
            <div ref={tableWrap}>
              <DataTable
                columns={columns}
                rows={shown}
                rowKey={(row) => row.groupId}
                rowProps={(row) => ({ 'data-testid': 'portfolio-row', 'data-board': row.groupId })}
                className="portfolio__table"
                scroll={{ label: t('portfolio.title') }}
                empty={{ text: t('portfolio.noMatch'), testId: 'portfolio-no-match' }}
                footer={
                  <BenchmarkFooter
                    data={data}
                    ids={[...FIGURES, ...kpis]}
                    before={1}
                    after={columns.length - 1 - FIGURES.length - kpis.length}
                    lang={lang}
                  />
                }
              />
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
