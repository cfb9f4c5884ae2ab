import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The tabs over the team and billing pages: profile, team, billing; the page shown is the current one. */
export function SettingsTabs({ current }: { current: 'team' | 'billing' }) {
  const { t } = useTranslation();
  const here = (tab: 'team' | 'billing') => (tab === current ? 'page' : undefined);
  return (
    <nav className="tabs" aria-label={t('profile.sections')}>
      <Link to="/profile-settings">{t('profile.title')}</Link>
      <Link to="/profile-settings/team" aria-current={here('team')}>
        {t('team.title')}
      </Link>
      <Link to="/profile-settings/billing" aria-current={here('billing')}>
        {t('billing.tab')}
      </Link>
    </nav>
  );
}
