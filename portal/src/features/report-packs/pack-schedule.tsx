import { DEFAULT_SEND_DAY } from '@saldo/contract/report-packs/schedule';
import type { PackSchedule as Schedule } from '@saldo/contract/schemas/pack-schedules';
import type { ReportPack } from '@saldo/contract/schemas/report-packs';
import { formatDate } from '@saldo/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { Fact } from '../../components/fact';
import { ConfirmDialog } from '../../components/modal';
import { useNotify } from '../../components/notifications';
import { QueryState } from '../../components/query-state';
import { canShareBoard } from '../boards/board-rules';
import { useCurrentBoard } from '../boards/use-current-board';
import { PackDeliveries } from './pack-deliveries';
import { scheduleQuery, stopSchedule } from './queries';
import { ScheduleModal } from './schedule-modal';

/**
 * A pack's schedule (issue 30): how often it goes out on its own, its next send day, to whom and with
 * which message, or "Not scheduled"; set, changed and stopped by those with the share right (as a send
 * needs), read by everyone else. Under it, every mail the pack's sends made.
 */
export function PackScheduling({ boardId, pack }: { boardId: string; pack: ReportPack }) {
  const { t } = useTranslation();
  const { boards } = useCurrentBoard();
  const mayShare = canShareBoard(boards.find((b) => b._id === boardId));
  const schedule = useQuery(scheduleQuery(boardId, pack._id));
  const [editing, setEditing] = useState(false);
  const [stopping, setStopping] = useState(false);
  const current = schedule.data ?? null;

  return (
    <section className="card card__body report-packs" data-testid="pack-schedule">
      <h2 className="card__title">{t('reportPacks.schedule.title')}</h2>
      <p className="muted">{t('reportPacks.schedule.intro')}</p>
      <QueryState query={schedule} loading="text" error={t('reportPacks.schedule.failed')}>
        {(found) =>
          found ? (
            <ScheduleFacts schedule={found} />
          ) : (
            <p data-testid="pack-schedule-none">{t('reportPacks.schedule.none')}</p>
          )
        }
      </QueryState>
      {mayShare ? (
        <div className="report-packs__send-row">
          <Button kind="primary" onClick={() => setEditing(true)} data-testid="pack-schedule-edit">
            {t(current ? 'reportPacks.schedule.change' : 'reportPacks.schedule.set')}
          </Button>
          {current && (
            <Button kind="danger-ghost" onClick={() => setStopping(true)} data-testid="pack-schedule-stop">
              {t('reportPacks.schedule.stop')}
            </Button>
          )}
        </div>
      ) : (
        <p className="muted" data-testid="pack-schedule-no-right">
          {t('reportPacks.schedule.noRight')}
        </p>
      )}
      <PackDeliveries boardId={boardId} packId={pack._id} />
      {editing && <ScheduleModal {...{ boardId, pack }} schedule={current} onClose={() => setEditing(false)} />}
      {stopping && <StopScheduleDialog {...{ boardId, pack }} onClose={() => setStopping(false)} />}
    </section>
  );
}

/** The schedule in words: its rule and day, the next send day, the recipients and the message. */
function ScheduleFacts({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  const facts = [
    ['rule', t(`reportPacks.schedule.rules.${schedule.rule}`, { day: schedule.day ?? DEFAULT_SEND_DAY })],
    ['next', schedule.nextSendDay ? formatDate(schedule.nextSendDay) : t('reportPacks.schedule.whenBooked')],
    ['recipients', schedule.recipients.join(', ')],
    ['message', schedule.message || '–'],
  ] as const;
  return (
    <dl className="facts report-packs__schedule" data-testid="pack-schedule-facts" data-rule={schedule.rule}>
      {facts.map(([key, value]) => (
        <Fact key={key} label={t(`reportPacks.schedule.${key}`)} testId={`pack-schedule-${key}`}>
          {value}
        </Fact>
      ))}
    </dl>
  );
}

function StopScheduleDialog({ boardId, pack, onClose }: { boardId: string; pack: ReportPack; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const client = useQueryClient();
  const stop = useMutation({
    mutationFn: () => stopSchedule(boardId, pack._id),
    onSuccess: () => {
      notify('reportPacks.schedule.stopped');
      client.setQueryData(['report-packs', boardId, pack._id, 'schedule'], null);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      title={t('reportPacks.schedule.stopTitle')}
      body={t('reportPacks.schedule.stopBody', { name: pack.name })}
      confirmLabel={t('reportPacks.schedule.stop')}
      danger
      testId="schedule-stop-modal"
      busy={stop.isPending}
      error={stop.error ? errorText(errorCodeOf(stop.error)) : null}
      onConfirm={() => stop.mutate()}
      onCancel={onClose}
    />
  );
}
