import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { AuditTrail } from '../audit/audit-trail';
import { AdminNav } from './admin-nav';
import './admin.css';

/** /admin/audit: every board's audit trail and the SuperAdmins' own actions, newest first. */
export function AdminAuditPage() {
  const { t } = useTranslation();
  return (
    <Page testId="admin-audit" title={t('audit.adminTitle')} subtitle={t('audit.adminSubtitle')}>
      <AdminNav />
      <section className="card admin-card card__body">
        <AuditTrail groupId={null} showBoard />
      </section>
    </Page>
  );
}
