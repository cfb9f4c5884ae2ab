import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { useOutboxAvailable } from '../dev/outbox';
import { requestPasswordReset } from './api';
import type { NoticeState } from './send-verification-page';
import { hasErrors, validateEmailForm } from './validation';

/** /password/forgot: ask for a reset link. USER_NOT_FOUND shows 'User does not exists' (SPEC §8). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ids = useId();
  const state = (useLocation().state ?? {}) as NoticeState;
  const [email, setEmail] = useState(state.email ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const outbox = useOutboxAvailable();
  const mutation = useMutation({ mutationFn: requestPasswordReset });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validateEmailForm({ email });
    setFieldError(errors.email ?? null);
    if (hasErrors(errors)) return;
    mutation.mutate(email);
  };

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate data-testid="forgot-password-form">
        <h1>{t('forgotPassword.title')}</h1>
        <p className="auth-card__subtitle">{t('forgotPassword.subtitle')}</p>
        {state.errorCode && !mutation.isSuccess && (
          <div className="banner banner--error" role="alert" data-testid="notice-error">
            {errorText(state.errorCode)}
          </div>
        )}
        {mutation.isSuccess && (
          <div className="banner banner--success" role="status" data-testid="forgot-password-success">
            {t('forgotPassword.sent', { email: email.trim() })}
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
          <div className="banner banner--error" role="alert" data-testid="forgot-password-error">
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
          {t('forgotPassword.submit')}
        </button>
        <p className="auth-card__footer">
          <Link to="/login">{t('common.backToLogin')}</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
