import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';
import './terms.css';

/** The terms' sections, in the order they are shown: each a heading and a paragraph in the locale files. */
export const TERMS_SECTIONS = ['service', 'account', 'data', 'sharing', 'payment', 'ending', 'contact'] as const;

/**
 * /terms: the terms a user accepts at sign-up, in plain words, in Norwegian and English (issue 27: the
 * sign-up's "Jeg godtar vilkårene" links here). Public: read before an account exists.
 */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout wide>
      <article className="terms" data-testid="terms-page">
        <h1>{t('terms.title')}</h1>
        <p className="terms__intro">{t('terms.intro')}</p>
        {TERMS_SECTIONS.map((section) => (
          <section key={section} className="terms__section">
            <h2>{t(`terms.${section}.title`)}</h2>
            <p>{t(`terms.${section}.body`)}</p>
          </section>
        ))}
        <p className="terms__back">
          <Link to="/register">{t('terms.toRegister')}</Link>
        </p>
      </article>
    </AuthLayout>
  );
}
