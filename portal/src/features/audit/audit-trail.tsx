import type { AuditEvent } from '@saldo/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format';
import { actionKey, auditQuery } from './queries';

/** What a record names, in short: the link, key, account, member or export it was about. */
function targetText(event: AuditEvent): string {
  const t = event.target;
  const parts = [t.name, t.email, t.role, t.plan, t.status, t.format, t.to ?? undefined]
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .concat(Array.isArray(t.recipients) ? t.recipients : []);
  return parts.join(' · ');
}

/**
 * The audit trail as a table: when (yyyy/mm/dd HH:mm), who, what and from which address, newest
 * first, with "Show more" while older records remain. `groupId` null: every board's (SuperAdmin).
 */
export function AuditTrail({ groupId, showBoard = false }: { groupId: string | null; showBoard?: boolean }) {
  const { t } = useTranslation();
  const trail = useInfiniteQuery(auditQuery(groupId));
  const query = { ...trail, data: trail.data?.pages.flatMap((p) => p.events) };
  return (
    <QueryState
      query={query}
      loading="text"
      error={t('audit.loadFailed')}
      errorTestId="audit-error"
      emptyText={t('audit.none')}
      emptyTestId="audit-empty"
    >
      {(events) => (
        <>
          <DataTable
            testId="audit-events"
            // A phone's width scrolls the table sideways, in a box the keyboard reaches.
            scroll={{ label: t('audit.title') }}
            rows={events}
            rowKey={(e) => e._id}
            rowProps={(e) => ({ 'data-testid': 'audit-event', 'data-action': e.action })}
            columns={[
              { header: t('audit.when'), cell: (e) => formatDateTime(e.at) },
              { header: t('audit.who'), cell: (e) => e.actorEmail ?? t('audit.system') },
              {
                header: t('audit.what'),
                cell: (e) => (
                  <>
                    {t(actionKey(e.action))}
                    {targetText(e) && <div className="muted small">{targetText(e)}</div>}
                  </>
                ),
              },
              ...(showBoard ? [{ header: t('audit.board'), cell: (e: AuditEvent) => e.groupId ?? '–' }] : []),
              { header: t('audit.where'), cell: (e) => <code>{e.ip ?? '–'}</code> },
            ]}
          />
          {trail.hasNextPage && (
            <Button
              kind="secondary"
              small
              onClick={() => void trail.fetchNextPage()}
              disabled={trail.isFetchingNextPage}
              data-testid="audit-more"
            >
              {t('audit.more')}
            </Button>
          )}
        </>
      )}
    </QueryState>
  );
}
