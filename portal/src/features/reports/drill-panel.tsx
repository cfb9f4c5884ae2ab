import { formatAmount, formatDate, formatMonth, type SaldoDrillDetail } from '@saldo/sdk';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { useFocusTrap } from '../../components/use-focus-trap';
import { toLanguage } from '../../lib/i18n';
import { postingsTarget } from './drill';
import { POSTINGS_PAGE_SIZE, postingsQuery } from './queries';
import './drill-panel.css';

interface DrillPanelProps {
  board: string;
  detail: SaldoDrillDetail;
  /** yyyy-mm-dd */
  from: string;
  to: string;
  onClose: () => void;
}

/** A side panel listing the postings behind a clicked report amount, page by page, with their sum. */
export function DrillPanel({ board, detail, from, to, onClose }: DrillPanelProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const target = postingsTarget(detail);
  const query = useQuery({
    ...postingsQuery({ board, account: target?.account, accountId: target?.accountId, from, to, page }),
    enabled: target !== null,
  });

  // The keyboard stays in the panel until it closes (Escape too), then goes back to the row that opened it;
  // a press on the dimmed page beside the panel closes it, as in the modals.
  const backdrop = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLElement>(null);
  useFocusTrap(panel, true, { onEscape: onClose });
  useEffect(() => {
    const el = backdrop.current;
    const onPress = (event: MouseEvent) => {
      if (event.target === el) onClose();
    };
    el?.addEventListener('mousedown', onPress);
    return () => el?.removeEventListener('mousedown', onPress);
  }, [onClose]);

  const title =
    detail.kind === 'account'
      ? `${detail.accountId ?? detail.number} ${detail.title}`
      : detail.kind === 'cashflow-line'
        ? t(`reports.cashflowLines.${detail.key}`, { defaultValue: detail.key })
        : detail.name;
  const data = query.data;
  const sign = target?.sign ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return createPortal(
    <div className="drawer" ref={backdrop}>
      <aside
        ref={panel}
        className="drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="drill-panel"
      >
        <header className="drawer__header">
          <div>
            <p className="drawer__eyebrow">{t('reports.drill.title')}</p>
            <h2 id={titleId} className="drawer__title" data-testid="drill-title">
              {title}
            </h2>
            <p className="drawer__meta">
              {formatDate(from)} – {formatDate(to)}
              {target && ` · ${t('reports.drill.accounts', { account: target.accountId ?? target.account })}`}
            </p>
          </div>
          <button type="button" className="modal__close" aria-label={t('reports.drill.close')} onClick={onClose}>
            ×
          </button>
        </header>
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
          ) : data.total === 0 ? (
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
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr key={row._id} data-testid="posting-row">
                    <td className="nowrap" data-testid="posting-period">
                      {formatMonth(row.period, toLanguage(i18n.language))}
                    </td>
                    <td className="nowrap" data-testid="posting-date">
                      {formatDate(row.date)}
                    </td>
                    <td>{row.voucher}</td>
                    <td title={row.accountName ?? undefined}>{row.accountId}</td>
                    <td>{row.description ?? ''}</td>
                    <td>{row.customer ?? row.supplier ?? ''}</td>
                    <td className={`num${sign * row.amount < 0 ? ' negative' : ''}`}>
                      {formatAmount(sign * row.amount)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={6}>
                    {t('reports.drill.sum', { count: data.total })}
                  </th>
                  <td className="num" data-testid="drill-sum">
                    {formatAmount(sign * data.sum)}
                  </td>
                </tr>
              </tfoot>
            </table>
          )}
        </div>
        {data && data.total > POSTINGS_PAGE_SIZE && (
          <footer className="drawer__footer">
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
              data-testid="drill-previous"
            >
              {t('reports.drill.previous')}
            </button>
            <span className="muted" data-testid="drill-page">
              {t('reports.drill.page', { page: data.page, pages })}
            </span>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
              data-testid="drill-next"
            >
              {t('reports.drill.next')}
            </button>
          </footer>
        )}
        {target && <p className="drawer__note">{t('reports.drill.signNote')}</p>}
      </aside>
    </div>,
    document.body,
  );
}
