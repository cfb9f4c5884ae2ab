import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SyncButton } from '../../features/sync/sync-button';
import type { StoredUser } from '../../lib/auth-storage';
import { BoardDropdown } from './board-dropdown';
import { Icon } from './icons';
import { canViewBoards } from './nav-items';
import { ProfileDropdown } from './profile-dropdown';

export function TopBar({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const soon = t('topbar.notYetAvailable');
  // Spec: the sync button is hidden on admin pages.
  const onAdminPage = useLocation().pathname.startsWith('/admin');
  return (
    <header className="topbar" data-testid="topbar">
      <div className="topbar__start">{canViewBoards(user.menu) && <BoardDropdown />}</div>
      <div className="topbar__end">
        {!onAdminPage && <SyncButton user={user} />}
        {/* Sharing is a later issue; the button holds its place in the layout meanwhile. */}
        <button type="button" className="button button--ghost" disabled title={soon} data-testid="share-button">
          <Icon name="share" />
          {t('topbar.share')}
        </button>
        <span className="topbar__divider" aria-hidden="true" />
        <ProfileDropdown user={user} />
      </div>
    </header>
  );
}
