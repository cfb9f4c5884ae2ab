import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthLayout, BackToLogin } from '../../components/auth-layout';
import { SubmitButton } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { EmailField } from '../../components/password-fields';
import { useOutboxAvailable } from '../dev/outbox';
import { hasErrors, validateEmailForm } from './validation';

/** Where other pages hand over a message or an e-mail address to prefill. */
export interface NoticeState {
  email?: string;
  /** A server error code to show as a banner (an expired link, an unverified login). */
  errorCode?: string;
}

interface EmailRequestPageProps {
  /** data-testid of the form; `<testId>-success` and `<testId>-error` for the banners. */
  formTestId: string;
  testId: string;
  title: string;
  subtitle: string;
  successText: (email: string) => string;
  submitLabel: string;
  send: (email: string) => Promise<unknown>;
  initialEmail?: string | null;
}

/**
 * A page that asks for an e-mail address and sends something to it (a reset link, the verification
 * e-mail): validation, progress, the server's error, and a link to the local outbox when there is one.
 */
export function EmailRequestPage(props: EmailRequestPageProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ids = useId();
  const state = (useLocation().state ?? {}) as NoticeState;
  const [email, setEmail] = useState(state.email ?? props.initialEmail ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const outbox = useOutboxAvailable();
  const mutation = useMutation({ mutationFn: props.send });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validateEmailForm({ email });
    setFieldError(errors.email ?? null);
    if (hasErrors(errors)) return;
    mutation.mutate(email);
  };

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate data-testid={props.formTestId}>
        <h1>{props.title}</h1>
        <p className="auth-card__subtitle">{props.subtitle}</p>
        {state.errorCode && !mutation.isSuccess && <ErrorBanner code={state.errorCode} testId="notice-error" />}
        {mutation.isSuccess && (
          <div className="banner banner--success" role="status" data-testid={`${props.testId}-success`}>
            {props.successText(email.trim())}
            {outbox && (
              <>
                {' '}
                <Link to="/dev/outbox" data-testid="open-outbox">
                  {t('outbox.open')}
                </Link>
              </>
            )}
          </div>
        )}
        {mutation.isError && (
          <div className="banner banner--error" role="alert" data-testid={`${props.testId}-error`}>
            {errorText(errorCodeOf(mutation.error))}
          </div>
        )}
        <EmailField
          id={`${ids}-email`}
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError ? t(`validation.${fieldError}`) : null}
        />
        <SubmitButton busy={mutation.isPending} block>
          {props.submitLabel}
        </SubmitButton>
        <BackToLogin />
      </form>
    </AuthLayout>
  );
}
