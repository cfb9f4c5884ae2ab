import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthLayout, BackToLogin } from '../../components/auth-layout';
import { SubmitButton } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { useNotify } from '../../components/notifications';
import { NewPasswordFields } from '../../components/password-fields';
import { useCheckedForm } from '../../components/use-checked-form';
import { resetPassword } from './queries';
import type { NoticeState } from './send-verification-page';
import { resetOutcome, type TokenOutcome } from './token-outcomes';
import { type FormErrors, hasErrors, type ResetPasswordValues, validateResetPassword } from './validation';

/** Handed to /login after a successful reset, which shows it as a banner. */
export interface LoginNotice {
  notice?: 'passwordReset';
}

/** /password/reset?token=: choose a new password. A dead token goes back to /password/forgot. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const notify = useNotify();
  const ids = useId();
  const token = useSearchParams()[0].get('token') ?? '';
  const { values, errors, set, check } = useCheckedForm<ResetPasswordValues, FormErrors<keyof ResetPasswordValues>>(
    { password: '', confirmPassword: '' },
    validateResetPassword,
  );
  const [outcome, setOutcome] = useState<TokenOutcome | null>(null);

  // A link without a token can never work: treat it like an expired one straight away.
  useEffect(() => {
    if (!token) {
      const result = resetOutcome({ hasToken: false, errorCode: null });
      if (result.kind === 'expired') {
        const state: NoticeState = { errorCode: result.errorCode };
        void navigate(result.redirectTo, { replace: true, state });
      }
    }
  }, [token, navigate]);

  const mutation = useMutation({
    mutationFn: (password: string) => resetPassword(token, password),
    onSettled: async (_data, error) => {
      const result = resetOutcome({ hasToken: true, errorCode: error ? errorCodeOf(error) : null });
      setOutcome(result);
      if (result.kind === 'done') {
        notify('resetPassword.success');
        const state: LoginNotice = { notice: 'passwordReset' };
        await navigate('/login', { replace: true, state });
      } else if (result.kind === 'expired') {
        const state: NoticeState = { errorCode: result.errorCode };
        await navigate(result.redirectTo, { replace: true, state });
      }
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    if (hasErrors(found)) return;
    setOutcome(null);
    mutation.mutate(values.password);
  };

  const passwordError = errors.password
    ? t(`validation.${errors.password}`)
    : outcome?.kind === 'fieldError'
      ? errorText(outcome.errorCode)
      : null;

  return (
    <AuthLayout>
      <form onSubmit={onSubmit} noValidate data-testid="reset-password-form">
        <h1>{t('resetPassword.title')}</h1>
        <p className="auth-card__subtitle">{t('resetPassword.subtitle')}</p>
        {outcome?.kind === 'failed' && <ErrorBanner code={outcome.errorCode} testId="reset-password-error" />}
        <NewPasswordFields
          ids={ids}
          labels={[t('resetPassword.password'), t('resetPassword.confirmPassword')]}
          password={{ value: values.password, onChange: set('password'), error: passwordError }}
          confirm={{
            value: values.confirmPassword,
            onChange: set('confirmPassword'),
            error: errors.confirmPassword ? t(`validation.${errors.confirmPassword}`) : null,
          }}
        />
        <SubmitButton busy={mutation.isPending} block>
          {t('resetPassword.submit')}
        </SubmitButton>
        <BackToLogin />
      </form>
    </AuthLayout>
  );
}
