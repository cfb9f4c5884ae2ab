import { formatDate } from '@saldo/sdk';
import { useQuery } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { EmptyState } from '../../components/empty-state';
import { Fact } from '../../components/fact';
import { LoadingBlock } from '../../components/query-state';
import { ApiError } from '../../lib/api';
import { useFixedI18n } from '../../lib/fixed-i18n';
import { formatDateTime } from '../../lib/format';
import { toLanguage } from '../../lib/i18n';
import { publicSnapshotPdfUrl, publicSnapshotQuery } from './queries';
import './public-pack-page.css';

const usePublicSnapshot = (secret: string) => useQuery({ ...publicSnapshotQuery(secret), enabled: !!secret });

/** The state a mailed link is in: 404 a link that never was, 410 one that has expired. */
function failure(error: unknown): 'notFound' | 'expired' | 'failed' {
  if (error instanceof ApiError && error.status === 404) return 'notFound';
  if (error instanceof ApiError && error.status === 410) return 'expired';
  return 'failed';
}

/**
 * /pack/{secret}: the page a sent report pack's mailed link opens, without a login: the firm that sent
 * it, the board, the pack, its period and when it was sent, and the frozen PDF to open. Read-only.
 */
export function PublicPackPage() {
  const { secret = '' } = useParams();
  const query = usePublicSnapshot(secret);
  const { i18n: own } = useTranslation();
  // In the language the pack was sent in; until it is known (or with no pack), the visitor's own.
  const i18n = useFixedI18n(query.data?.language ?? toLanguage(own.language));
  return (
    <I18nextProvider i18n={i18n}>
      <PackPage query={query} secret={secret} />
    </I18nextProvider>
  );
}

function PackPage({ query, secret }: { query: ReturnType<typeof usePublicSnapshot>; secret: string }) {
  const { t } = useTranslation();
  const info = query.data;
  const style = info?.firm ? ({ '--firm-primary': info.firm.primaryColor } as CSSProperties) : undefined;
  let body: ReactNode;
  if (query.isPending) body = <LoadingBlock />;
  else if (query.isError || !info) {
    const state = failure(query.error);
    body = (
      <EmptyState
        card={false}
        heading="h1"
        testId={`public-pack-${state}`}
        title={t(`reportPacks.public.${state}Title`)}
        body={state === 'failed' ? undefined : t(`reportPacks.public.${state}Body`)}
      />
    );
  } else
    body = (
      <article className="public-pack__card" data-testid="public-pack">
        <p className="public-pack__firm" data-testid="public-pack-firm">
          {info.firm?.name ?? t('reportPacks.public.noFirm')}
        </p>
        <h1 data-testid="public-pack-name">{info.name}</h1>
        <dl className="public-pack__facts">
          <Fact label={t('reportPacks.public.board')} testId="public-pack-board">
            {info.board}
          </Fact>
          <Fact label={t('reportPacks.public.period')} testId="public-pack-period">
            {formatDate(info.startDate)} – {formatDate(info.endDate)}
          </Fact>
          <Fact label={t('reportPacks.public.sent')} testId="public-pack-sent">
            {formatDateTime(info.sentAt)}
          </Fact>
          <Fact label={t('reportPacks.public.expires')}>{formatDate(info.linkExpiresAt)}</Fact>
        </dl>
        <a
          className="button button--primary"
          href={publicSnapshotPdfUrl(secret)}
          target="_blank"
          rel="noopener"
          data-testid="public-pack-pdf"
        >
          {t('reportPacks.public.openPdf')}
        </a>
        <p className="muted public-pack__hash">
          {t('reportPacks.public.hash')} <code data-testid="public-pack-hash">{info.contentHash}</code>
        </p>
      </article>
    );
  return (
    <div className="simple-page public-pack" style={style}>
      <header className="simple-page__header">
        <BrandMark />
      </header>
      <main className="auth-card auth-card--page auth-card--wide">{body}</main>
    </div>
  );
}
