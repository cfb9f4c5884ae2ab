import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { useOutboxAvailable } from '../dev/outbox';
import { sendVerificationEmail } from './api';
import { hasErrors, validateEmailForm } from './validation';

/** Where other pages hand over a message or an e-mail address to prefill. */
export interface NoticeState {
  email?: string;
  /** A server error code to show as a banner (an expired link, an unverified login). */
  errorCode?: string;
}

/** /send-verification: resend the verification e-mail. Unverified logins and dead links land here. */
export function SendVerificationPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ids = useId();
  const [params] = useSearchParams();
  const state = (useLocation().state ?? {}) as NoticeState;
  const [email, setEmail] = useState(state.email ?? params.get('email') ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const outbox = useOutboxAvailable();
  const mutation = useMutation({ mutationFn: sendVerificationEmail });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validateEmailForm({ email });
    setFieldError(errors.email ?? null);
    if (hasErrors(errors)) return;
    mutation.mutate(email);
  };

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate data-testid="send-verification">
        <h1>{t('sendVerification.title')}</h1>
        <p className="auth-card__subtitle">{t('sendVerification.body')}</p>
        {state.errorCode && !mutation.isSuccess && (
          <div className="banner banner--error" role="alert" data-testid="notice-error">
            {errorText(state.errorCode)}
          </div>
        )}
        {mutation.isSuccess && (
          <div className="banner banner--success" role="status" data-testid="send-verification-success">
            {t('sendVerification.sent')}
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
          <div className="banner banner--error" role="alert" data-testid="send-verification-error">
            {errorText(errorCodeOf(mutation.error))}
          </div>
        )}
        <Field
          id={`${ids}-email`}
          name="email"
          type="email"
          label={t('login.email')}
          autoComplete="email"
          placeholder={t('login.emailPlaceholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError ? t(`validation.${fieldError}`) : null}
        />
        <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
          {mutation.isPending && <span className="spinner" aria-hidden="true" />}
          {t('sendVerification.submit')}
        </button>
        <p className="auth-card__footer">
          <Link to="/login">{t('common.backToLogin')}</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
