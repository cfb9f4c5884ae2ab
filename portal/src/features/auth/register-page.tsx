import type { SignupRequest } from '@saldo/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';
import { SubmitButton } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { EmailField, NewPasswordFields } from '../../components/password-fields';
import { CompanyFields, NameFields } from '../../components/person-fields';
import { useCheckedForm } from '../../components/use-checked-form';
import { currentLanguage } from '../../lib/i18n';
import { signup } from './queries';
import { hasErrors, type RegisterErrors, type RegisterValues, validateRegister } from './validation';

const EMPTY: RegisterValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  phoneNumber: '',
  termsAccepted: false,
};

// Server codes that belong to one field rather than the banner.
const FIELD_OF_CODE: Partial<Record<string, keyof RegisterValues>> = {
  PASSWORD_TOO_SHORT: 'password',
  WEAK_PASSWORD: 'password',
  TERMS_NOT_ACCEPTED: 'termsAccepted',
};

/** /register: sign up. The new user is not verified yet, so the returned tokens are not kept. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <AuthLayout wide>
      <RegisterForm
        integrationPartnerId={params.get('integrationPartnerId')}
        onSignedUp={async (request) => {
          await navigate(`/register-notification?email=${encodeURIComponent(request.email)}`, { replace: true });
        }}
      />
    </AuthLayout>
  );
}

export interface RegisterFormProps {
  integrationPartnerId?: string | null;
  /** An invitation's address: shown, not editable (the invitation's token goes with the signup). */
  invitation?: { email: string; token: string };
  onSignedUp: (request: SignupRequest) => Promise<void> | void;
}

/** The sign-up form, for /register and for an invitation on /confirm-invitation. */
export function RegisterForm({ integrationPartnerId = null, invitation, onSignedUp }: RegisterFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ids = useId();
  const {
    values,
    errors,
    setValue: set,
    check,
  } = useCheckedForm<RegisterValues, RegisterErrors>(
    invitation ? { ...EMPTY, email: invitation.email } : EMPTY,
    validateRegister,
  );
  const [serverError, setServerError] = useState<{ code: string; field?: keyof RegisterValues } | null>(null);

  const mutation = useMutation({
    mutationFn: signup,
    onSuccess: async (_response, request) => onSignedUp(request),
    onError: (error) => {
      const code = errorCodeOf(error);
      setServerError({ code, field: FIELD_OF_CODE[code] });
    },
  });

  const text = (
    field: 'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword' | 'companyName' | 'phoneNumber',
  ) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    if (hasErrors(found)) {
      const first = Object.keys(found)[0];
      document.querySelector<HTMLInputElement>(`form[data-testid=register-form] [name="${first}"]`)?.focus();
      return;
    }
    setServerError(null);
    mutation.mutate({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      password: values.password,
      ...(values.companyName.trim() ? { companyName: values.companyName.trim() } : {}),
      ...(values.phoneNumber.trim() ? { phoneNumber: values.phoneNumber.trim() } : {}),
      termsAccepted: true,
      // The account starts in the language the user is reading the sign-up form in.
      language: currentLanguage(),
      ...(integrationPartnerId ? { integrationPartnerId } : {}),
      ...(invitation ? { invitationToken: invitation.token } : {}),
    });
  };

  const errorOf = (field: keyof RegisterValues): string | null => {
    if (errors[field]) return t(`validation.${errors[field]}`);
    if (serverError?.field === field) return errorText(serverError.code);
    return null;
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="register-form">
      {!invitation && <h1>{t('register.title')}</h1>}
      {!invitation && <p className="auth-card__subtitle">{t('register.subtitle')}</p>}
      {serverError && !serverError.field && <ErrorBanner code={serverError.code} testId="register-error" />}
      <NameFields
        ids={ids}
        first={{ ...text('firstName'), error: errorOf('firstName') }}
        last={{ ...text('lastName'), error: errorOf('lastName') }}
      />
      <EmailField
        id={`${ids}-email`}
        label={t('register.email')}
        placeholder={t('login.emailPlaceholder')}
        error={errorOf('email')}
        readOnly={!!invitation}
        {...text('email')}
      />
      <NewPasswordFields
        ids={ids}
        grid
        labels={[t('register.password'), t('register.confirmPassword')]}
        password={{ ...text('password'), error: errorOf('password') }}
        confirm={{ ...text('confirmPassword'), error: errorOf('confirmPassword') }}
      />
      <CompanyFields
        ids={ids}
        optional
        company={{ ...text('companyName'), error: null }}
        phone={{ ...text('phoneNumber'), error: errorOf('phoneNumber') }}
      />
      <div className={`field field--checkbox ${errorOf('termsAccepted') ? 'field--invalid' : ''}`}>
        <label>
          <input
            type="checkbox"
            name="termsAccepted"
            checked={values.termsAccepted}
            onChange={(event) => set('termsAccepted', event.target.checked)}
            aria-invalid={errorOf('termsAccepted') ? true : undefined}
          />
          <span>
            <Trans
              i18nKey="register.terms"
              components={{
                terms: (
                  // biome-ignore lint/a11y/useAnchorContent: Trans puts the locale's link text inside
                  <a href="/terms" target="_blank" rel="noopener" data-testid="terms-link" />
                ),
              }}
            />
          </span>
        </label>
        {errorOf('termsAccepted') && (
          <p className="field__error" data-testid="termsAccepted-error">
            {errorOf('termsAccepted')}
          </p>
        )}
      </div>
      <SubmitButton busy={mutation.isPending} block aria-busy={mutation.isPending}>
        {mutation.isPending ? t('register.submitting') : t('register.submit')}
      </SubmitButton>
      {!invitation && (
        <p className="auth-card__footer">
          {t('register.haveAccount')} <Link to="/login">{t('register.toLogin')}</Link>
        </p>
      )}
    </form>
  );
}
