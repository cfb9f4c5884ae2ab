import type { ReportPack } from '@saldo/contract/schemas/report-packs';
import { formatDate } from '@saldo/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/notifications';
import { PackMailModal } from './pack-mail-modal';
import { type Period, sendPack } from './queries';

interface SendPackProps {
  boardId: string;
  pack: ReportPack;
  /** The panel's period: what the pack is rendered for. */
  period: Period;
  /** The kept observations' texts, as edited. */
  observations: string[];
  onClose: () => void;
}

/**
 * Sending a pack: for the panel's period, to a comma list of addresses, with a message and the kept
 * observations. The server renders, freezes and mails it; its refusal (a mail limit, a mail that did
 * not leave, a bad field) is shown in the dialog in the user's language.
 */
export function SendPackModal(props: SendPackProps) {
  const { boardId, pack, period, observations, onClose } = props;
  const { t } = useTranslation();
  const notify = useNotify();
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: ({ recipients, message }: { recipients: string[]; message: string }) =>
      sendPack(boardId, pack._id, { ...period, recipients, message, observations }),
    onSuccess: () => {
      notify('reportPacks.send.sent');
      for (const part of ['snapshots', 'deliveries'])
        void client.invalidateQueries({ queryKey: ['report-packs', boardId, pack._id, part] });
      onClose();
    },
  });
  return (
    <PackMailModal
      title={t('reportPacks.send.title', { name: pack.name })}
      testId="pack-send"
      pending={send.isPending}
      error={send.error}
      submitLabel={t('reportPacks.send.submit')}
      busyLabel={t('reportPacks.send.sending')}
      onClose={onClose}
      onSubmit={(recipients, message) => send.mutate({ recipients, message })}
      intro={
        <p className="muted" data-testid="pack-send-period">
          {t('reportPacks.send.period', { from: formatDate(period.startDate), to: formatDate(period.endDate) })}
        </p>
      }
      after={
        <div className="report-packs__send-kept">
          <strong>{t('reportPacks.send.kept', { count: observations.length })}</strong>
          {observations.length > 0 && (
            <ol data-testid="pack-send-observations">
              {observations.map((text, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the kept texts in their order; two may read alike
                <li key={i}>{text}</li>
              ))}
            </ol>
          )}
        </div>
      }
    />
  );
}
