import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { verifyAccount } from './api';
import type { NoticeState } from './send-verification-page';
import { verifyOutcome } from './token-outcomes';

/**
 * /verify-account?token=: verifies on load. A query rather than an effect-fired mutation, so React's
 * StrictMode double mount and a re-render do not send the one-time token twice.
 */
export function VerifyAccountPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const verify = useQuery({
    queryKey: ['verify-account', token],
    queryFn: () => verifyAccount(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  const settled = !token || !verify.isPending;
  const outcome = settled
    ? verifyOutcome({ hasToken: token !== '', errorCode: verify.isError ? errorCodeOf(verify.error) : null })
    : null;

  useEffect(() => {
    if (outcome?.kind === 'expired') {
      const state: NoticeState = { errorCode: outcome.errorCode };
      void navigate(outcome.redirectTo, { replace: true, state });
    }
  }, [outcome?.kind, outcome, navigate]);

  return (
    <AuthLayout>
      <div data-testid="verify-account" data-state={outcome?.kind ?? 'pending'}>
        <h1>{t('verifyAccount.title')}</h1>
        {!outcome || outcome.kind === 'expired' ? (
          <p className="auth-card__subtitle">
            <span className="spinner spinner--dark" aria-hidden="true" /> {t('verifyAccount.checking')}
          </p>
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
              <button type="button" className="button button--secondary" onClick={() => void verify.refetch()}>
                {t('common.tryAgain')}
              </button>
            </div>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
