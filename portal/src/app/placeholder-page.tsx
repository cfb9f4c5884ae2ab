import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Stands in for pages that later issues build, so the navigation already works end to end. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="placeholder-page">
      <header className="page__header">
        <h1 className="page__title">{t(titleKey)}</h1>
      </header>
      <div className="card empty-state">
        <span className="badge">{t('placeholder.badge')}</span>
        <h2>{t(titleKey)}</h2>
        <p>{t('placeholder.body')}</p>
        <Link className="button button--secondary" to="/dashboard">
          {t('placeholder.backToDashboard')}
        </Link>
      </div>
    </div>
  );
}
