import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { type PasswordStrength, passwordStrength } from '../features/auth/password-strength';
import './form-field.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  name: string;
  label: string;
  /** Translated error text, or null. */
  error: string | null;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its error text wired up for screen readers (`<name>-error` test id). */
export function Field({ id, name, label, error, hint, inputRef, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {hint}
      <FieldError id={errorId} name={name} error={error} />
    </div>
  );
}

/** A field's error text, if any (`<name>-error`), for the input's aria-describedby to point at. */
export function FieldError({ id, name, error }: { id: string; name: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p className="field__error" id={id} data-testid={`${name}-error`}>
      {error}
    </p>
  );
}

const LEVEL: Record<PasswordStrength, number> = { tooShort: 1, good: 2, strong: 3 };

/** The spec's too short / good / strong indicator; silent until something is typed. */
export function StrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  const strength = passwordStrength(password);
  return (
    <div className={`strength strength--${strength}`} data-testid="password-strength" data-strength={strength}>
      <span className="strength__bars" aria-hidden="true">
        {[1, 2, 3].map((bar) => (
          <span key={bar} className={`strength__bar ${bar <= LEVEL[strength] ? 'strength__bar--on' : ''}`} />
        ))}
      </span>
      <span className="strength__label" aria-live="polite">
        {t('password.strengthLabel')}: {t(`password.${strength}`)}
      </span>
    </div>
  );
}
