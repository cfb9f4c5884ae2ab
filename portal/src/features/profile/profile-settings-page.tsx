import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { profileQuery } from './queries';
import './profile.css';
import { ChangePassword } from './change-password';
import { LanguageSection } from './language-section';
import { PersonalInformation } from './personal-information';

/** /profile-settings and /profile-settings/personal-information: one page, three sections. */
export function ProfileSettingsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const profile = useQuery(profileQuery);

  return (
    <div className="page" data-testid="profile-settings">
      <header className="page__header">
        <div>
          <h1 className="page__title">{t('profile.title')}</h1>
          <p className="page__subtitle">{t('profile.subtitle')}</p>
        </div>
      </header>
      <nav className="tabs" aria-label={t('profile.sections')}>
        <a href="#personal-information">{t('profile.personal.title')}</a>
        <a href="#change-password">{t('profile.password.title')}</a>
        <a href="#language">{t('profile.language.title')}</a>
        <Link to="/profile-settings/team" data-testid="team-tab">
          {t('team.title')}
        </Link>
        <Link to="/profile-settings/billing" data-testid="billing-tab">
          {t('billing.tab')}
        </Link>
      </nav>
      {profile.isPending ? (
        <div className="card loading-block">{t('app.loading')}</div>
      ) : profile.isError ? (
        <div className="banner banner--error" role="alert">
          {errorText(errorCodeOf(profile.error))}
        </div>
      ) : (
        <div className="settings">
          <PersonalInformation profile={profile.data} />
          <ChangePassword />
          <LanguageSection />
        </div>
      )}
    </div>
  );
}
