import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';
import { Button } from '../../components/button';
import { Fact } from '../../components/fact';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format';
import { outboxQuery } from './outbox';
import './outbox.css';

/** /dev/outbox: read the verification and reset mails of a server without SMTP, and follow their links. */
export function OutboxPage() {
  const { t } = useTranslation();
  const outbox = useQuery({ ...outboxQuery, refetchInterval: 5000 });

  return (
    <AuthLayout wide>
      <div className="outbox" data-testid="outbox">
        <div className="outbox__header">
          <div>
            <h1>{t('outbox.title')}</h1>
            <p className="auth-card__subtitle">{t('outbox.subtitle')}</p>
          </div>
          <Button
            kind="secondary"
            onClick={() => void outbox.refetch()}
            disabled={outbox.isFetching}
            data-testid="outbox-refresh"
          >
            {t('outbox.refresh')}
          </Button>
        </div>

        <QueryState
          query={outbox}
          loading="text"
          isEmpty={(data) => data === null || data.length === 0}
          empty={
            outbox.data === null ? (
              <div className="banner banner--info" data-testid="outbox-unavailable">
                {t('outbox.smtp')}
              </div>
            ) : (
              <p className="muted" data-testid="outbox-empty">
                {t('outbox.empty')}
              </p>
            )
          }
        >
          {(messages) => (
            <ul className="outbox__list">
              {messages?.map((message) => (
                <li key={message.id} className="outbox__message" data-testid="outbox-message" data-to={message.to}>
                  <dl className="outbox__meta">
                    <Fact label={t('outbox.to')} testId="outbox-to">
                      {message.to}
                    </Fact>
                    <Fact label={t('outbox.subject')} testId="outbox-subject">
                      {message.subject}
                    </Fact>
                    <Fact label={t('outbox.time')}>
                      <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                    </Fact>
                  </dl>
                  <pre className="outbox__text">{message.text}</pre>
                  {message.links.length > 0 && (
                    <ul className="outbox__links">
                      {message.links.map((link) => (
                        <li key={link}>
                          <a href={link} data-testid="outbox-link">
                            {link}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <Link to="/login">{t('common.backToLogin')}</Link>
      </div>
    </AuthLayout>
  );
}
