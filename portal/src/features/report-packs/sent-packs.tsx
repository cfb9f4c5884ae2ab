import type { PackSnapshot, SnapshotChanges } from '@saldo/contract/schemas/report-packs';
import { formatDate } from '@saldo/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table';
import { errorCodeOf } from '../../components/error-text';
import { useNotifyError } from '../../components/notifications';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../auth/use-session';
import { saveFile } from '../exports/save-file';
import { membersQuery } from '../team/queries';
import { changesQuery, snapshotPdf, snapshotsQuery } from './queries';
import { SnapshotChangesModal } from './snapshot-changes';

/** Whether a sent pack's figures differ now from what it showed. */
export const hasChanges = (changes: SnapshotChanges) =>
  changes.changes.length + changes.gone.length + changes.added.length > 0;

/**
 * The pack's sent snapshots, newest first: when, for which period, to whom and by whom; each opens its
 * frozen PDF, and says (with a badge) whether its figures have changed since, and which.
 */
export function SentPacks({ boardId, packId }: { boardId: string; packId: string }) {
  const { t } = useTranslation();
  const snapshots = useQuery(snapshotsQuery(boardId, packId));
  const [open, setOpen] = useState<PackSnapshot | null>(null);
  const sender = useSenderName();
  const notifyError = useNotifyError();
  const pdf = useMutation({
    mutationFn: (s: PackSnapshot) => snapshotPdf(boardId, packId, s._id),
    onSuccess: (file, s) => saveFile(file.blob, file.filename ?? `${s.name}-${s.startDate}-${s.endDate}.pdf`),
    onError: (error) => notifyError(errorCodeOf(error)),
  });
  return (
    <div className="report-packs__sent" data-testid="pack-sent">
      <h3>{t('reportPacks.sent.title')}</h3>
      <QueryState query={snapshots} loading="text" error={t('reportPacks.sent.failed')}>
        {(list) => (
          <DataTable
            testId="pack-snapshots"
            empty={{ text: t('reportPacks.sent.none'), testId: 'pack-sent-empty' }}
            rows={list}
            rowKey={(s) => s._id}
            rowProps={(s) => ({ 'data-testid': 'pack-snapshot', 'data-snapshot-id': s._id })}
            columns={[
              { header: t('reportPacks.sent.when'), cell: (s) => formatDateTime(s.sentAt) },
              {
                header: t('reportPacks.sent.period'),
                cell: (s) => `${formatDate(s.startDate)} – ${formatDate(s.endDate)}`,
              },
              { header: t('reportPacks.sent.recipients'), cell: (s) => s.recipients.join(', ') },
              { header: t('reportPacks.sent.by'), cell: (s) => sender(s.sentBy) },
              {
                header: t('reportPacks.sent.state'),
                cell: (s) => <ChangedBadge boardId={boardId} packId={packId} snapshotId={s._id} />,
              },
              {
                label: t('reportPacks.actions'),
                cellClassName: 'data-table__actions',
                cell: (s) =>
                  (
                    [
                      ['pack-snapshot-pdf', 'openPdf', () => pdf.mutate(s)],
                      ['pack-snapshot-changes', 'changes', () => setOpen(s)],
                    ] as const
                  ).map(([testId, label, run]) => (
                    <Button key={testId} kind="secondary" small onClick={run} data-testid={testId}>
                      {t(`reportPacks.sent.${label}`)}
                    </Button>
                  )),
              },
            ]}
          />
        )}
      </QueryState>
      {open && <SnapshotChangesModal boardId={boardId} snapshot={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** "Changed since sent" on a row whose figures differ now; nothing while it is asked or unchanged. */
function ChangedBadge({ boardId, packId, snapshotId }: { boardId: string; packId: string; snapshotId: string }) {
  const { t } = useTranslation();
  const changes = useQuery(changesQuery(boardId, packId, snapshotId));
  if (!changes.data) return null;
  const changed = hasChanges(changes.data);
  return (
    <span
      className={changed ? 'badge badge--warning' : 'muted'}
      data-testid={changed ? 'pack-snapshot-changed' : 'pack-snapshot-unchanged'}
    >
      {t(changed ? 'reportPacks.sent.changed' : 'reportPacks.sent.unchanged')}
    </span>
  );
}

/** The sender's name: "you", a team member's name, or their id's absence ("–"). */
function useSenderName(): (userId: string | null) => string {
  const { t } = useTranslation();
  const session = useSession();
  const members = useQuery({ ...membersQuery, retry: false });
  return (userId) => {
    if (!userId) return '–';
    if (session && userId === session.user.id) return t('reportPacks.sent.you');
    const member = members.data?.find((m) => m.userId === userId);
    return member ? `${member.firstName} ${member.lastName}`.trim() || member.email : t('reportPacks.sent.someone');
  };
}
