import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { useErrorText } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { FIELD_OF_SERVER_CODE, type TripletexErrors, type TripletexValues } from './tripletex-form';

/** Field errors: the form's own checks first, then a server code that belongs to one field. */
export function useFieldError(errors: TripletexErrors, serverCode: string | null) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const serverField = serverCode ? FIELD_OF_SERVER_CODE[serverCode] : undefined;
  return {
    serverField,
    err: (field: keyof TripletexValues) =>
      errors[field]
        ? t(`apiAccounts.validation.${errors[field]}`)
        : serverField === field && serverCode
          ? errorText(serverCode)
          : null,
  };
}

type FieldName = 'name' | 'consumerId' | 'apiKey' | 'expirationDate';

/** A form holding a Tripletex account's fields: its useId prefix, values, change handlers and errors. */
export interface TripletexForm {
  ids: string;
  values: Pick<TripletexValues, FieldName>;
  set: (field: FieldName) => (event: ChangeEvent<HTMLInputElement>) => void;
  setValue: (field: 'expirationDate', value: string) => void;
  err: (field: FieldName) => string | null;
}

/** The account's name (`<ids>-name`). */
export function NameField({ form, autoComplete }: { form: TripletexForm; autoComplete?: string }) {
  const { t } = useTranslation();
  return (
    <Field
      id={`${form.ids}-name`}
      name="name"
      label={t('apiAccounts.name')}
      value={form.values.name}
      onChange={form.set('name')}
      error={form.err('name')}
      autoComplete={autoComplete}
    />
  );
}

/** The two keys' names and their ids' endings. */
const KEYS = [
  ['consumerId', 'consumer'],
  ['apiKey', 'employee'],
] as const;

/** The Tripletex key pair: the consumer token and the employee token (in Norwegian integrasjonsnøkkel and brukernøkkel). */
export function KeyFields({ form, labels }: { form: TripletexForm; labels: [string, string] }) {
  return (
    <div className="form-grid">
      {KEYS.map(([name, ending], index) => (
        <Field
          key={name}
          id={`${form.ids}-${ending}`}
          name={name}
          label={labels[index]!}
          value={form.values[name]}
          onChange={form.set(name)}
          error={form.err(name)}
          autoComplete="off"
          spellCheck={false}
        />
      ))}
    </div>
  );
}

/** The keys' expiration date (`<ids>-<ending>`). */
export function ExpirationField({ form, ending, min }: { form: TripletexForm; ending: string; min?: string }) {
  const { t } = useTranslation();
  return (
    <DateField
      id={`${form.ids}-${ending}`}
      name="expirationDate"
      label={t('apiAccounts.expirationDate')}
      value={form.values.expirationDate}
      min={min}
      onChange={(value) => form.setValue('expirationDate', value)}
      error={form.err('expirationDate')}
    />
  );
}
