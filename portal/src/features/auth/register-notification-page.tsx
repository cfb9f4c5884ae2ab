import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { errorCodeOf } from '../../components/error-text';
import { useOutboxAvailable } from '../dev/outbox';
import { sendVerificationEmail } from './queries';
import { isValidEmail } from './validation';

/** /register-notification?email=: "check your e-mail", with a resend button. */
export function RegisterNotificationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const hasEmail = isValidEmail(email);
  const outbox = useOutboxAvailable();
  const resend = useMutation({ mutationFn: sendVerificationEmail });

  return (
    <AuthLayout>
      <div data-testid="register-notification">
        <span className="auth-card__icon" aria-hidden="true">
          ✉
        </span>
        <h1>{t('registerNotification.title')}</h1>
        <p className="auth-card__subtitle">
          {hasEmail ? t('registerNotification.body', { email }) : t('registerNotification.bodyNoEmail')}
        </p>
        {resend.isSuccess && (
          <div className="banner banner--success" role="status" data-testid="resend-success">
            {t('sendVerification.sent')}
          </div>
        )}
        {resend.isError && <ErrorBanner code={errorCodeOf(resend.error)} testId="resend-error" />}
        <div className="auth-card__actions">
          {hasEmail ? (
            <Button
              kind="secondary"
              disabled={resend.isPending}
              onClick={() => resend.mutate(email)}
              data-testid="resend-button"
            >
              {resend.isPending && <span className="spinner spinner--dark" aria-hidden="true" />}
              {t('registerNotification.resend')}
            </Button>
          ) : (
            <Link className="button button--secondary" to="/send-verification">
              {t('registerNotification.resend')}
            </Link>
          )}
          {outbox && (
            <Link className="button button--secondary" to="/dev/outbox" data-testid="open-outbox">
              {t('outbox.open')}
            </Link>
          )}
          <Link className="button button--primary" to="/login">
            {t('common.toLogin')}
          </Link>
        </div>
      </div>
    </AuthLayout>
  );
}
