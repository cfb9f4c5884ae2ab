import type { ChangeEventHandler, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, StrengthMeter } from './form-field';

/** One field's value, its change handler and its (translated) error. */
export interface FieldState {
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  error: string | null;
}

interface OneFieldProps extends Partial<FieldState> {
  /** The input's id. */
  id: string;
  label: string;
  autoComplete?: string;
  placeholder?: string | undefined;
  readOnly?: boolean;
  inputRef?: Ref<HTMLInputElement> | undefined;
  hint?: ReactNode;
}

/** An e-mail address field (`email`), by default one the browser may fill in. */
export function EmailField({ autoComplete = 'email', error = null, ...props }: OneFieldProps) {
  return <Field name="email" type="email" autoComplete={autoComplete} error={error} {...props} />;
}

/** The password one has (`name`, by default `password`), as the browser's password manager fills it. */
export function PasswordField({
  name = 'password',
  error = null,
  ...props
}: OneFieldProps & { name?: 'password' | 'currentPassword' }) {
  return <Field name={name} type="password" autoComplete="current-password" error={error} {...props} />;
}

interface SignInFieldsProps {
  /** The form's useId prefix: the inputs are `<ids>-email` and `<ids>-password`. */
  ids: string;
  email: FieldState;
  password: FieldState;
  /** The login page's hints in the empty fields. */
  placeholders?: boolean;
  refs?: { email: Ref<HTMLInputElement>; password: Ref<HTMLInputElement> };
}

/** E-mail and password to sign in with, as the browser's password manager expects them. */
export function SignInFields({ ids, email, password, placeholders = false, refs }: SignInFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <EmailField
        id={`${ids}-email`}
        autoComplete="username"
        label={t('login.email')}
        placeholder={placeholders ? t('login.emailPlaceholder') : undefined}
        inputRef={refs?.email}
        {...email}
      />
      <PasswordField
        id={`${ids}-password`}
        label={t('login.password')}
        placeholder={placeholders ? t('login.passwordPlaceholder') : undefined}
        inputRef={refs?.password}
        {...password}
      />
    </>
  );
}

interface NewPasswordFieldsProps {
  /** The form's useId prefix: the inputs are `<ids>-password` (or `-new`) and `<ids>-confirm`. */
  ids: string;
  /** The new password's field name: 'password', or 'newPassword' beside the current one. */
  name?: 'password' | 'newPassword';
  /** The two fields' labels: the new password, and the same again. */
  labels: [string, string];
  password: FieldState;
  confirm: FieldState;
  /** Side by side (in a form grid), or one under the other. */
  grid?: boolean;
}

/** A new password twice, its strength as it is typed, and the rules it must meet. */
export function NewPasswordFields({ ids, name = 'password', labels, password, confirm, grid }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const fields = (
    <>
      <Field
        id={`${ids}-${name === 'password' ? 'password' : 'new'}`}
        name={name}
        type="password"
        label={labels[0]}
        autoComplete="new-password"
        hint={<StrengthMeter password={password.value} />}
        {...password}
      />
      <Field
        id={`${ids}-confirm`}
        name="confirmPassword"
        type="password"
        label={labels[1]}
        autoComplete="new-password"
        {...confirm}
      />
    </>
  );
  return (
    <>
      {grid ? <div className="form-grid">{fields}</div> : fields}
      <p className="field__hint">{t('password.rules')}</p>
    </>
  );
}
