import type { FormEvent, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SubmitButton } from './button';
import { Modal } from './modal';

interface FormModalProps {
  title: string;
  /** Prefix of the test ids: `<testId>-modal`, `-form`, `-submit`, `-server-error`. */
  testId: string;
  busy: boolean;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  /** Shown above the server's error and the fields. */
  intro?: ReactNode;
  /** A server error that belongs to no single field. */
  serverError?: string | null;
  children: ReactNode;
}

/** A dialog holding one form: Cancel and a submit button with progress, and the server's error. */
export function FormModal({
  title,
  testId,
  busy,
  submitLabel,
  onClose,
  onSubmit,
  intro,
  serverError,
  children,
}: FormModalProps) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <Modal
      title={title}
      onClose={busy ? undefined : onClose}
      testId={`${testId}-modal`}
      footer={
        <>
          <Button kind="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <SubmitButton busy={busy} form={formId} data-testid={`${testId}-submit`}>
            {submitLabel}
          </SubmitButton>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate data-testid={`${testId}-form`}>
        {intro}
        {serverError && (
          <div className="banner banner--error" role="alert" data-testid={`${testId}-server-error`}>
            {serverError}
          </div>
        )}
        {children}
      </form>
    </Modal>
  );
}

/** A form's Cancel and its submit button, at the foot of a dialog that holds the form itself. */
export function FormActions({
  busy,
  onCancel,
  children,
}: {
  busy: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="modal__actions">
      <Button kind="secondary" onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      {children}
    </div>
  );
}
