import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { FormModal } from '../../components/form-modal';
import {
  MAX_PACK_MESSAGE,
  MAX_PACK_RECIPIENTS,
  type RecipientsProblem,
  recipientsOf,
  recipientsProblem,
} from './send-rules';

interface PackMailModalProps {
  title: string;
  /** Prefix of the test ids: the dialog's (FormModal's) and `<testId>-recipients`, `-recipients-error`, `-message`. */
  testId: string;
  /** The call it makes: while it runs, and how it failed. */
  pending: boolean;
  error: unknown;
  submitLabel: string;
  busyLabel: string;
  /** What the fields hold at first (a schedule being changed); empty by default. */
  initial?: { recipients: string[]; message: string };
  onClose: () => void;
  /** The dialog's own fields checked (true: they may be sent), with their errors shown; true by default. */
  check?: () => boolean;
  /** Called with the checked recipients and the trimmed message once every field is good. */
  onSubmit: (recipients: string[], message: string) => void;
  intro?: ReactNode;
  /** The dialog's own fields, above the recipients, and what it shows below the message. */
  before?: ReactNode;
  after?: ReactNode;
}

/**
 * A dialog that mails a pack (a send now, or a schedule): who it goes to (a comma list, checked by
 * send-rules.ts before the server is asked) and the message, around the dialog's own fields. The
 * server's refusal stays in the dialog in the user's language.
 */
export function PackMailModal(props: PackMailModalProps) {
  const { testId, initial, check = () => true, before, after } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [recipients, setRecipients] = useState(initial?.recipients.join(', ') ?? '');
  const [message, setMessage] = useState(initial?.message ?? '');
  const [problem, setProblem] = useState<RecipientsProblem | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const list = recipientsOf(recipients);
    const found = recipientsProblem(list);
    setProblem(found);
    const good = check();
    if (!found && good) props.onSubmit(list, message.trim());
  };
  return (
    <FormModal
      title={props.title}
      testId={testId}
      busy={props.pending}
      submitLabel={props.pending ? props.busyLabel : props.submitLabel}
      onClose={props.onClose}
      onSubmit={onSubmit}
      serverError={props.error ? errorText(errorCodeOf(props.error)) : null}
      intro={props.intro}
    >
      {before}
      <TextArea
        prefix={testId}
        name="recipients"
        rows={2}
        value={recipients}
        placeholder={t('reportPacks.send.recipientsPlaceholder')}
        onChange={(text) => {
          setRecipients(text);
          setProblem(null);
        }}
        hint={t('reportPacks.send.recipientsHint', { max: MAX_PACK_RECIPIENTS })}
        error={problem && t(problem.key, problem)}
      />
      <TextArea prefix={testId} name="message" maxLength={MAX_PACK_MESSAGE} value={message} onChange={setMessage} />
      {after}
    </FormModal>
  );
}

/** A labelled text area (`<prefix>-<name>`, its label `reportPacks.send.<name>`), with a hint and an error under it. */
function TextArea({
  prefix,
  hint,
  error,
  onChange,
  rows = 4,
  ...area
}: {
  prefix: string;
  name: 'recipients' | 'message';
  rows?: number;
  value: string;
  maxLength?: number;
  placeholder?: string;
  hint?: string;
  error?: string | null;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id}>{t(`reportPacks.send.${area.name}`)}</label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`${prefix}-${area.name}`}
        {...area}
      />
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" role="alert" data-testid={`${prefix}-${area.name}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
