import { formatNumber } from '@saldo/contract/numbers/format';
import type { PackSnapshot, SnapshotChanges } from '@saldo/contract/schemas/report-packs';
import { formatDate } from '@saldo/sdk';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { Modal } from '../../components/modal';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format';
import { ChangedVouchers } from './changed-vouchers';
import { changesQuery } from './queries';

type Change = SnapshotChanges['changes'][number];
type Value = Change['sent'];

/** A figure as the pack showed it: a number (kroner, or a KPI's figure) formatted, a text as it was, none '–'. */
export const valueText = (value: Value) =>
  value === null ? '–' : typeof value === 'number' ? formatNumber(value) : value;

/** Now less then, for two numbers; '–' for a text (a commentary's filled-in sentence). */
export function differenceText(change: Pick<Change, 'sent' | 'now'>): string {
  if (typeof change.sent !== 'number' || typeof change.now !== 'number') return '–';
  const diff = change.now - change.sent;
  return `${diff > 0 ? '+' : ''}${formatNumber(diff)}`;
}

/**
 * What has changed since a pack was sent: each figure it showed that reads otherwise now (line, then,
 * now, difference), or "No figure has changed"; and the period's vouchers booked, changed or removed since.
 */
export function SnapshotChangesModal(props: { boardId: string; snapshot: PackSnapshot; onClose: () => void }) {
  const { boardId, snapshot, onClose } = props;
  const changes = useQuery(changesQuery(boardId, snapshot.packId, snapshot._id));
  const { t } = useTranslation();
  return (
    <Modal title={t('reportPacks.changes.title')} onClose={onClose} testId="snapshot-changes-modal" size="wide">
      <p className="muted">
        {t('reportPacks.changes.intro', {
          sent: formatDateTime(snapshot.sentAt),
          from: formatDate(snapshot.startDate),
          to: formatDate(snapshot.endDate),
        })}
      </p>
      <QueryState query={changes} loading="text" error={t('reportPacks.changes.failed')} isEmpty={() => false}>
        {(data) => <ChangesBody changes={data} />}
      </QueryState>
    </Modal>
  );
}

function ChangesBody({ changes }: { changes: SnapshotChanges }) {
  const { t } = useTranslation();
  const vouchers = changes.vouchers;
  const moved = vouchers ? vouchers.counts.added + vouchers.counts.changed + vouchers.counts.removed : 0;
  const other = changes.gone.length + changes.added.length;
  if (changes.changes.length === 0 && other === 0)
    return (
      <p data-testid="snapshot-unchanged">
        {t(changes.synced ? 'reportPacks.changes.noneSynced' : 'reportPacks.changes.none')}
      </p>
    );
  return (
    <div className="report-packs__changes">
      <DataTable
        testId="snapshot-changes"
        rows={changes.changes}
        rowKey={(c) => c.id}
        rowProps={() => ({ 'data-testid': 'snapshot-change' })}
        scroll={{ label: t('reportPacks.changes.title') }}
        columns={[
          { header: t('reportPacks.changes.line'), cell: (c) => c.label },
          { header: t('reportPacks.changes.then'), className: 'num', cell: (c) => valueText(c.sent) },
          { header: t('reportPacks.changes.now'), className: 'num', cell: (c) => valueText(c.now) },
          { header: t('reportPacks.changes.difference'), className: 'num', cell: differenceText },
        ]}
      />
      {other > 0 && (
        <p className="muted" data-testid="snapshot-rows-moved">
          {t('reportPacks.changes.rows', { gone: changes.gone.length, added: changes.added.length })}
        </p>
      )}
      {vouchers && moved > 0 && <ChangedVouchers vouchers={vouchers} />}
    </div>
  );
}
