import { FIRM_LOGO_MAX_BYTES, type Firm, type FirmProfileUpdate, HEX_COLOR, isOrgNumber } from '@saldo/contract';
import { isValidEmail } from '../auth/validation';

/** The firm form's fields, as typed. */
export interface FirmValues {
  name: string;
  orgNumber: string;
  primaryColor: string;
  secondaryColor: string;
  senderName: string;
  replyTo: string;
}

/** Each field's problem, as a key under `firm.errors`. */
export type FirmErrors = Partial<Record<keyof FirmValues, 'nameRequired' | 'orgNumber' | 'color' | 'replyTo'>>;

export const valuesOf = (firm: Firm): FirmValues => ({
  name: firm.name,
  orgNumber: firm.orgNumber ?? '',
  primaryColor: firm.primaryColor,
  secondaryColor: firm.secondaryColor,
  senderName: firm.senderName ?? '',
  replyTo: firm.replyTo ?? '',
});

/** An organisation number as typed ("923 609 016"), as sent: its digits. */
const digitsOf = (orgNumber: string) => orgNumber.replace(/\s/g, '');

/** The form's own checks, by the contract's rules (the server checks the same again). */
export function validateFirm(values: FirmValues): FirmErrors {
  const errors: FirmErrors = {};
  if (!values.name.trim()) errors.name = 'nameRequired';
  if (!isOrgNumber(digitsOf(values.orgNumber))) errors.orgNumber = 'orgNumber';
  if (!HEX_COLOR.test(values.primaryColor.trim())) errors.primaryColor = 'color';
  if (!HEX_COLOR.test(values.secondaryColor.trim())) errors.secondaryColor = 'color';
  if (values.replyTo.trim() && !isValidEmail(values.replyTo)) errors.replyTo = 'replyTo';
  return errors;
}

/** What PUT /api/firm is sent: empty optional fields as null. */
export const updateOf = (values: FirmValues): FirmProfileUpdate => ({
  name: values.name.trim(),
  orgNumber: digitsOf(values.orgNumber),
  primaryColor: values.primaryColor.trim().toLowerCase(),
  secondaryColor: values.secondaryColor.trim().toLowerCase(),
  senderName: values.senderName.trim() || null,
  replyTo: values.replyTo.trim() || null,
});

export const LOGO_ACCEPT = '.png,.svg,image/png,image/svg+xml';

/**
 * A chosen logo before it is sent: the error code from the shared map, or null. The server decides by
 * the file's bytes; this only spares a certain refusal (by its type, else its name, and its size).
 */
export function checkLogoFile(
  file: Pick<File, 'name' | 'size' | 'type'>,
): 'FIRM_LOGO_TYPE' | 'FIRM_LOGO_TOO_LARGE' | null {
  const typeOk = file.type ? ['image/png', 'image/svg+xml'].includes(file.type) : /\.(png|svg)$/i.test(file.name);
  if (!typeOk) return 'FIRM_LOGO_TYPE';
  if (file.size > FIRM_LOGO_MAX_BYTES) return 'FIRM_LOGO_TOO_LARGE';
  return null;
}
