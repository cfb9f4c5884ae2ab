import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';

/**
 * /confirm-invitation: invitations (SPEC §6) are a later issue and the server has no invitation API yet,
 * so the page says so plainly instead of pretending to check the link.
 */
export function ConfirmInvitationPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout>
      <div data-testid="confirm-invitation">
        <span className="badge">{t('placeholder.badge')}</span>
        <h1>{t('confirmInvitation.title')}</h1>
        <p className="auth-card__subtitle">{t('confirmInvitation.body')}</p>
        <div className="auth-card__actions">
          <Link className="button button--primary" to="/login">
            {t('common.toLogin')}
          </Link>
          <Link className="button button--secondary" to="/register">
            {t('login.toRegister')}
          </Link>
        </div>
      </div>
    </AuthLayout>
  );
}
