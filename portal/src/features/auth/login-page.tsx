import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { SubmitButton } from '../../components/button';
import { LanguageSwitch } from '../../components/language-switch';
import { useNotify } from '../../components/notifications';
import { SignInFields } from '../../components/password-fields';
import { useCheckedForm } from '../../components/use-checked-form';
import { ApiError } from '../../lib/api';
import { saveLogin } from '../../lib/auth-storage';
import { toLanguage } from '../../lib/i18n';
import { safeRedirect } from '../../lib/redirect';
import { loginErrorMessage } from './login-error';
import { login } from './queries';
import type { LoginNotice } from './reset-password-page';
import type { NoticeState } from './send-verification-page';
import { afterLoginTarget } from './token-outcomes';
import { useSession } from './use-session';
import { hasErrors, type LoginErrors, type LoginValues, validateLogin } from './validation';
import '../../components/auth-layout.css';

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const session = useSession();
  const ids = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Once the user has tried to submit, the messages keep in step with what they type.
  const {
    values,
    errors: fieldErrors,
    set: update,
    check,
  } = useCheckedForm<LoginValues, LoginErrors>({ email: '', password: '' }, validateLogin);
  // The code, not the text, is kept so the banner follows a language switch.
  const [errorCode, setErrorCode] = useState<string | null>(null);

  const notice = ((useLocation().state ?? {}) as LoginNotice).notice;
  const target = safeRedirect(params.get('redirect'));
  // Partner sign-ins arrive with ?integrationPartnerId=…; it is sent with the login and decides the landing page.
  const integrationPartnerId = params.get('integrationPartnerId');

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      queryClient.clear();
      saveLogin(response);
      // Language on login: the login response carries no language, and the profile's saved language is
      // deliberately NOT applied here. The browser's i18nextLng is the user's explicit local choice (the
      // switch on this very page) and wins; the server copy only changes when the user switches language
      // while logged in (profile dropdown or profile settings), which writes both.
      notify('login.success');
      await navigate(afterLoginTarget({ integrationPartnerId, redirect: target }), { replace: true });
    },
    onError: async (error) => {
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === 'EMAIL_IS_NOT_VERIFIED') {
        const email = values.email.trim();
        const state: NoticeState = { email, errorCode: code };
        await navigate(`/send-verification?email=${encodeURIComponent(email)}`, { state });
        return;
      }
      setErrorCode(code ?? 'INCORRECT_CREDENTIALS');
    },
  });

  if (session && !mutation.isPending) {
    return <Navigate to={afterLoginTarget({ integrationPartnerId, redirect: target })} replace />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = check();
    if (hasErrors(errors)) {
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrorCode(null);
    mutation.mutate({ ...values, integrationPartnerId });
  };

  const emailError = fieldErrors.email ? t(`login.${fieldErrors.email}`) : null;
  const passwordError = fieldErrors.password ? t(`login.${fieldErrors.password}`) : null;

  return (
    <div className="auth-page">
      <aside className="auth-page__aside">
        <BrandMark inverted />
        <div className="auth-page__pitch">
          <h2>{t('login.asideTitle')}</h2>
          <p>{t('login.asideBody')}</p>
        </div>
        <AsideChart />
      </aside>
      <main className="auth-page__main">
        <div className="auth-page__toolbar">
          <LanguageSwitch />
        </div>
        <form className="auth-card" onSubmit={onSubmit} noValidate data-testid="login-form">
          <h1>{t('login.title')}</h1>
          <p className="auth-card__subtitle">{t('login.subtitle')}</p>

          {notice === 'passwordReset' && !errorCode && (
            <div className="banner banner--success" role="status" data-testid="login-notice">
              {t('resetPassword.success')}
            </div>
          )}

          {errorCode && (
            <div className="banner banner--error" role="alert" data-testid="login-error">
              {loginErrorMessage(errorCode, toLanguage(i18n.language))}
            </div>
          )}

          <SignInFields
            ids={ids}
            placeholders
            refs={{ email: emailRef, password: passwordRef }}
            email={{ value: values.email, onChange: update('email'), error: emailError }}
            password={{ value: values.password, onChange: update('password'), error: passwordError }}
          />

          <SubmitButton busy={mutation.isPending} block aria-busy={mutation.isPending}>
            {mutation.isPending ? t('login.submitting') : t('login.submit')}
          </SubmitButton>
          {/* After the button, so the Tab order is e-mail, password, log in, then this (and it reads so too). */}
          <p className="auth-card__forgot">
            <Link to="/password/forgot" data-testid="forgot-password-link">
              {t('login.forgotPassword')}
            </Link>
          </p>
          <p className="auth-card__footer">
            {t('login.noAccount')}{' '}
            <Link
              to={
                integrationPartnerId
                  ? `/register?integrationPartnerId=${encodeURIComponent(integrationPartnerId)}`
                  : '/register'
              }
              data-testid="register-link"
            >
              {t('login.toRegister')}
            </Link>
          </p>
        </form>
      </main>
    </div>
  );
}

/** A decorative bar chart for the brand panel: hints at the product without a screenshot. */
function AsideChart() {
  const bars = [38, 52, 45, 61, 58, 72, 66, 80, 77, 92];
  return (
    <svg className="auth-page__chart" viewBox="0 0 300 120" aria-hidden="true">
      {bars.map((height, index) => (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list
          key={index}
          x={index * 30 + 4}
          y={120 - height}
          width="20"
          height={height}
          rx="4"
          opacity={0.35 + index * 0.065}
        />
      ))}
    </svg>
  );
}
