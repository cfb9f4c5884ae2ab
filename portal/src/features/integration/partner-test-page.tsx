import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../components/auth-layout';
import { SubmitButton } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { errorCodeOf } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { useNotify } from '../../components/notifications';
import { SignInFields } from '../../components/password-fields';
import { api } from '../../lib/api';
import { saveLogin } from '../../lib/auth-storage';
import { apiAccountsKey } from '../api-accounts/queries';
import { ExpirationField, KeyFields, NameField, type TripletexForm } from '../api-accounts/tripletex-fields';
import {
  checkTripletex,
  EMPTY_TRIPLETEX,
  type TripletexErrors,
  type TripletexValues,
  tripletexBody,
} from '../api-accounts/tripletex-form';
import { login } from '../auth/queries';
import { afterLoginTarget } from '../auth/token-outcomes';
import { useSession } from '../auth/use-session';
import { hasErrors, type LoginErrors, type LoginValues, validateLogin } from '../auth/validation';

interface PartnerValues extends TripletexValues, LoginValues {
  partnerId: string;
}

/**
 * The partner-integration test route (SPEC §2): plays the partner's part of the hand-over. It signs in
 * with `integrationPartnerId` (unless a session exists), hands the user's Tripletex keys to
 * POST /api/api-account/integration, and lands where partner users land: the API accounts.
 * The server lists this page in the menu of one configured user only (SALDO_PARTNER_TEST_EMAIL).
 */
export function PartnerTestPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const ids = useId();
  const [values, setValues] = useState<PartnerValues>({
    ...EMPTY_TRIPLETEX,
    name: 'Tripletex',
    email: '',
    password: '',
    partnerId: '',
  });
  const [errors, setErrors] = useState<TripletexErrors & LoginErrors & { partnerId?: 'required' }>({});
  const [errorCode, setErrorCode] = useState<string | null>(null);

  const check = (next: PartnerValues) => ({
    ...checkTripletex(next),
    ...(session ? {} : validateLogin(next)),
    ...(next.partnerId.trim() ? {} : { partnerId: 'required' as const }),
  });

  const mutation = useMutation({
    mutationFn: async (form: PartnerValues) => {
      const integrationPartnerId = form.partnerId.trim();
      if (!session) {
        queryClient.clear();
        saveLogin(await login({ ...form, integrationPartnerId }));
      }
      const { provider: _manual, ...keys } = tripletexBody(form);
      return api.post('/api-account/integration', { body: { ...keys, integrationPartnerId } });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: apiAccountsKey });
      notify('partnerTest.connected');
      await navigate(afterLoginTarget({ integrationPartnerId: values.partnerId, redirect: '/' }));
    },
    onError: (error) => setErrorCode(errorCodeOf(error)),
  });

  const setValue = (field: keyof PartnerValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (Object.keys(errors).length) setErrors(check(next));
  };
  const set = (field: keyof PartnerValues) => (event: ChangeEvent<HTMLInputElement>) =>
    setValue(field, event.target.value);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setErrorCode(null);
    mutation.mutate(values);
  };
  const tripletexError = (field: keyof TripletexValues) =>
    errors[field] ? t(`apiAccounts.validation.${errors[field]}`) : null;
  const form: TripletexForm = { ids, values, set, setValue, err: tripletexError };

  return (
    <AuthLayout wide>
      <form onSubmit={onSubmit} noValidate data-testid="partner-test">
        <span className="badge">{t('partnerTest.badge')}</span>
        <h1>{t('partnerTest.title')}</h1>
        <p className="auth-card__subtitle">{t('partnerTest.body')}</p>
        {errorCode && <ErrorBanner code={errorCode} testId="partner-test-error" />}
        <Field
          id={`${ids}-partner`}
          name="partnerId"
          label={t('partnerTest.partnerId')}
          value={values.partnerId}
          onChange={set('partnerId')}
          error={errors.partnerId ? t('partnerTest.partnerIdRequired') : null}
        />
        {session ? (
          <p className="muted" data-testid="partner-test-signed-in">
            {t('partnerTest.signedInAs', { email: session.user.email })}
          </p>
        ) : (
          <SignInFields
            ids={ids}
            email={{
              value: values.email,
              onChange: set('email'),
              error: errors.email ? t(`login.${errors.email}`) : null,
            }}
            password={{
              value: values.password,
              onChange: set('password'),
              error: errors.password ? t(`login.${errors.password}`) : null,
            }}
          />
        )}
        <NameField form={form} />
        <KeyFields form={form} labels={[t('apiAccounts.consumerId'), t('apiAccounts.employeeId')]} />
        <ExpirationField form={form} ending="expires" />
        <div className="auth-card__actions">
          <SubmitButton disabled={mutation.isPending} data-testid="partner-test-submit">
            {mutation.isPending ? t('app.loading') : t('partnerTest.submit')}
          </SubmitButton>
        </div>
      </form>
    </AuthLayout>
  );
}
