import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSwitch } from '../../components/language-switch';

/** Placeholder until resending the verification e-mail is built; login sends unverified users here. */
export function SendVerificationPage() {
  const { t } = useTranslation();
  return (
    <div className="simple-page">
      <header className="simple-page__header">
        <BrandMark />
        <LanguageSwitch />
      </header>
      <main className="auth-card auth-card--centered" data-testid="send-verification">
        <span className="badge">{t('placeholder.badge')}</span>
        <h1>{t('sendVerification.title')}</h1>
        <p className="auth-card__subtitle">{t('sendVerification.body')}</p>
        <Link className="button button--secondary" to="/login">
          {t('sendVerification.backToLogin')}
        </Link>
      </main>
    </div>
  );
}
