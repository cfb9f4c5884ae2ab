import type { ReportPack } from '@saldo/contract/schemas/report-packs';
import { formatDate } from '@saldo/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { FormModal } from '../../components/form-modal';
import { useNotify } from '../../components/notifications';
import { type Period, sendPack } from './queries';
import { RecipientFields } from './recipient-fields';
import { type RecipientsProblem, recipientsOf, recipientsProblem } from './send-rules';

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
  const [recipients, setRecipients] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<RecipientsProblem | null>(null);
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: (list: string[]) =>
      sendPack(boardId, pack._id, { ...period, recipients: list, message: message.trim(), observations }),
    onSuccess: () => {
      notify('reportPacks.send.sent');
      for (const part of ['snapshots', 'deliveries'])
        void client.invalidateQueries({ queryKey: ['report-packs', boardId, pack._id, part] });
      onClose();
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const list = recipientsOf(recipients);
    const found = recipientsProblem(list);
    setProblem(found);
    if (!found) send.mutate(list);
  };
  return (
    <FormModal
      title={t('reportPacks.send.title', { name: pack.name })}
      testId="pack-send"
      busy={send.isPending}
      submitLabel={send.isPending ? t('reportPacks.send.sending') : t('reportPacks.send.submit')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={send.error ? errorText(errorCodeOf(send.error)) : null}
      intro={
        <p className="muted" data-testid="pack-send-period">
          {t('reportPacks.send.period', { from: formatDate(period.startDate), to: formatDate(period.endDate) })}
        </p>
      }
    >
      <RecipientFields
        prefix="pack-send"
        {...{ recipients, message, problem }}
        onRecipients={(text) => {
          setRecipients(text);
          setProblem(null);
        }}
        onMessage={setMessage}
      />
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
    </FormModal>
  );
}
