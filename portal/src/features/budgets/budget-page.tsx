import type { BudgetIssue, BudgetYear } from '@saldo/contract';
import { budgetIssueText } from '@saldo/contract/budgets/budgets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { useNotify } from '../../components/notifications';
import { Page } from '../../components/page';
import { LoadingBlock } from '../../components/query-state';
import { ApiError } from '../../lib/api';
import { toLanguage } from '../../lib/i18n';
import { canEditBoard } from '../boards/board-rules';
import { useCurrentBoard } from '../boards/use-current-board';
import { saveFile } from '../exports/save-file';
import { usePeriod } from '../period/period-state';
import { yearChoices } from './budget-grid';
import { BudgetTable } from './budget-table';
import { FillFromActuals } from './fill-from-actuals';
import { budgetKey, budgetQuery, downloadTemplate, importBudget } from './queries';
import './budgets.css';

/**
 * /profit/budget: the board's budget for a year, a row per P&L account or line and a column per
 * month. Entered in the grid, or imported from the template (Excel or CSV): a file with errors imports
 * nothing and lists each error with its row and column. It opens on the year of the board's period
 * (`?year=` where the user chose one), offers the years of the board's books and the next, and can
 * start the year from a year's actual figures plus a percentage.
 */
export function BudgetPage() {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const errorText = useErrorText();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const ids = useId();
  const { current, isPending } = useCurrentBoard();
  const [params, setParams] = useSearchParams();
  const thisYear = new Date().getFullYear();
  // The year asked for, else the one the board's period ends in (year to date: the last booked month's).
  const period = usePeriod(current?._id);
  const asked = Number(params.get('year')) || null;
  const year = asked ?? (period.ready && (period.periods || !current) ? Number(period.span.to.slice(0, 4)) : null);
  const budget = useQuery({ ...budgetQuery(current?._id ?? '', year ?? 0), enabled: !!current && year !== null });
  // Rows filled from the actuals, shown unsaved until the user saves them (for this board and year only).
  const [filled, setFilled] = useState<{ rows: BudgetYear; from: number; percent: string; n: number } | null>(null);
  const start = filled && filled.rows.groupId === current?._id && filled.rows.year === year ? filled : null;
  const editable = canEditBoard(current);
  const file = useRef<HTMLInputElement>(null);
  const [issues, setIssues] = useState<BudgetIssue[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setYear = (value: number) => {
    const next = new URLSearchParams(params);
    next.set('year', String(value));
    setParams(next, { replace: true });
  };

  const template = async (format: 'xlsx' | 'csv') => {
    if (!current || year === null) return;
    try {
      const got = await downloadTemplate(current._id, year, format, lang);
      saveFile(got.blob, got.filename ?? `budsjett-${year}.${format}`);
    } catch (error) {
      setFailure(errorText(errorCodeOf(error)));
    }
  };

  const upload = async (chosen: File | undefined) => {
    if (!current || !chosen) return;
    setBusy(true);
    setIssues(null);
    setFailure(null);
    try {
      const result = await importBudget(current._id, chosen);
      await queryClient.invalidateQueries({ queryKey: ['budget', current._id] });
      notify('budgets.imported');
      setFilled(null);
      setYear(result.year);
    } catch (error) {
      const refused = error instanceof ApiError ? (error.details as { issues?: BudgetIssue[] } | undefined) : undefined;
      if (refused?.issues?.length) setIssues(refused.issues);
      else setFailure(errorText(errorCodeOf(error)));
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  };

  return (
    <Page
      testId="budget-page"
      title={t('budgets.title')}
      subtitle={current?.name}
      actions={
        <Link
          className="button button--secondary"
          // The period control's address: this year to date, or the whole budget year shown.
          to={
            year === null || year === thisYear
              ? '/profit?compare=budget'
              : `/profit?from=${year}-01&to=${year}-12&compare=budget`
          }
          data-testid="budget-compare-link"
        >
          {t('budgets.compareLink')}
        </Link>
      }
    >
      <p className="budget-intro">{t('budgets.intro')}</p>
      {current && (
        <div className="budget-toolbar card" data-testid="budget-toolbar">
          <label htmlFor={`${ids}-year`} className="range-control__label">
            {t('budgets.year')}
          </label>
          <select
            id={`${ids}-year`}
            className="select"
            value={year ?? ''}
            onChange={(event) => setYear(Number(event.target.value))}
            data-testid="budget-year"
          >
            {yearChoices(budget.data?.dataYears ?? [], budget.data?.years ?? [], thisYear, year ?? undefined).map(
              (y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ),
            )}
          </select>
          {editable && year !== null && budget.data && (
            <FillFromActuals
              boardId={current._id}
              year={year}
              dataYears={budget.data.dataYears}
              onFilled={(rows, from, percent) => setFilled((was) => ({ rows, from, percent, n: (was?.n ?? 0) + 1 }))}
            />
          )}
          <span className="budget-toolbar__spacer" />
          <Button kind="secondary" onClick={() => void template('xlsx')} data-testid="budget-template">
            {t('budgets.templateXlsx')}
          </Button>
          <Button kind="secondary" onClick={() => void template('csv')} data-testid="budget-template-csv">
            {t('budgets.templateCsv')}
          </Button>
          {editable && (
            <>
              <input
                ref={file}
                id={`${ids}-file`}
                type="file"
                accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="visually-hidden"
                onChange={(event) => void upload(event.target.files?.[0])}
                data-testid="budget-file"
              />
              <label htmlFor={`${ids}-file`} className="button button--primary" aria-disabled={busy}>
                {busy ? t('budgets.importing') : t('budgets.import')}
              </label>
            </>
          )}
        </div>
      )}
      {issues && (
        <section className="banner banner--error budget-issues" role="alert" data-testid="budget-issues">
          <strong>{errorText('BUDGET_IMPORT_INVALID')}</strong>
          <ul>
            {issues.map((issue) => (
              <li key={JSON.stringify(issue)} data-testid="budget-issue">
                {budgetIssueText(issue, lang)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {failure && (
        <p className="banner banner--error" role="alert">
          {failure}
        </p>
      )}
      {isPending || (current && budget.isPending) ? (
        <LoadingBlock />
      ) : current && budget.data && year !== null ? (
        <>
          {start && (
            <p className="banner banner--info" role="status" data-testid="budget-filled">
              {t('budgets.fill.notice', { year: start.from, percent: start.percent })}
            </p>
          )}
          <BudgetTable
            key={`${current._id}|${year}|${budget.dataUpdatedAt}|${start?.n ?? 0}`}
            boardId={current._id}
            year={start ? { ...budget.data, rows: start.rows.rows } : budget.data}
            unsaved={!!start}
            editable={editable}
            lang={lang}
            onSaved={(saved) => {
              setFilled(null);
              queryClient.setQueryData(budgetKey(current._id, year), saved);
              // Every year's answer lists the years with a budget, and the P&L offers the budget by it.
              void queryClient.invalidateQueries({
                queryKey: ['budget', current._id],
                predicate: (query) => query.queryKey[2] !== year,
              });
            }}
          />
        </>
      ) : (
        <p className="banner banner--warning">
          {budget.error ? errorText(errorCodeOf(budget.error)) : t('reports.noBoard')}
        </p>
      )}
    </Page>
  );
}
