import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { SubBoardList } from '../../features/boards/sub-boards';
import type { StoredUser } from '../../lib/auth-storage';
import { Icon } from './icons';
import { buildNav, type NavItem } from './nav-items';

export function Sidebar({ user, collapsed, onToggle }: { user: StoredUser; collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const { main, pinned } = buildNav(user.menu);
  return (
    <aside className={`sidebar ${collapsed ? 'sidebar--collapsed' : ''}`} data-testid="sidebar">
      <div className="sidebar__brand">
        {!collapsed && <BrandMark inverted />}
        <button
          type="button"
          className="sidebar__toggle"
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('app.expandSidebar') : t('app.collapseSidebar')}
          title={collapsed ? t('app.expandSidebar') : t('app.collapseSidebar')}
          onClick={onToggle}
          data-testid="sidebar-toggle"
        >
          {collapsed ? '»' : '«'}
        </button>
      </div>
      <nav className="sidebar__nav" aria-label={t('app.mainNavigation')}>
        <ul>
          {main.map((item) => (
            <li key={item.name}>
              <SidebarLink item={item} />
              {item.name === 'Dashboard' && <SubBoardList collapsed={collapsed} />}
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
  const { search } = useLocation();
  const onSubBoard = search.includes('subBoardId=');
  const alsoActive =
    (item.name === 'Dashboard' && pathname === '/') ||
    (item.name === 'ApiAccount' && pathname.startsWith('/api-settings'));
  return (
    <NavLink
      to={item.to}
      data-testid={`nav-${item.name}`}
      title={t(item.labelKey)}
      className={({ isActive }) =>
        `sidebar__link ${(isActive || alsoActive) && !(item.name === 'Dashboard' && onSubBoard) ? 'sidebar__link--active' : ''}`
      }
    >
      <Icon name={item.icon} />
      <span className="sidebar__label">{t(item.labelKey)}</span>
    </NavLink>
  );
}
