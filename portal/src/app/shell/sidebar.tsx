import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { useFocusTrap } from '../../components/use-focus-trap';
import { SubBoardList } from '../../features/boards/sub-boards';
import type { StoredUser } from '../../lib/auth-storage';
import { Icon } from './icons';
import { buildNav, type NavItem } from './nav-items';

interface SidebarProps {
  user: StoredUser;
  /** Folded to its icons (wide screens). */
  collapsed: boolean;
  /** An off-canvas drawer (narrow screens), shown when `open`. */
  drawer: boolean;
  open: boolean;
  /** Folds or unfolds the sidebar; closes the drawer. */
  onToggle: () => void;
}

export function Sidebar({ user, collapsed, drawer, open, onToggle }: SidebarProps) {
  const { t } = useTranslation();
  const { main, pinned } = buildNav(user.menu);
  const ref = useRef<HTMLElement>(null);
  // The open drawer is a dialog over the page: the keyboard stays in it and Escape closes it, and the
  // focus goes back to the menu button.
  useFocusTrap(ref, drawer && open, { onEscape: onToggle });
  const hidden = drawer && !open;
  const label = drawer ? t('app.closeMenu') : collapsed ? t('app.expandSidebar') : t('app.collapseSidebar');
  return (
    <aside
      ref={ref}
      id="sidebar"
      className={`sidebar ${collapsed ? 'sidebar--collapsed' : ''} ${drawer ? 'sidebar--drawer' : ''} ${open ? 'sidebar--open' : ''}`}
      data-testid="sidebar"
      // Closed, the drawer is off screen: out of the tab order and of the accessibility tree too.
      inert={hidden || undefined}
      {...(drawer && open ? { role: 'dialog', 'aria-modal': true, 'aria-label': t('app.mainNavigation') } : {})}
    >
      <div className="sidebar__brand">
        {!collapsed && <BrandMark inverted />}
        <button
          type="button"
          className="sidebar__toggle"
          aria-expanded={drawer ? undefined : !collapsed}
          aria-label={label}
          title={label}
          onClick={onToggle}
          data-testid="sidebar-toggle"
        >
          {drawer ? '×' : collapsed ? '»' : '«'}
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
