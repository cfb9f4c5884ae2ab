import type { ShareLink } from '@saldo/contract';
import { formatDate } from '@saldo/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../components/error-text';
import { useNotify, useNotifyError } from '../../components/notifications';
import { QueryState } from '../../components/query-state';
import { toLanguage } from '../../lib/i18n';
import { buildCatalogue, widgetConfigurationsQuery } from '../dashboard/queries';
import { linkWidgetTitle } from './link-titles';
import { revokeShareLink, shareLinksQuery } from './queries';
import './share-panel.css';

/**
 * The board's public links, newest first: the live ones (when made, until when, how often and when
 * last viewed, what they show, and a Revoke button that stops a link at once), then, apart and marked,
 * the expired ones. Those open nothing any more but stay listed until deleted, so the owner sees why
 * a link someone was sent no longer works.
 */
export function ShareLinks({ boardId }: { boardId: string }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const links = useQuery(shareLinksQuery(boardId));
  const configurations = useQuery(widgetConfigurationsQuery);
  const lang = toLanguage(i18n.language);
  const typeTitle = (type: string) => {
    const name = buildCatalogue(configurations.data ?? []).find((c) => c.widget === type)?.name;
    return name ? (lang === 'en' ? name.en : name.no) : type;
  };
  const titleOf = (entry: string) => linkWidgetTitle(entry, lang === 'en' ? 'en' : 'no', typeTitle);
  const revoke = useMutation({
    mutationFn: (link: ShareLink) => revokeShareLink(link._id),
    onSuccess: (_, link) => {
      notify(link.expired ? 'share.deleted' : 'share.revoked');
      void client.invalidateQueries({ queryKey: ['share-links', boardId] });
      void client.invalidateQueries({ queryKey: ['boards'] });
    },
    onError: (error) => notifyError(errorCodeOf(error)),
  });
  const item = (link: ShareLink) => (
    <li
      key={link._id}
      className="share-links__item"
      data-testid="share-link-item"
      data-link-id={link._id}
      data-expired={link.expired ? 'true' : undefined}
    >
      <div className="share-links__what">{describe(link, titleOf, t)}</div>
      <div className="share-links__meta">
        {t('share.linkCreated', { date: formatDate(link.createdAt) })}
        {' · '}
        {link.expired && link.expiresAt ? (
          <span className="share-links__expired">{t('share.linkExpiredOn', { date: formatDate(link.expiresAt) })}</span>
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
        className={`button button--small ${link.expired ? 'button--secondary' : 'button--danger'}`}
        onClick={() => revoke.mutate(link)}
        disabled={revoke.isPending}
        data-testid="share-link-revoke"
      >
        {link.expired ? t('share.deleteLink') : t('share.revoke')}
      </button>
    </li>
  );
  const live = links.data?.filter((link) => !link.expired) ?? [];
  const expired = links.data?.filter((link) => link.expired) ?? [];

  return (
    <section className="share-panel__links" aria-label={t('share.links')} data-testid="share-links">
      <p className="share-panel__label">{t('share.links')}</p>
      <QueryState
        query={links}
        loading={<p className="share-panel__hint">{t('app.loading')}</p>}
        error={() => <p className="field__error">{t('share.linksFailed')}</p>}
        emptyText={t('share.linksNone')}
        emptyClassName="share-panel__hint"
        emptyTestId="share-links-empty"
      >
        {() => (
          <>
            {live.length === 0 ? (
              <p className="share-panel__hint" data-testid="share-links-empty">
                {t('share.linksNoneLive')}
              </p>
            ) : (
              <ul className="share-links" data-testid="share-links-live">
                {live.map(item)}
              </ul>
            )}
            {expired.length > 0 && (
              <>
                <p className="share-panel__label share-links__expired-heading">{t('share.linksExpired')}</p>
                <p className="share-panel__hint">{t('share.linksExpiredHint')}</p>
                <ul className="share-links share-links--expired" data-testid="share-links-expired">
                  {expired.map(item)}
                </ul>
              </>
            )}
          </>
        )}
      </QueryState>
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
