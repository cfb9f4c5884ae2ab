import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from './login-error';
import {
  hasErrors,
  isValidEmail,
  isValidPhone,
  type RegisterValues,
  validateChangePassword,
  validateEmailForm,
  validateLogin,
  validatePersonalInfo,
  validateRegister,
  validateResetPassword,
} from './validation';

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
    expect(loginErrorMessage('TOO_MANY_REQUESTS', 'en')).toBe(
      'Too many attempts, please wait a few minutes and try again',
    );
    expect(loginErrorMessage('INTEGRATION_NOT_FOUND', 'en')).toBe('Could not locate resource for the integration');
  });

  it('falls back to Incorrect Credentials for codes the map does not know', () => {
    expect(loginErrorMessage('SOMETHING_NEW', 'en')).toBe('Incorrect Credentials');
    expect(loginErrorMessage(undefined, 'en')).toBe('Incorrect Credentials');
  });
});

describe('validateRegister', () => {
  const valid: RegisterValues = {
    firstName: 'Kari',
    lastName: 'Nordmann',
    email: 'kari@firma.no',
    password: 'Passord123',
    confirmPassword: 'Passord123',
    companyName: '',
    phoneNumber: '',
    termsAccepted: true,
  };

  it('accepts a complete form; company and phone are optional', () => {
    expect(validateRegister(valid)).toEqual({});
    expect(validateRegister({ ...valid, companyName: 'Firma AS', phoneNumber: '+47 912 34 567' })).toEqual({});
  });

  it('requires names, e-mail, password and the terms', () => {
    expect(
      validateRegister({
        ...valid,
        firstName: ' ',
        lastName: '',
        email: '',
        password: '',
        confirmPassword: '',
        termsAccepted: false,
      }),
    ).toEqual({
      firstName: 'firstNameRequired',
      lastName: 'lastNameRequired',
      email: 'emailRequired',
      password: 'passwordRequired',
      termsAccepted: 'termsRequired',
    });
  });

  it('checks the e-mail, the password rule, the confirmation and the phone number', () => {
    expect(validateRegister({ ...valid, email: 'kari@firma' })).toEqual({ email: 'emailInvalid' });
    expect(validateRegister({ ...valid, password: 'Kort1', confirmPassword: 'Kort1' })).toEqual({
      password: 'passwordTooShort',
    });
    expect(validateRegister({ ...valid, password: 'passord123', confirmPassword: 'passord123' })).toEqual({
      password: 'weakPassword',
    });
    expect(validateRegister({ ...valid, confirmPassword: 'Passord124' })).toEqual({
      confirmPassword: 'passwordMismatch',
    });
    expect(validateRegister({ ...valid, phoneNumber: 'call me' })).toEqual({ phoneNumber: 'phoneInvalid' });
  });
});

describe('validateResetPassword', () => {
  it('needs a valid new password typed twice', () => {
    expect(validateResetPassword({ password: 'Passord123', confirmPassword: 'Passord123' })).toEqual({});
    expect(validateResetPassword({ password: '', confirmPassword: '' })).toEqual({ password: 'passwordRequired' });
    expect(validateResetPassword({ password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'passwordTooShort',
    });
    expect(validateResetPassword({ password: 'Passord123', confirmPassword: '' })).toEqual({
      confirmPassword: 'passwordMismatch',
    });
  });
});

describe('validateChangePassword', () => {
  it('needs the current password and a valid, confirmed new one', () => {
    expect(
      validateChangePassword({
        currentPassword: 'Gammel123',
        newPassword: 'Ny-passord1',
        confirmPassword: 'Ny-passord1',
      }),
    ).toEqual({});
    expect(validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'currentPasswordRequired',
      newPassword: 'passwordRequired',
    });
  });

  it("uses the spec's own wording for a short new password", () => {
    expect(validateChangePassword({ currentPassword: 'x', newPassword: 'Ab1', confirmPassword: 'Ab1' })).toEqual({
      newPassword: 'newPasswordTooShort',
    });
    expect(
      validateChangePassword({ currentPassword: 'x', newPassword: 'ABCDEFGH1', confirmPassword: 'ABCDEFGH2' }),
    ).toEqual({ newPassword: 'weakPassword', confirmPassword: 'passwordMismatch' });
  });
});

describe('validatePersonalInfo and validateEmailForm', () => {
  it('requires the names and a plausible phone number', () => {
    expect(validatePersonalInfo({ firstName: 'Kari', lastName: 'N', companyName: '', phoneNumber: '' })).toEqual({});
    expect(validatePersonalInfo({ firstName: '', lastName: ' ', companyName: 'AS', phoneNumber: '12' })).toEqual({
      firstName: 'firstNameRequired',
      lastName: 'lastNameRequired',
      phoneNumber: 'phoneInvalid',
    });
    expect(isValidPhone('(+47) 22-33-44-55')).toBe(false);
    expect(isValidPhone('+47 (22) 33-44-55')).toBe(true);
  });

  it('checks a lone e-mail field', () => {
    expect(validateEmailForm({ email: '' })).toEqual({ email: 'emailRequired' });
    expect(validateEmailForm({ email: 'x@y' })).toEqual({ email: 'emailInvalid' });
    expect(validateEmailForm({ email: ' x@y.no ' })).toEqual({});
  });
});
