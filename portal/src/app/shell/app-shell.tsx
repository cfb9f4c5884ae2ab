import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { NARROW_QUERY, useMediaQuery } from '../../components/use-media-query';
import { useSession } from '../../features/auth/use-session';
import { BillingBanner } from '../../features/billing/billing-banner';
import { profileQuery } from '../../features/profile/queries';
import { SyncProvider } from '../../features/sync/sync-context';
import {
  getSidebarCollapsed,
  getSidebarDrawerOpen,
  setSidebarCollapsed,
  setSidebarDrawerOpen,
  setUser,
  subscribe,
} from '../../lib/auth-storage';
import { WelcomePrompt } from './help';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useHeadingFocus } from './use-heading-focus';
import './shell.css';

export function AppShell() {
  const session = useSession();
  const profile = useQuery({ ...profileQuery, enabled: !!session });
  const { t } = useTranslation();
  // Wide: the sidebar, folded to icons or not (remembered). Narrow (under 900 px): an off-canvas drawer
  // over the page, opened from the top bar (also remembered); choosing a page closes it.
  const narrow = useMediaQuery(NARROW_QUERY);
  const collapsed = useSyncExternalStore(subscribe, getSidebarCollapsed) && !narrow;
  const drawerOpen = useSyncExternalStore(subscribe, getSidebarDrawerOpen) && narrow;
  const { pathname, search } = useLocation();
  const place = `${pathname}${search}`;
  const lastPlace = useRef(place);
  useEffect(() => {
    if (lastPlace.current === place) return;
    lastPlace.current = place;
    if (getSidebarDrawerOpen()) setSidebarDrawerOpen(false);
  }, [place]);
  // A page change puts the focus on the new page's heading, not left in the sidebar.
  const mainRef = useRef<HTMLElement>(null);
  useHeadingFocus(mainRef);

  // Role and menu can change on the server after login; take the fresh ones so sidebar and guard follow.
  useEffect(() => {
    const data = profile.data;
    const user = session?.user;
    if (!data || !user) return;
    const changed =
      JSON.stringify(data.menu) !== JSON.stringify(user.menu) ||
      data.role.name !== user.role.name ||
      data.firstName !== user.firstName ||
      data.lastName !== user.lastName;
    if (changed) {
      setUser({ ...user, menu: data.menu, role: data.role, firstName: data.firstName, lastName: data.lastName });
    }
  }, [profile.data, session?.user]);

  // The route guard renders this only with a session; the check keeps TypeScript and a racing logout happy.
  if (!session) return null;
  return (
    <SyncProvider>
      <div
        className={`shell ${collapsed ? 'shell--collapsed' : ''} ${narrow ? 'shell--narrow' : ''}`}
        data-testid="shell"
      >
        <a className="skip-link" href="#main">
          {t('app.skipToContent')}
        </a>
        <Sidebar
          user={session.user}
          collapsed={collapsed}
          drawer={narrow}
          open={drawerOpen}
          onToggle={() => (narrow ? setSidebarDrawerOpen(false) : setSidebarCollapsed(!collapsed))}
        />
        {drawerOpen && <div className="shell__scrim" aria-hidden="true" onClick={() => setSidebarDrawerOpen(false)} />}
        <div className="shell__main" inert={drawerOpen || undefined}>
          <TopBar
            user={session.user}
            menu={
              narrow ? (
                <button
                  type="button"
                  className="topbar__menu"
                  aria-expanded={drawerOpen}
                  aria-controls="sidebar"
                  aria-label={t('app.openMenu')}
                  onClick={() => setSidebarDrawerOpen(true)}
                  data-testid="menu-button"
                >
                  <span aria-hidden="true">☰</span>
                </button>
              ) : null
            }
          />
          <main ref={mainRef} className="shell__content" id="main" tabIndex={-1}>
            <BillingBanner />
            <Outlet />
          </main>
          <WelcomePrompt user={session.user} />
        </div>
      </div>
    </SyncProvider>
  );
}
