import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
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

/** The Tripletex key pair: the consumer token and the employee token (in Norwegian integrasjonsnøkkel and brukernøkkel). */
export function KeyFields({
  ids,
  labels,
  values,
  set,
  err,
}: {
  ids: string;
  labels: [string, string];
  values: { consumerId: string; apiKey: string };
  set: (field: 'consumerId' | 'apiKey') => (event: ChangeEvent<HTMLInputElement>) => void;
  err: (field: 'consumerId' | 'apiKey') => string | null;
}) {
  return (
    <div className="form-grid">
      <Field
        id={`${ids}-consumer`}
        name="consumerId"
        label={labels[0]}
        value={values.consumerId}
        onChange={set('consumerId')}
        error={err('consumerId')}
        autoComplete="off"
        spellCheck={false}
      />
      <Field
        id={`${ids}-employee`}
        name="apiKey"
        label={labels[1]}
        value={values.apiKey}
        onChange={set('apiKey')}
        error={err('apiKey')}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}
