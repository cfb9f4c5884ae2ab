import { type PasswordProblem, passwordProblem } from './password-strength';

export interface LoginValues {
  email: string;
  password: string;
}

/** Error keys into the `login.*` translations, per field; an empty object means the form is valid. */
export interface LoginErrors {
  email?: 'emailRequired' | 'emailInvalid';
  password?: 'passwordRequired';
}

// Deliberately simple (something@something.tld): the server is the authority on real addresses.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'emailRequired';
  else if (!isValidEmail(email)) errors.email = 'emailInvalid';
  // Passwords are not trimmed: a space may be part of one.
  if (!values.password) errors.password = 'passwordRequired';
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

/** Keys into the `validation.*` translations, shared by the sign-up, reset and change-password forms. */
export type ValidationKey =
  | 'emailRequired'
  | 'emailInvalid'
  | 'firstNameRequired'
  | 'lastNameRequired'
  | PasswordProblem
  | 'passwordMismatch'
  | 'termsRequired'
  | 'currentPasswordRequired'
  | 'newPasswordTooShort'
  | 'phoneInvalid';

export type FormErrors<Field extends string> = Partial<Record<Field, ValidationKey>>;

export function validateEmail(email: string): 'emailRequired' | 'emailInvalid' | null {
  const trimmed = email.trim();
  if (!trimmed) return 'emailRequired';
  return isValidEmail(trimmed) ? null : 'emailInvalid';
}

export function validateEmailForm(values: { email: string }): FormErrors<'email'> {
  const email = validateEmail(values.email);
  return email ? { email } : {};
}

export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** Optional. */
  companyName: string;
  /** Optional. */
  phoneNumber: string;
  termsAccepted: boolean;
}

export type RegisterErrors = FormErrors<keyof RegisterValues>;

// The server's pattern for phone numbers: digits, spaces, brackets and dashes, an optional leading +.
const PHONE_PATTERN = /^\+?[0-9 ()-]{4,20}$/;

/** An optional phone number: empty is fine, anything else must look like a phone number. */
export function isValidPhone(phone: string): boolean {
  const trimmed = phone.trim();
  return trimmed === '' || PHONE_PATTERN.test(trimmed);
}

/** SPEC §5: names, e-mail, password and terms are required; the confirmation must match. */
export function validateRegister(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!values.firstName.trim()) errors.firstName = 'firstNameRequired';
  if (!values.lastName.trim()) errors.lastName = 'lastNameRequired';
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  const password = passwordProblem(values.password);
  if (password) errors.password = password;
  if (values.confirmPassword !== values.password) errors.confirmPassword = 'passwordMismatch';
  if (!isValidPhone(values.phoneNumber)) errors.phoneNumber = 'phoneInvalid';
  if (!values.termsAccepted) errors.termsAccepted = 'termsRequired';
  return errors;
}

export interface ResetPasswordValues {
  password: string;
  confirmPassword: string;
}

export function validateResetPassword(values: ResetPasswordValues): FormErrors<keyof ResetPasswordValues> {
  const errors: FormErrors<keyof ResetPasswordValues> = {};
  const password = passwordProblem(values.password);
  if (password) errors.password = password;
  if (values.confirmPassword !== values.password) errors.confirmPassword = 'passwordMismatch';
  return errors;
}

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validateChangePassword(values: ChangePasswordValues): FormErrors<keyof ChangePasswordValues> {
  const errors: FormErrors<keyof ChangePasswordValues> = {};
  if (!values.currentPassword) errors.currentPassword = 'currentPasswordRequired';
  const problem = passwordProblem(values.newPassword);
  // The spec words the length rule for a new password differently ('New Password length must be…').
  if (problem) errors.newPassword = problem === 'passwordTooShort' ? 'newPasswordTooShort' : problem;
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'passwordMismatch';
  return errors;
}

export interface PersonalInfoValues {
  firstName: string;
  lastName: string;
  companyName: string;
  phoneNumber: string;
}

export function validatePersonalInfo(values: PersonalInfoValues): FormErrors<keyof PersonalInfoValues> {
  const errors: FormErrors<keyof PersonalInfoValues> = {};
  if (!values.firstName.trim()) errors.firstName = 'firstNameRequired';
  if (!values.lastName.trim()) errors.lastName = 'lastNameRequired';
  if (!isValidPhone(values.phoneNumber)) errors.phoneNumber = 'phoneInvalid';
  return errors;
}
