import { formatAmount, formatDate, formatMonth, type SaldoDrillDetail } from '@saldo/sdk';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Drawer } from '../../components/drawer';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { toLanguage } from '../../lib/i18n';
import { postingsTarget } from './drill';
import { POSTINGS_PAGE_SIZE, postingsQuery } from './queries';
import './drill-panel.css';

interface DrillPanelProps {
  board: string;
  /** What was clicked, as the SDK's `saldo-drill` says it: its accounts or party or voucher, and its period. */
  detail: SaldoDrillDetail;
  onClose: () => void;
}

/** The day before an ISO date: an opening balance is the balance at the end of the day before the period. */
const dayBefore = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
};

/**
 * A side panel listing the postings behind a clicked figure, page by page, with their sum: exactly those
 * of the figure's accounts (or party, or voucher) and period, so they add up to it. A balance shows its
 * opening balance, the postings in the order booked with a running balance, and the closing balance.
 * A voucher links to the source's web app where it has one (Tripletex). A ratio (a KPI) shows its
 * numerator and denominator with their amounts, and lists the one chosen.
 */
export function DrillPanel({ board, detail, onClose }: DrillPanelProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  // A ratio (a KPI) has no postings of its own: its numerator and denominator do, one listed at a time.
  const [partIndex, setPartIndex] = useState(0);
  const parts = detail.parts ?? [];
  const figure = parts[partIndex] ?? detail;
  const target = postingsTarget(figure);
  const query = useQuery({
    ...postingsQuery(
      board,
      target ?? { from: figure.from, to: figure.to, balance: false, sign: 1, measure: 'net' },
      page,
    ),
    enabled: target !== null,
  });

  const data = query.data;
  const sign = target?.sign ?? 1;
  const debit = target?.measure === 'debit';
  const balance = target?.balance === true;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const shown = (ore: number) => formatAmount(sign * ore);
  const amountClass = (ore: number) => `num${sign * ore < 0 ? ' negative' : ''}`;
  const columns = balance ? 8 : 7;
  // Several ranges read with a space: '1400-1999, 2300-2999'.
  const what = target?.accountId ?? target?.account?.replaceAll(',', ', ');
  const partLabel = (part: SaldoDrillDetail) =>
    part.term === 'numerator' || part.term === 'denominator' ? t(`reports.drill.term.${part.term}`) : part.title;

  // The keyboard stays in the panel until it closes (Escape too), then goes back to the row that opened it;
  // a press on the dimmed page beside the panel closes it, as in the modals.
  return (
    <Drawer
      kind="overlay"
      title={detail.title}
      titleId={titleId}
      titleTestId="drill-title"
      testId="drill-panel"
      closeLabel={t('reports.drill.close')}
      onClose={onClose}
      eyebrow={t('reports.drill.title')}
      meta={
        <p className="drawer__meta" data-testid="drill-meta">
          {formatDate(figure.from)} – {formatDate(figure.to)}
          {what && ` · ${t('reports.drill.accounts', { account: what })}`}
          {target?.mrr && ` · ${t(`reports.drill.mrr.${target.mrr}`)}`}
          {target?.consolidated === 'eliminations' && ` · ${t('reports.drill.eliminations')}`}
        </p>
      }
    >
      {parts.length > 0 && (
        <fieldset className="drawer__parts" aria-label={t('reports.drill.parts')} data-testid="drill-parts">
          {parts.map((part, i) => (
            <button
              key={part.term ?? i}
              type="button"
              className="drawer__part"
              aria-pressed={i === partIndex}
              data-testid="drill-part"
              data-term={part.term}
              onClick={() => {
                setPartIndex(i);
                setPage(1);
              }}
            >
              <span className="drawer__part-role">{partLabel(part)}</span>
              <span className="drawer__part-title">{part.title}</span>
              {part.amount !== undefined && (
                <span className="drawer__part-amount" data-testid="drill-part-amount">
                  {formatAmount(part.amount)}
                </span>
              )}
            </button>
          ))}
        </fieldset>
      )}
      {figure.average && figure.amount !== undefined && (
        <p className="drawer__note drawer__note--info" data-testid="drill-average">
          {t('reports.drill.average', { amount: formatAmount(figure.amount) })}
        </p>
      )}
      {data?.openingMonths?.length ? (
        // A month of a file's opening balances: its postings are the balances before the file, not that month's.
        <p className="drawer__note drawer__note--info" data-testid="drill-opening-months">
          {t('reports.drill.openingMonths', {
            months: data.openingMonths.map((m) => formatMonth(m, toLanguage(i18n.language))).join(', '),
          })}
        </p>
      ) : null}
      {/* The postings scroll: a region reachable from the keyboard (WCAG 2.1.1), named after the panel. */}
      <div className="drawer__body" {...{ tabIndex: 0, role: 'region', 'aria-labelledby': titleId }}>
        {!target ? (
          <p className="banner banner--info" data-testid="drill-unavailable">
            {t('reports.drill.unavailable')}
          </p>
        ) : query.isError ? (
          <p className="banner banner--error" role="alert">
            {errorText(errorCodeOf(query.error))}
          </p>
        ) : !data ? (
          <div className="loading-block" role="status">
            <span className="spinner spinner--dark" aria-hidden="true" />
            {t('app.loading')}
          </div>
        ) : data.total === 0 && !balance ? (
          <p className="muted" data-testid="drill-empty">
            {t('reports.drill.none')}
          </p>
        ) : (
          <table className="data-table postings" data-testid="postings">
            <thead>
              <tr>
                <th scope="col">{t('reports.drill.period')}</th>
                <th scope="col">{t('reports.drill.date')}</th>
                <th scope="col">{t('reports.drill.voucher')}</th>
                <th scope="col">{t('reports.drill.account')}</th>
                <th scope="col">{t('reports.drill.description')}</th>
                <th scope="col">{t('reports.drill.party')}</th>
                <th scope="col" className="num">
                  {t('reports.drill.amount')}
                </th>
                {balance && (
                  <th scope="col" className="num">
                    {t('reports.drill.balance')}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {balance && page === 1 && (
                <tr className="postings__opening" data-testid="drill-opening-row">
                  <th scope="row" colSpan={columns - 1}>
                    {t('reports.drill.opening', { date: formatDate(dayBefore(figure.from)) })}
                  </th>
                  <td className={amountClass(data.openingBalance ?? 0)} data-testid="drill-opening">
                    {shown(data.openingBalance ?? 0)}
                  </td>
                </tr>
              )}
              {data.items.map((row) => (
                <tr key={row._id} data-testid="posting-row">
                  <td className="nowrap" data-testid="posting-period">
                    {formatMonth(row.period, toLanguage(i18n.language))}
                  </td>
                  <td className="nowrap" data-testid="posting-date">
                    {formatDate(row.date)}
                  </td>
                  <td className="nowrap">
                    {row.voucherUrl ? (
                      <a
                        href={row.voucherUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        title={t('reports.drill.openVoucher', { voucher: row.voucher })}
                        data-testid="voucher-link"
                      >
                        {row.voucher}
                      </a>
                    ) : (
                      row.voucher
                    )}
                  </td>
                  <td title={row.accountName ?? undefined}>{row.accountId}</td>
                  <td>{row.description ?? ''}</td>
                  <td>{row.customer ?? row.supplier ?? ''}</td>
                  <td className={debit ? 'num' : amountClass(row.amount)} data-testid="posting-amount">
                    {debit ? formatAmount(row.amount) : shown(row.amount)}
                  </td>
                  {balance && (
                    <td className={amountClass(row.balance ?? 0)} data-testid="posting-balance">
                      {shown(row.balance ?? 0)}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={columns - 1}>
                  {t(debit ? 'reports.drill.debitSum' : 'reports.drill.sum', { count: data.total })}
                </th>
                <td className="num" data-testid="drill-sum">
                  {debit ? formatAmount(data.debit) : shown(data.sum)}
                </td>
              </tr>
              {balance && (
                <tr>
                  <th scope="row" colSpan={columns - 1}>
                    {t('reports.drill.closing', { date: formatDate(figure.to) })}
                  </th>
                  <td className="num" data-testid="drill-closing">
                    {shown((data.openingBalance ?? 0) + data.sum)}
                  </td>
                </tr>
              )}
            </tfoot>
          </table>
        )}
      </div>
      {data && data.total > POSTINGS_PAGE_SIZE && (
        <footer className="drawer__footer">
          <Button
            kind="secondary"
            small
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
            data-testid="drill-previous"
          >
            {t('reports.drill.previous')}
          </Button>
          <span className="muted" data-testid="drill-page">
            {t('reports.drill.page', { page: data.page, pages })}
          </span>
          <Button
            kind="secondary"
            small
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
            data-testid="drill-next"
          >
            {t('reports.drill.next')}
          </Button>
        </footer>
      )}
      {target && <p className="drawer__note">{t(debit ? 'reports.drill.signNoteDebit' : 'reports.drill.signNote')}</p>}
    </Drawer>
  );
}
