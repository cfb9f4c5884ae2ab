import { useTranslation } from 'react-i18next';
import { BoardSubPage } from '../boards/board-sub-page';
import { AuditTrail } from './audit-trail';

/**
 * /group/{boardId}/audit: the board's audit trail, for its owner and Admins: every share, revoked
 * link, export, invitation, role change, removal, embed key and API account, who did it, when and
 * from which address.
 */
export function AuditPage() {
  const { t } = useTranslation();
  return (
    <BoardSubPage testId="audit-page" title={t('audit.title')}>
      {(boardId) => (
        <section className="card card__body">
          <p className="muted">{t('audit.intro')}</p>
          <AuditTrail groupId={boardId} />
        </section>
      )}
    </BoardSubPage>
  );
}
