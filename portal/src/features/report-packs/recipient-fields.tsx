import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PACK_MESSAGE, MAX_PACK_RECIPIENTS, type RecipientsProblem } from './send-rules';

interface RecipientFieldsProps {
  /** Prefix of the test ids: `<prefix>-recipients`, `-recipients-error`, `-message`. */
  prefix: string;
  recipients: string;
  message: string;
  /** What is wrong with the typed list (send-rules.ts), or null. */
  problem: RecipientsProblem | null;
  onRecipients: (text: string) => void;
  onMessage: (text: string) => void;
}

/**
 * Who a pack goes to (a comma list, checked by send-rules.ts) and the message with it: the fields the
 * send dialog and the schedule dialog share.
 */
export function RecipientFields({
  prefix,
  recipients,
  message,
  problem,
  onRecipients,
  onMessage,
}: RecipientFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextArea
        prefix={prefix}
        name="recipients"
        rows={2}
        value={recipients}
        placeholder={t('reportPacks.send.recipientsPlaceholder')}
        onChange={onRecipients}
        hint={t('reportPacks.send.recipientsHint', { max: MAX_PACK_RECIPIENTS })}
        error={problem && t(problem.key, problem)}
      />
      <TextArea prefix={prefix} name="message" maxLength={MAX_PACK_MESSAGE} value={message} onChange={onMessage} />
    </>
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
