import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/button';
import { ErrorBanner } from '../../components/error-banner';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { useNotify } from '../../components/notifications';
import { NewPasswordFields, PasswordField } from '../../components/password-fields';
import { useCheckedForm } from '../../components/use-checked-form';
import { type ChangePasswordValues, type FormErrors, hasErrors, validateChangePassword } from '../auth/validation';
import { changePassword } from './queries';
import './profile.css';

const EMPTY_PASSWORDS: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

// Server codes that belong next to one field rather than in the banner.
const PASSWORD_FIELD_OF_CODE: Partial<Record<string, keyof ChangePasswordValues>> = {
  INVALID_CURRENT_PASSWORD: 'currentPassword',
  NEW_PASSWORD_TOO_SHORT: 'newPassword',
  PASSWORD_TOO_SHORT: 'newPassword',
  WEAK_PASSWORD: 'newPassword',
};

/** The current password and a new one twice; a server refusal is shown at the field it concerns. */
export function ChangePassword() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const ids = useId();
  const { values, errors, set, check, reset } = useCheckedForm<
    ChangePasswordValues,
    FormErrors<keyof ChangePasswordValues>
  >(EMPTY_PASSWORDS, validateChangePassword);
  const [serverCode, setServerCode] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (next: ChangePasswordValues) => changePassword(next.currentPassword, next.newPassword),
    onSuccess: () => {
      reset(EMPTY_PASSWORDS);
      notify('profile.password.saved');
    },
    onError: (error) => setServerCode(errorCodeOf(error)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    if (hasErrors(found)) return;
    setServerCode(null);
    mutation.mutate(values);
  };
  const serverField = serverCode ? PASSWORD_FIELD_OF_CODE[serverCode] : undefined;
  const err = (field: keyof ChangePasswordValues) =>
    errors[field]
      ? t(`validation.${errors[field]}`)
      : serverField === field && serverCode
        ? errorText(serverCode)
        : null;

  return (
    <section className="card settings__section" id="change-password" aria-labelledby={`${ids}-title`}>
      <h2 className="card__title" id={`${ids}-title`}>
        {t('profile.password.title')}
      </h2>
      <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
        {serverCode && !serverField && <ErrorBanner code={serverCode} />}
        <PasswordField
          id={`${ids}-current`}
          name="currentPassword"
          label={t('profile.password.current')}
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={err('currentPassword')}
        />
        <NewPasswordFields
          ids={ids}
          name="newPassword"
          grid
          labels={[t('profile.password.new'), t('profile.password.confirm')]}
          password={{ value: values.newPassword, onChange: set('newPassword'), error: err('newPassword') }}
          confirm={{ value: values.confirmPassword, onChange: set('confirmPassword'), error: err('confirmPassword') }}
        />
        <SubmitButton busy={mutation.isPending}>{t('profile.password.submit')}</SubmitButton>
      </form>
    </section>
  );
}
