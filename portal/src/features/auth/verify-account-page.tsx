import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';
import { Button, SubmitButton } from '../../components/button';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { PasswordField } from '../../components/password-fields';
import { verifyAccount } from './queries';
import type { NoticeState } from './send-verification-page';
import { type TokenOutcome, verifyOutcome } from './token-outcomes';

/**
 * /verify-account?token=. The link proves the mailbox; the password chosen at signup proves the signup,
 * so whoever signed up with someone else's address gains nothing when the owner opens the link (issue 25,
 * finding 5). On load the token is only checked (a dead link goes on to /send-verification at once);
 * then the page asks for the password. Someone who does not know it chooses a new one through
 * /password/forgot, which verifies the address too. The check is a query rather than an effect-fired
 * mutation, so React's StrictMode double mount and a re-render do not send it twice.
 */
export function VerifyAccountPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const ids = useId();
  const token = useSearchParams()[0].get('token') ?? '';
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState<TokenOutcome | null>(null);
  const check = useQuery({
    queryKey: ['verify-account', token],
    queryFn: () => verifyAccount(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const verify = useMutation({
    mutationFn: (value: string) => verifyAccount(token, value),
    onSettled: (_data, error) =>
      setSubmitted(verifyOutcome({ hasToken: true, errorCode: error ? errorCodeOf(error) : null })),
  });

  const settled = !token || !check.isPending;
  const checked = settled
    ? verifyOutcome({ hasToken: token !== '', errorCode: check.isError ? errorCodeOf(check.error) : null })
    : null;
  // Until the password is sent, the page shows what the check said; afterwards, what the verification said.
  const outcome = submitted?.kind === 'fieldError' ? { kind: 'needsPassword' as const } : (submitted ?? checked);
  const passwordError = submitted?.kind === 'fieldError' ? errorText(submitted.errorCode) : null;

  useEffect(() => {
    if (outcome?.kind === 'expired') {
      const state: NoticeState = { errorCode: outcome.errorCode };
      void navigate(outcome.redirectTo, { replace: true, state });
    }
  }, [outcome?.kind, outcome, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) return;
    setSubmitted(null);
    verify.mutate(password);
  };

  return (
    <AuthLayout>
      <div data-testid="verify-account" data-state={outcome?.kind ?? 'pending'}>
        <h1>{t('verifyAccount.title')}</h1>
        {!outcome || outcome.kind === 'expired' ? (
          <p className="auth-card__subtitle">
            <span className="spinner spinner--dark" aria-hidden="true" /> {t('verifyAccount.checking')}
          </p>
        ) : outcome.kind === 'needsPassword' ? (
          <form onSubmit={onSubmit} noValidate data-testid="verify-password-form">
            <p className="auth-card__subtitle">{t('verifyAccount.needsPassword')}</p>
            <PasswordField
              id={`${ids}-password`}
              label={t('verifyAccount.password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={passwordError}
            />
            <SubmitButton busy={verify.isPending} block>
              {t('verifyAccount.submit')}
            </SubmitButton>
            <p className="auth-card__footer">
              <Link to="/password/forgot" data-testid="verify-unknown-password">
                {t('verifyAccount.unknownPassword')}
              </Link>
            </p>
          </form>
        ) : outcome.kind === 'done' ? (
          <>
            <div className="banner banner--success" role="status" data-testid="verify-success">
              {t('verifyAccount.success')}
            </div>
            <div className="auth-card__actions">
              <Link className="button button--primary" to="/login" data-testid="verify-login-link">
                {t('common.toLogin')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <div className="banner banner--error" role="alert" data-testid="verify-error">
              {errorText(outcome.errorCode)}
            </div>
            <div className="auth-card__actions">
              <Button
                kind="secondary"
                onClick={() => {
                  if (submitted) setSubmitted({ kind: 'needsPassword' });
                  else void check.refetch();
                }}
              >
                {t('common.tryAgain')}
              </Button>
            </div>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
