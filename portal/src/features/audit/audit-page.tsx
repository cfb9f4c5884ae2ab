import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Page } from '../../components/page';
import { useCurrentBoard } from '../boards/use-current-board';
import { AuditTrail } from './audit-trail';

/**
 * /group/{boardId}/audit: the board's audit trail, for its owner and Admins: every share, revoked
 * link, export, invitation, role change, removal, embed key and API account, who did it, when and
 * from which address.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const { boardId = '' } = useParams();
  const { boards } = useCurrentBoard();
  const board = boards.find((b) => b._id === boardId);
  return (
    <Page
      testId="audit-page"
      title={t('audit.title')}
      subtitle={board?.name ?? ''}
      actions={
        <Link to="/group" className="button button--secondary">
          {t('audit.back')}
        </Link>
      }
    >
      <section className="card card__body">
        <p className="muted">{t('audit.intro')}</p>
        <AuditTrail groupId={boardId} />
      </section>
    </Page>
  );
}
