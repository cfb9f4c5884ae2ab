import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../features/auth/use-session';
import { BillingBanner } from '../../features/billing/billing-banner';
import { profileQuery } from '../../features/profile/queries';
import { SyncProvider } from '../../features/sync/sync-context';
import { setUser } from '../../lib/auth-storage';
import { WelcomePrompt } from './help';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import './shell.css';

export function AppShell() {
  const session = useSession();
  const profile = useQuery({ ...profileQuery, enabled: !!session });
  const [collapsed, setCollapsed] = useState(false);

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
      <div className={`shell ${collapsed ? 'shell--collapsed' : ''}`} data-testid="shell">
        <Sidebar user={session.user} collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
        <div className="shell__main">
          <TopBar user={session.user} />
          <main className="shell__content">
            <BillingBanner />
            <Outlet />
          </main>
          <WelcomePrompt user={session.user} />
        </div>
      </div>
    </SyncProvider>
  );
}
