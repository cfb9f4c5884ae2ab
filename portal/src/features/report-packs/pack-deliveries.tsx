import type { PackDelivery } from '@saldo/contract/schemas/pack-schedules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format';
import { deliveriesQuery } from './queries';

const STATUS_CLASS: Record<PackDelivery['status'], string> = {
  queued: 'badge',
  sending: 'badge',
  sent: 'badge badge--success',
  failed: 'badge badge--danger',
};

/**
 * Each mail the pack's sends made, newest first: to whom, its state (a failed one in red), how many
 * tries, the mail server's last answer, when it was made and sent, and whether a schedule or a person sent it.
 */
export function PackDeliveries({ boardId, packId }: { boardId: string; packId: string }) {
  const { t } = useTranslation();
  const deliveries = useQuery(deliveriesQuery(boardId, packId));
  return (
    <div className="report-packs__sent" data-testid="pack-deliveries">
      <h3>{t('reportPacks.deliveries.title')}</h3>
      <QueryState query={deliveries} loading="text" error={t('reportPacks.deliveries.failed')}>
        {(list) => (
          <DataTable
            testId="pack-delivery-table"
            empty={{ text: t('reportPacks.deliveries.none'), testId: 'pack-deliveries-empty' }}
            rows={list}
            rowKey={(d) => d._id}
            rowProps={(d) => ({ 'data-testid': 'pack-delivery', 'data-status': d.status })}
            columns={[
              { header: t('reportPacks.deliveries.recipient'), cell: (d) => d.recipient },
              {
                header: t('reportPacks.deliveries.status'),
                cell: (d) => (
                  <span className={STATUS_CLASS[d.status]} data-testid="pack-delivery-status">
                    {t(`reportPacks.deliveries.statuses.${d.status}`)}
                  </span>
                ),
              },
              { header: t('reportPacks.deliveries.attempts'), cell: (d) => d.attempts },
              { header: t('reportPacks.deliveries.response'), cell: (d) => d.response ?? '–' },
              { header: t('reportPacks.deliveries.created'), cell: (d) => formatDateTime(d.createdAt) },
              { header: t('reportPacks.deliveries.sent'), cell: (d) => (d.sentAt ? formatDateTime(d.sentAt) : '–') },
              {
                header: t('reportPacks.deliveries.source'),
                cell: (d) => t(d.scheduleId ? 'reportPacks.deliveries.bySchedule' : 'reportPacks.deliveries.byHand'),
              },
            ]}
          />
        )}
      </QueryState>
    </div>
  );
}
