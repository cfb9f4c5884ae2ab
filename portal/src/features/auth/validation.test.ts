import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from './login-error';
import { hasErrors, isValidEmail, validateLogin } from './validation';

describe('validateLogin', () => {
  it('requires both fields', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'emailRequired',
      password: 'passwordRequired',
    });
    expect(validateLogin({ email: '   ', password: '' })).toEqual({
      email: 'emailRequired',
      password: 'passwordRequired',
    });
  });

  it('rejects an e-mail that does not look like one', () => {
    expect(validateLogin({ email: 'demo', password: 'x' })).toEqual({ email: 'emailInvalid' });
    expect(validateLogin({ email: 'demo@saldo', password: 'x' })).toEqual({ email: 'emailInvalid' });
    expect(validateLogin({ email: 'de mo@saldo.no', password: 'x' })).toEqual({ email: 'emailInvalid' });
  });

  it('accepts valid input, tolerating spaces around the e-mail', () => {
    const errors = validateLogin({ email: ' demo@saldo.no ', password: 'Demo1234' });
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
    expect(hasErrors(validateLogin({ email: 'demo@saldo.no', password: '' }))).toBe(true);
  });

  it('checks the e-mail pattern on its own', () => {
    expect(isValidEmail('ola.nordmann@firma.no')).toBe(true);
    expect(isValidEmail('@firma.no')).toBe(false);
  });
});

describe('loginErrorMessage', () => {
  it('shows the shared map text for the code in the chosen language', () => {
    expect(loginErrorMessage('INCORRECT_CREDENTIALS', 'en')).toBe('Incorrect Credentials');
    expect(loginErrorMessage('INCORRECT_CREDENTIALS', 'nor')).toBe('Feil e-post eller passord');
    expect(loginErrorMessage('EMAIL_IS_NOT_VERIFIED', 'en')).toMatch(/^Email is not verified/);
  });

  it('falls back to Incorrect Credentials for codes the map does not know', () => {
    expect(loginErrorMessage('SOMETHING_NEW', 'en')).toBe('Incorrect Credentials');
    expect(loginErrorMessage(undefined, 'en')).toBe('Incorrect Credentials');
  });
});
