import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Tab = 'team' | 'firm' | 'billing';

/** The tabs over the team, firm and billing pages: profile, team, firm, billing; the page shown is the current one. */
export function SettingsTabs({ current }: { current: Tab }) {
  const { t } = useTranslation();
  const here = (tab: Tab) => (tab === current ? 'page' : undefined);
  return (
    <nav className="tabs" aria-label={t('profile.sections')}>
      <Link to="/profile-settings">{t('profile.title')}</Link>
      <Link to="/profile-settings/team" aria-current={here('team')}>
        {t('team.title')}
      </Link>
      <Link to="/profile-settings/firm" aria-current={here('firm')} data-testid="firm-tab">
        {t('firm.tab')}
      </Link>
      <Link to="/profile-settings/billing" aria-current={here('billing')}>
        {t('billing.tab')}
      </Link>
    </nav>
  );
}
