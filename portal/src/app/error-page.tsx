import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { BrandMark } from '../components/brand-mark';
import { clearAll } from '../lib/auth-storage';
import '../components/auth-layout.css';

/** The spec's fatal error screen: what happened, and a way back in. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div className="simple-page">
      <header className="simple-page__header">
        <BrandMark />
      </header>
      <main className="auth-card auth-card--centered" role="alert" data-testid="fatal-error">
        <h1>{t('errorPage.title')}</h1>
        <p className="auth-card__subtitle">{message}</p>
        {/* A full page load on purpose: whatever state broke the app is thrown away with the session. */}
        <a className="button button--primary" href="/login" onClick={() => clearAll()}>
          {t('errorPage.loginAgain')}
        </a>
      </main>
    </div>
  );
}
