import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import type { StoredUser } from '../../lib/auth-storage';
import { Icon } from './icons';
import { buildNav, type NavItem } from './nav-items';

export function Sidebar({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const { main, pinned } = buildNav(user.menu);
  return (
    <aside className="sidebar" data-testid="sidebar">
      <div className="sidebar__brand">
        <BrandMark inverted />
      </div>
      <nav className="sidebar__nav" aria-label={t('app.mainNavigation')}>
        <ul>
          {main.map((item) => (
            <li key={item.name}>
              <SidebarLink item={item} />
            </li>
          ))}
        </ul>
        {pinned && (
          <ul className="sidebar__pinned">
            <li>
              <SidebarLink item={pinned} />
            </li>
          </ul>
        )}
      </nav>
    </aside>
  );
}

function SidebarLink({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // "/" shows the dashboard, so its entry should light up there too; Configuration covers all of /api-settings.
  const alsoActive =
    (item.name === 'Dashboard' && pathname === '/') ||
    (item.name === 'ApiAccount' && pathname.startsWith('/api-settings'));
  return (
    <NavLink
      to={item.to}
      data-testid={`nav-${item.name}`}
      className={({ isActive }) => `sidebar__link ${isActive || alsoActive ? 'sidebar__link--active' : ''}`}
    >
      <Icon name={item.icon} />
      <span>{t(item.labelKey)}</span>
    </NavLink>
  );
}
