/** The fields of the "Add Tripletex account" form, as typed. */
export interface TripletexValues {
  name: string;
  consumerId: string;
  /** The Tripletex employee token; the product labels it "Brukernøkkel" (en: "Employee token"). */
  apiKey: string;
  /** yyyy-mm-dd, as an <input type="date"> gives it. */
  expirationDate: string;
  /** Optional: the client company an accountant's key should read. */
  companyId: string;
}

/** Keys into `apiAccounts.validation.*`. */
export type TripletexProblem =
  | 'nameRequired'
  | 'nameTooLong'
  | 'consumerIdRequired'
  | 'apiKeyRequired'
  | 'keyTooLong'
  | 'expirationRequired'
  | 'expirationInvalid'
  | 'expirationPast'
  | 'companyIdDigits';

export type TripletexErrors = Partial<Record<keyof TripletexValues, TripletexProblem>>;

export const EMPTY_TRIPLETEX: TripletexValues = {
  name: '',
  consumerId: '',
  apiKey: '',
  expirationDate: '',
  companyId: '',
};

// The server's limits (server/src/features/api-accounts/routes.ts).
const NAME_MAX = 100;
const KEY_MAX = 200;

/** True for a real calendar date written yyyy-mm-dd (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today as yyyy-mm-dd in the browser's time zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function checkName(name: string): TripletexProblem | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'nameRequired';
  if (trimmed.length > NAME_MAX) return 'nameTooLong';
  return undefined;
}

function checkExpiration(value: string, today: string): TripletexProblem | undefined {
  if (!value.trim()) return 'expirationRequired';
  if (!isIsoDate(value.trim())) return 'expirationInvalid';
  // The server refuses a key that has already expired (API_ACCOUNT_EXPIRED); say so before sending.
  if (value.trim() < today) return 'expirationPast';
  return undefined;
}

function assign(errors: TripletexErrors, field: keyof TripletexValues, problem: TripletexProblem | undefined) {
  if (problem) errors[field] = problem;
}

/** Checks the add form; an empty object means it may be sent. `today` is yyyy-mm-dd. */
export function validateTripletex(values: TripletexValues, today: string): TripletexErrors {
  const errors: TripletexErrors = {};
  assign(errors, 'name', checkName(values.name));
  const consumer = values.consumerId.trim();
  assign(errors, 'consumerId', !consumer ? 'consumerIdRequired' : consumer.length > KEY_MAX ? 'keyTooLong' : undefined);
  const key = values.apiKey.trim();
  assign(errors, 'apiKey', !key ? 'apiKeyRequired' : key.length > KEY_MAX ? 'keyTooLong' : undefined);
  assign(errors, 'expirationDate', checkExpiration(values.expirationDate, today));
  const company = values.companyId.trim();
  if (company && !/^\d+$/.test(company)) errors.companyId = 'companyIdDigits';
  return errors;
}

/** The form's checks as of today (the expiration date may not have passed). */
export const checkTripletex = (values: TripletexValues): TripletexErrors => validateTripletex(values, todayIso());

/** The edit form: the name is required; keys and date are optional (blank keeps the stored ones). */
export function validateEdit(
  values: Pick<TripletexValues, 'name' | 'consumerId' | 'apiKey' | 'expirationDate'>,
  options: { today: string; hasKeys: boolean; initialExpiration: string },
): TripletexErrors {
  const errors: TripletexErrors = {};
  assign(errors, 'name', checkName(values.name));
  if (!options.hasKeys) return errors;
  if (values.consumerId.trim().length > KEY_MAX) errors.consumerId = 'keyTooLong';
  if (values.apiKey.trim().length > KEY_MAX) errors.apiKey = 'keyTooLong';
  // An unchanged date is not re-checked: an expired account can still be renamed.
  if (values.expirationDate !== options.initialExpiration) {
    assign(errors, 'expirationDate', checkExpiration(values.expirationDate, options.today));
  }
  return errors;
}

/** The body of POST /api/api-account for a Tripletex account, trimmed, without an empty company id. */
export function tripletexBody(values: TripletexValues) {
  const companyId = values.companyId.trim();
  return {
    provider: 'tripletex' as const,
    name: values.name.trim(),
    consumerId: values.consumerId.trim(),
    apiKey: values.apiKey.trim(),
    expirationDate: values.expirationDate.trim(),
    ...(companyId ? { companyId } : {}),
  };
}

/** The body of PUT /api/api-account/:id: only what changed. */
export function editBody(
  values: Pick<TripletexValues, 'name' | 'consumerId' | 'apiKey' | 'expirationDate'>,
  initial: { name: string; expirationDate: string },
): { name?: string; consumerId?: string; apiKey?: string; expirationDate?: string } {
  const body: { name?: string; consumerId?: string; apiKey?: string; expirationDate?: string } = {};
  if (values.name.trim() !== initial.name) body.name = values.name.trim();
  if (values.consumerId.trim()) body.consumerId = values.consumerId.trim();
  if (values.apiKey.trim()) body.apiKey = values.apiKey.trim();
  if (values.expirationDate && values.expirationDate !== initial.expirationDate)
    body.expirationDate = values.expirationDate;
  return body;
}

/** Server codes that belong beside one field of the form rather than in the banner above it. */
export const FIELD_OF_SERVER_CODE: Partial<Record<string, keyof TripletexValues>> = {
  CONSUMER_TOKEN_INVALID: 'consumerId',
  API_ACCOUNT_EXPIRED: 'expirationDate',
};
