import type { AuditEvent } from '@saldo/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format';
import { useBillingText } from '../billing/money';
import { plansQuery } from '../billing/queries';
import { actionKey, auditQuery } from './queries';

/** Where the words for a record's coded values live (a role, a user's plan, a status, a format). */
const CODED = { role: 'team.roles', plan: 'audit.userPlans', status: 'admin.lifecycle', format: 'exports.formats' };

/**
 * What a record names, in short: the link, key, account, member or export it was about. Codes are
 * shown in the reader's language; a billing plan by its name in the plan list (its id when unknown).
 */
function targetText(event: AuditEvent, t: TFunction, planName: (id: string) => string): string {
  const target = event.target;
  const coded = (field: keyof typeof CODED) => {
    const value = target[field];
    return typeof value === 'string' && value !== ''
      ? t(`${CODED[field]}.${value}`, { defaultValue: value })
      : undefined;
  };
  const parts = [
    target.name,
    target.email,
    coded('role'),
    coded('plan'),
    coded('status'),
    coded('format'),
    typeof target.to === 'string' ? planName(target.to) : undefined,
  ]
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .concat(Array.isArray(target.recipients) ? target.recipients : []);
  return parts.join(' · ');
}

/**
 * The audit trail as a table: when (yyyy/mm/dd HH:mm), who, what and from which address, newest
 * first, with "Show more" while older records remain. `groupId` null: every board's (SuperAdmin).
 */
export function AuditTrail({ groupId, showBoard = false }: { groupId: string | null; showBoard?: boolean }) {
  const { t, text } = useBillingText();
  const trail = useInfiniteQuery(auditQuery(groupId));
  const plans = useQuery({ ...plansQuery, enabled: groupId === null });
  const planName = (id: string) => text(plans.data?.find((p) => p.id === id)?.name, id);
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
                cell: (e) => {
                  const detail = targetText(e, t, planName);
                  return (
                    <>
                      {t(actionKey(e.action))}
                      {detail && <div className="muted small">{detail}</div>}
                    </>
                  );
                },
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
