import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, typeInto } from '../test/render';
import { NewPasswordFields, SignInFields } from './password-fields';

const field = (value: string, error: string | null = null) => ({ value, onChange: vi.fn(), error });

describe('SignInFields', () => {
  it('e-mail and password for the password manager, with hints, refs and errors wired to the inputs', () => {
    const email = createRef<HTMLInputElement>();
    const password = createRef<HTMLInputElement>();
    const onEmail = field('kari@example.no');
    renderWithProviders(
      <SignInFields
        ids="f"
        placeholders
        refs={{ email, password }}
        email={onEmail}
        password={field('', 'Skriv inn passordet')}
      />,
    );
    const emailInput = screen.getByLabelText('E-post') as HTMLInputElement;
    expect([emailInput.id, emailInput.type, emailInput.autocomplete, emailInput.value]).toEqual([
      'f-email',
      'email',
      'username',
      'kari@example.no',
    ]);
    expect(email.current).toBe(emailInput);
    const passwordInput = screen.getByLabelText('Passord') as HTMLInputElement;
    expect([passwordInput.type, passwordInput.autocomplete, passwordInput.placeholder !== '']).toEqual([
      'password',
      'current-password',
      true,
    ]);
    expect(password.current).toBe(passwordInput);
    expect(passwordInput.getAttribute('aria-describedby')).toBe('f-password-error');
    expect(screen.getByTestId('password-error').textContent).toBe('Skriv inn passordet');
    typeInto(emailInput, 'ola@example.no');
    expect(onEmail.onChange).toHaveBeenCalled();
  });
});

describe('NewPasswordFields', () => {
  it('the new password with its strength, the same again, and the rules; in a grid when asked', () => {
    const { container } = renderWithProviders(
      <NewPasswordFields
        ids="n"
        name="newPassword"
        grid
        labels={['Nytt passord', 'Gjenta']}
        password={field('abc')}
        confirm={field('', 'Passordene er ikke like')}
      />,
    );
    const first = screen.getByLabelText('Nytt passord') as HTMLInputElement;
    expect([first.id, first.name, first.type, first.autocomplete]).toEqual([
      'n-new',
      'newPassword',
      'password',
      'new-password',
    ]);
    expect(screen.getByTestId('password-strength').getAttribute('data-strength')).toBe('tooShort');
    expect(screen.getByTestId('confirmPassword-error').textContent).toBe('Passordene er ikke like');
    expect(container.querySelector('.form-grid')!.contains(first)).toBe(true);
    expect(container.querySelector('.form-grid + .field__hint')).not.toBeNull();
  });

  it('without a grid, the fields stand one under the other, named password and confirmPassword', () => {
    const { container } = renderWithProviders(
      <NewPasswordFields ids="r" labels={['Passord', 'Gjenta']} password={field('')} confirm={field('')} />,
    );
    expect(container.querySelector('.form-grid')).toBeNull();
    expect((screen.getByLabelText('Passord') as HTMLInputElement).id).toBe('r-password');
    expect(screen.queryByTestId('password-strength')).toBeNull();
  });
});
