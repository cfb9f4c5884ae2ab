import type { ShareLink } from '@saldo/contract';
import { formatDate } from '@saldo/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../components/error-text';
import { useNotify, useNotifyError } from '../../components/notifications';
import { toLanguage } from '../../lib/i18n';
import { buildCatalogue, widgetConfigurationsQuery } from '../dashboard/queries';
import { revokeShareLink, shareLinksQuery } from './api';
import './share-panel.css';

/**
 * The board's public links, newest first: when made, until when, how often and when last viewed,
 * what they show, and a Revoke button that stops a link at once.
 */
export function ShareLinks({ boardId }: { boardId: string }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const links = useQuery(shareLinksQuery(boardId));
  const configurations = useQuery(widgetConfigurationsQuery);
  const lang = toLanguage(i18n.language);
  const titleOf = (type: string) => {
    const name = buildCatalogue(configurations.data ?? []).find((c) => c.widget === type)?.name;
    return name ? (lang === 'en' ? name.en : name.no) : type;
  };
  const revoke = useMutation({
    mutationFn: revokeShareLink,
    onSuccess: () => {
      notify('share.revoked');
      void client.invalidateQueries({ queryKey: ['share-links', boardId] });
      void client.invalidateQueries({ queryKey: ['boards'] });
    },
    onError: (error) => notifyError(errorCodeOf(error)),
  });

  return (
    <section className="share-panel__links" aria-label={t('share.links')} data-testid="share-links">
      <p className="share-panel__label">{t('share.links')}</p>
      {links.isPending ? (
        <p className="share-panel__hint">{t('app.loading')}</p>
      ) : links.isError ? (
        <p className="field__error">{t('share.linksFailed')}</p>
      ) : links.data.length === 0 ? (
        <p className="share-panel__hint" data-testid="share-links-empty">
          {t('share.linksNone')}
        </p>
      ) : (
        <ul className="share-links">
          {links.data.map((link) => (
            <li key={link._id} className="share-links__item" data-testid="share-link-item" data-link-id={link._id}>
              <div className="share-links__what">{describe(link, titleOf, t)}</div>
              <div className="share-links__meta">
                {t('share.linkCreated', { date: formatDate(link.createdAt) })}
                {' · '}
                {link.expired ? (
                  <span className="share-links__expired">{t('share.linkExpired')}</span>
                ) : link.expiresAt ? (
                  t('share.linkExpires', { date: formatDate(link.expiresAt) })
                ) : (
                  t('share.expiresNever')
                )}
                {' · '}
                {t('share.linkViews', { count: link.views })}
                {link.lastViewedAt && `, ${t('share.linkLastViewed', { date: formatDate(link.lastViewedAt) })}`}
              </div>
              <button
                type="button"
                className="button button--danger button--small"
                onClick={() => revoke.mutate(link._id)}
                disabled={revoke.isPending}
                data-testid="share-link-revoke"
              >
                {t('share.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Top 10 customers, Profit and loss (NOR) · 2025/01/01–2025/12/31": what a link shows. */
function describe(link: ShareLink, titleOf: (type: string) => string, t: (key: string) => string): string {
  const parts = [...link.widgets.map(titleOf), ...link.pages.map((page) => t(`share.page.${page}`))];
  const period = link.lockedPeriod
    ? ` · ${formatDate(link.lockedPeriod.startDate)}–${formatDate(link.lockedPeriod.endDate)}`
    : '';
  return `${parts.join(', ')} (${link.lang === 'en' ? 'EN' : 'NOR'})${period}`;
}
