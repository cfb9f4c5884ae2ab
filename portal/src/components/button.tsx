import type { ButtonHTMLAttributes } from 'react';

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> {
  /** The look: the page's main action, a secondary one, a destructive one (solid or quiet), or a quiet one. */
  kind: 'primary' | 'secondary' | 'danger' | 'danger-ghost' | 'ghost';
  /** The compact size, for rows and cards. */
  small?: boolean;
  /** As wide as its container (forms on the auth pages, plan cards). */
  block?: boolean;
}

/** A button that does something on the page (not a form's submit): `type="button"` and the theme's classes. */
export function Button({ kind, small = false, block = false, children, ...rest }: ButtonProps) {
  const className = `button button--${kind}${small ? ' button--small' : ''}${block ? ' button--block' : ''}`;
  return (
    <button type="button" className={className} {...rest}>
      {children}
    </button>
  );
}

interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'> {
  /** While the form is sent: disabled (as when `disabled`), with a spinner before the label. */
  busy?: boolean;
  block?: boolean;
}

/** A form's main button: it submits the form; while `busy`, it waits with a spinner. */
export function SubmitButton({ busy, block = false, disabled, children, ...rest }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`button button--primary${block ? ' button--block' : ''}`}
      disabled={busy || disabled}
      {...rest}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
