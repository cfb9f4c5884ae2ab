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

export function hasErrors(errors: LoginErrors): boolean {
  return Object.keys(errors).length > 0;
}
