import { useLocation } from 'react-router';
import { DataHealthBadge } from '../../features/data-health/data-health-badge';
import { ShareDropdown } from '../../features/share/share-dropdown';
import { SyncButton } from '../../features/sync/sync-button';
import type { StoredUser } from '../../lib/auth-storage';
import { BoardDropdown } from './board-dropdown';
import { canViewBoards, isAdminPath } from './nav-items';
import { ProfileDropdown } from './profile-dropdown';

export function TopBar({ user }: { user: StoredUser }) {
  // Spec: the sync button is hidden on admin pages.
  const onAdminPage = isAdminPath(useLocation().pathname);
  return (
    <header className="topbar" data-testid="topbar">
      <div className="topbar__start">{canViewBoards(user.menu) && <BoardDropdown />}</div>
      <div className="topbar__end">
        {canViewBoards(user.menu) && !onAdminPage && <DataHealthBadge />}
        {!onAdminPage && <SyncButton user={user} />}
        {canViewBoards(user.menu) && <ShareDropdown />}
        <span className="topbar__divider" aria-hidden="true" />
        <ProfileDropdown user={user} />
      </div>
    </header>
  );
}
