import { FEEDBACK_MAX_CHARS, type FeedbackRequest } from '@saldo/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SubmitButton } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { Modal } from '../../components/modal';
import { RadioChoices } from '../../components/radio-choices';
import { feedbackErrorCode, validateFeedback } from './feedback-rules';
import { feedbackStatusQuery, sendFeedback } from './queries';
import './help.css';

type Kind = FeedbackRequest['kind'];

/**
 * The help menu's bug report and feedback (issue 17): a message mailed by the server to the address
 * whoever runs Saldo configured. The page's address goes along, so a bug can be found again.
 */
export function FeedbackDialog({ initialKind, onClose }: { initialKind: Kind; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ids = useId();
  const status = useQuery(feedbackStatusQuery);
  const [kind, setKind] = useState<Kind>(initialKind);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: sendFeedback,
    onError: (error) => setProblem(feedbackErrorCode(errorCodeOf(error))),
  });

  const off = status.data?.enabled === false;
  const formId = `${ids}-form`;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateFeedback(message);
    setProblem(invalid);
    if (invalid) return;
    send.mutate({ kind, message: message.trim(), page: `${window.location.pathname}${window.location.search}` });
  };

  if (send.isSuccess) {
    return (
      <Modal
        title={t(kind === 'bug' ? 'feedback.titleBug' : 'feedback.titleFeedback')}
        onClose={onClose}
        size="small"
        testId="feedback-dialog"
        footer={
          <Button kind="primary" onClick={onClose} data-testid="feedback-done">
            {t('common.close')}
          </Button>
        }
      >
        <div className="banner banner--success" role="status" data-testid="feedback-sent">
          <strong>{t('feedback.sent')}</strong> {t('feedback.sentBody')}
        </div>
      </Modal>
    );
  }

  const count = message.trim().length;
  return (
    <Modal
      title={t(kind === 'bug' ? 'feedback.titleBug' : 'feedback.titleFeedback')}
      onClose={send.isPending ? undefined : onClose}
      testId="feedback-dialog"
      footer={
        <>
          <Button kind="secondary" onClick={onClose} disabled={send.isPending}>
            {t('common.cancel')}
          </Button>
          <SubmitButton busy={send.isPending} disabled={off} form={formId} data-testid="feedback-submit">
            {send.isPending ? t('feedback.sending') : t('feedback.send')}
          </SubmitButton>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate data-testid="feedback-form">
        {off && (
          <div className="banner banner--warning" role="alert" data-testid="feedback-off">
            {errorText('FEEDBACK_NOT_CONFIGURED')}. {t('feedback.offHint')}
          </div>
        )}
        <fieldset className="feedback__kinds">
          <legend className="field__label">{t('feedback.kind')}</legend>
          <div className="radio-group">
            <RadioChoices
              name="kind"
              options={['bug', 'feedback'] as const}
              chosen={kind}
              onChoose={setKind}
              testId="feedback-kind"
              label={(value) => t(value === 'bug' ? 'feedback.kindBug' : 'feedback.kindFeedback')}
            />
          </div>
        </fieldset>
        <div
          className={`field ${problem === 'FEEDBACK_EMPTY' || problem === 'FEEDBACK_TOO_LONG' ? 'field--invalid' : ''}`}
        >
          <label htmlFor={`${ids}-message`}>{t('feedback.message')}</label>
          <textarea
            id={`${ids}-message`}
            name="message"
            rows={7}
            value={message}
            placeholder={t(kind === 'bug' ? 'feedback.placeholderBug' : 'feedback.placeholderFeedback')}
            aria-describedby={`${ids}-count ${ids}-hint`}
            aria-invalid={problem === 'FEEDBACK_EMPTY' || problem === 'FEEDBACK_TOO_LONG' ? true : undefined}
            onChange={(event) => {
              setMessage(event.target.value);
              if (problem) setProblem(null);
            }}
            data-testid="feedback-message"
          />
          <p
            id={`${ids}-count`}
            className={`feedback__count${count > FEEDBACK_MAX_CHARS ? ' feedback__count--over' : ''}`}
            data-testid="feedback-count"
          >
            {t('feedback.count', { count, max: FEEDBACK_MAX_CHARS })}
          </p>
          <p id={`${ids}-hint`} className="field__hint">
            {t('feedback.pageHint')}
          </p>
        </div>
        {problem && <ErrorBanner code={problem} testId="feedback-error" />}
      </form>
    </Modal>
  );
}
