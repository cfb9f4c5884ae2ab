import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { initials } from '../../components/initials';
import { LanguageSwitch } from '../../components/language-switch';
import { useDismiss } from '../../components/use-dismiss';
import { useLogout } from '../../features/auth/use-logout';
import type { StoredUser } from '../../lib/auth-storage';
import { Icon } from './icons';

export function ProfileDropdown({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    <div className="dropdown" ref={ref} data-testid="profile-dropdown">
      <button
        type="button"
        className="profile-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('topbar.profileMenu')}
        onClick={() => setOpen((value) => !value)}
        data-testid="profile-menu-button"
      >
        <span className="avatar avatar--user" aria-hidden="true">
          {initials(fullName)}
        </span>
        <span className="profile-button__name">{fullName}</span>
        <Icon name="chevron" />
      </button>
      {open && (
        <div className="dropdown__panel dropdown__panel--right" id={menuId}>
          <div className="profile-card">
            <span className="avatar avatar--user avatar--large" aria-hidden="true">
              {initials(fullName)}
            </span>
            <div>
              <p className="profile-card__name">{fullName}</p>
              <p className="profile-card__email">{user.email}</p>
            </div>
          </div>
          <div className="dropdown__divider" />
          <Link className="dropdown__item" to="/profile-settings" onClick={close} data-testid="profile-link">
            <Icon name="user" />
            {t('topbar.profile')}
          </Link>
          <div className="dropdown__row">
            <span>{t('language.label')}</span>
            <LanguageSwitch />
          </div>
          <div className="dropdown__divider" />
          <button
            type="button"
            className="dropdown__item dropdown__item--danger"
            onClick={() => {
              close();
              void logout();
            }}
            data-testid="logout-button"
          >
            <Icon name="logout" />
            {t('topbar.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
