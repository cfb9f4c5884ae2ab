import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { profileQuery } from './queries';
import './profile.css';
import { ChangePassword } from './change-password';
import { LanguageSection } from './language-section';
import { PersonalInformation } from './personal-information';

/** /profile-settings and /profile-settings/personal-information: one page, three sections. */
export function ProfileSettingsPage() {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery);

  return (
    <Page testId="profile-settings" title={t('profile.title')} subtitle={t('profile.subtitle')}>
      <nav className="tabs" aria-label={t('profile.sections')}>
        <a href="#personal-information">{t('profile.personal.title')}</a>
        <a href="#change-password">{t('profile.password.title')}</a>
        <a href="#language">{t('profile.language.title')}</a>
        <Link to="/profile-settings/team" data-testid="team-tab">
          {t('team.title')}
        </Link>
        <Link to="/profile-settings/firm" data-testid="firm-tab">
          {t('firm.tab')}
        </Link>
        <Link to="/profile-settings/billing" data-testid="billing-tab">
          {t('billing.tab')}
        </Link>
      </nav>
      <QueryState query={profile} loading={<div className="card loading-block">{t('app.loading')}</div>}>
        {(data) => (
          <div className="settings">
            <PersonalInformation profile={data} />
            <ChangePassword />
            <LanguageSection />
          </div>
        )}
      </QueryState>
    </Page>
  );
}
