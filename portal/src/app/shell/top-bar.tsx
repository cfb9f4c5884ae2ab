import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { canEditBoard, canShareBoard } from '../../features/boards/board-rules';
import { useCurrentBoard } from '../../features/boards/use-current-board';
import { DataHealthBadge } from '../../features/data-health/data-health-badge';
import { ShareDropdown } from '../../features/share/share-dropdown';
import { SyncButton } from '../../features/sync/sync-button';
import type { StoredUser } from '../../lib/auth-storage';
import { BoardDropdown } from './board-dropdown';
import { canViewBoards, isAdminPath } from './nav-items';
import { ProfileDropdown } from './profile-dropdown';

/** `menu`: the button that opens the sidebar drawer on a narrow screen (null on a wide one). */
export function TopBar({ user, menu }: { user: StoredUser; menu?: ReactNode }) {
  // Spec: the sync button is hidden on admin pages.
  const onAdminPage = isAdminPath(useLocation().pathname);
  // A board shared with the user shows only what their role on it allows (SPEC §6).
  const { current } = useCurrentBoard();
  return (
    <header className="topbar" data-testid="topbar">
      <div className="topbar__start">
        {menu}
        {canViewBoards(user.menu) && <BoardDropdown />}
      </div>
      <div className="topbar__end">
        {canViewBoards(user.menu) && !onAdminPage && <DataHealthBadge />}
        {!onAdminPage && (!current || canEditBoard(current)) && <SyncButton user={user} />}
        {canViewBoards(user.menu) && (!current || canShareBoard(current)) && <ShareDropdown />}
        <span className="topbar__divider" aria-hidden="true" />
        <ProfileDropdown user={user} />
      </div>
    </header>
  );
}
