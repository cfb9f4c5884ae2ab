import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { openOnArrowDown, useArrowKeys } from '../../components/use-arrow-keys';
import { useDismiss } from '../../components/use-dismiss';
import { UserAvatar } from '../../components/user-avatar';
import { useLogout } from '../../features/auth/use-logout';
import { FeedbackDialog } from '../../features/help/feedback-dialog';
import { profileQuery } from '../../features/profile/queries';
import type { StoredUser } from '../../lib/auth-storage';
import { WelcomeVideoModal } from './help';
import { Icon } from './icons';
import '../../components/dropdown.css';

export function ProfileDropdown({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [video, setVideo] = useState(false);
  const [feedback, setFeedback] = useState<'bug' | 'feedback' | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  /** An item's click: the menu closes, then the item does its part. */
  const closeThen = (action: () => void) => () => {
    close();
    action();
  };
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useDismiss(ref, open, close, buttonRef);
  useArrowKeys(panelRef, '.dropdown__item, .language-switch__option', open);
  // Opening moves the keyboard to the first item; the arrow keys go on from there.
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('.dropdown__item')?.focus();
  }, [open]);

  // The shell already loads the profile; this shares its cache entry, for the avatar.
  const avatar = useQuery(profileQuery).data?.avatar ?? null;
  // The special link the server gives one configured user only (SPEC §2).
  const partnerTest = user.menu.find((entry) => entry.name === 'PartnerIntegrationTest');
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    <div className="dropdown" ref={ref} data-testid="profile-dropdown">
      <button
        ref={buttonRef}
        type="button"
        className="profile-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={openOnArrowDown(open, setOpen)}
        data-testid="profile-menu-button"
      >
        <UserAvatar name={fullName} avatar={avatar} />
        {/* The name is the button's visible label (WCAG 2.5.3); on a phone only the avatar shows. */}
        <span className="profile-button__name">{fullName}</span>
        <span className="visually-hidden">{t('topbar.profileMenu')}</span>
        <Icon name="chevron" />
      </button>
      {open && (
        <div ref={panelRef} className="dropdown__panel dropdown__panel--right" id={menuId}>
          <div className="profile-card">
            <UserAvatar name={fullName} avatar={avatar} className="avatar--large" />
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
          <Link className="dropdown__item" to="/profile-settings/billing" onClick={close} data-testid="billing-link">
            <Icon name="card" />
            {t('billing.title')}
          </Link>
          {user.role.name === 'SuperAdmin' && (
            <Link className="dropdown__item" to="/admin/dashboard" onClick={close} data-testid="admin-link">
              <Icon name="settings" />
              {t('admin.link')}
            </Link>
          )}
          {partnerTest && (
            <Link className="dropdown__item" to={partnerTest.route} onClick={close} data-testid="partner-test-link">
              <Icon name="settings" />
              {t('partnerTest.link')}
            </Link>
          )}
          <div className="dropdown__row">
            <span>{t('language.label')}</span>
            <LanguageSwitch />
          </div>
          <div className="dropdown__divider" />
          <p className="dropdown__heading">{t('help.title')}</p>
          <button
            type="button"
            className="dropdown__item"
            onClick={closeThen(() => setVideo(true))}
            data-testid="help-video"
          >
            {t('help.video')}
          </button>
          <a
            className="dropdown__item"
            href="/api/docs"
            target="_blank"
            rel="noreferrer"
            onClick={close}
            data-testid="help-api-docs"
          >
            {t('help.apiDocs')}
          </a>
          <button
            type="button"
            className="dropdown__item"
            onClick={closeThen(() => setFeedback('bug'))}
            data-testid="help-bug-report"
          >
            {t('help.bugReport')}
          </button>
          <button
            type="button"
            className="dropdown__item"
            onClick={closeThen(() => setFeedback('feedback'))}
            data-testid="help-feedback"
          >
            {t('help.feedback')}
          </button>
          <Link className="dropdown__item" to="/whats-new" onClick={close} data-testid="help-whats-new">
            {t('help.whatsNew')}
          </Link>
          <div className="dropdown__divider" />
          <button
            type="button"
            className="dropdown__item dropdown__item--danger"
            onClick={closeThen(() => void logout())}
            data-testid="logout-button"
          >
            <Icon name="logout" />
            {t('topbar.logout')}
          </button>
        </div>
      )}
      {video && <WelcomeVideoModal onClose={() => setVideo(false)} />}
      {feedback && <FeedbackDialog initialKind={feedback} onClose={() => setFeedback(null)} />}
    </div>
  );
}
