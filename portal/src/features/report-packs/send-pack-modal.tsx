import type { ReportPack } from '@saldo/contract/schemas/report-packs';
import { formatDate } from '@saldo/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { FormModal } from '../../components/form-modal';
import { useNotify } from '../../components/notifications';
import { type Period, sendPack } from './queries';
import {
  MAX_PACK_MESSAGE,
  MAX_PACK_RECIPIENTS,
  type RecipientsProblem,
  recipientsOf,
  recipientsProblem,
} from './send-rules';

/**
 * Sending a pack: for the panel's period, to a comma list of addresses, with a message and the kept
 * observations. The server renders, freezes and mails it; its refusal (a mail limit, a mail that did
 * not leave, a bad field) is shown in the dialog in the user's language.
 */
export function SendPackModal({
  boardId,
  pack,
  period,
  observations,
  onClose,
}: {
  boardId: string;
  pack: ReportPack;
  period: Period;
  observations: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const client = useQueryClient();
  const id = useId();
  const [recipients, setRecipients] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<RecipientsProblem | null>(null);
  const send = useMutation({
    mutationFn: (list: string[]) =>
      sendPack(boardId, pack._id, { ...period, recipients: list, message: message.trim(), observations }),
    onSuccess: () => {
      notify('reportPacks.send.sent');
      void client.invalidateQueries({ queryKey: ['report-packs', boardId, pack._id, 'snapshots'] });
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
  const problemText = problem && t(problem.key, problem);
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
      <div className={`field ${problem ? 'field--invalid' : ''}`}>
        <label htmlFor={`${id}-recipients`}>{t('reportPacks.send.recipients')}</label>
        <textarea
          id={`${id}-recipients`}
          name="recipients"
          rows={2}
          value={recipients}
          placeholder={t('reportPacks.send.recipientsPlaceholder')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-recipients-hint`}
          onChange={(e) => {
            setRecipients(e.target.value);
            setProblem(null);
          }}
          data-testid="pack-send-recipients"
        />
        <p className="field__hint" id={`${id}-recipients-hint`}>
          {t('reportPacks.send.recipientsHint', { max: MAX_PACK_RECIPIENTS })}
        </p>
        {problemText && (
          <p className="field__error" role="alert" data-testid="pack-send-recipients-error">
            {problemText}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>{t('reportPacks.send.message')}</label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={4}
          maxLength={MAX_PACK_MESSAGE}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          data-testid="pack-send-message"
        />
      </div>
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
