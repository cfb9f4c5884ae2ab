import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from './brand-mark';
import { LanguageSwitch } from './language-switch';
import './auth-layout.css';

/** The frame of every public account page: brand, language switch, one centred card. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="simple-page">
      <header className="simple-page__header">
        <Link to="/login" className="brand-link">
          <BrandMark />
        </Link>
        <LanguageSwitch />
      </header>
      <main className={`auth-card auth-card--page ${wide ? 'auth-card--wide' : ''}`}>{children}</main>
    </div>
  );
}

/** The way back to the login page at the foot of an account page's card. */
export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <p className="auth-card__footer">
      <Link to="/login">{t('common.backToLogin')}</Link>
    </p>
  );
}
