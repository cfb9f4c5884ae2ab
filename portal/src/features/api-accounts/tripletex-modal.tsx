import type { ApiAccount } from '@saldo/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { FormModal } from '../../components/form-modal';
import { useNotify } from '../../components/notifications';
import { useCheckedForm } from '../../components/use-checked-form';
import { createTripletexAccount } from './queries';
import { ExpirationField, KeyFields, NameField, type TripletexForm, useFieldError } from './tripletex-fields';
import {
  checkTripletex,
  EMPTY_TRIPLETEX,
  type TripletexErrors,
  type TripletexValues,
  todayIso,
  tripletexBody,
} from './tripletex-form';
import { useRefreshAccounts } from './use-refresh-accounts';

/**
 * "Add Tripletex account": name, consumer ID, Employee ID (the API key), expiration, optional client company.
 * `onCreated` hears of the new account (the first run makes a board over it).
 */
export function TripletexModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated?: (account: ApiAccount) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const refresh = useRefreshAccounts();
  const ids = useId();
  const { values, errors, set, setValue, check } = useCheckedForm<TripletexValues, TripletexErrors>(
    EMPTY_TRIPLETEX,
    checkTripletex,
  );
  const [serverCode, setServerCode] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: createTripletexAccount,
    onSuccess: (account) => {
      refresh();
      notify('apiAccounts.added');
      onCreated?.(account);
      onClose();
    },
    onError: (error) => setServerCode(errorCodeOf(error)),
  });
  const { serverField, err } = useFieldError(errors, serverCode);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    if (Object.keys(found).length > 0) return;
    setServerCode(null);
    mutation.mutate(tripletexBody(values));
  };
  const busy = mutation.isPending;
  const form: TripletexForm = { ids, values, set, setValue, err };

  return (
    <FormModal
      title={t('apiAccounts.tripletex.title')}
      testId="tripletex"
      busy={busy}
      submitLabel={busy ? t('apiAccounts.tripletex.checking') : t('apiAccounts.tripletex.submit')}
      onClose={onClose}
      onSubmit={onSubmit}
      intro={<p className="modal__hint modal__hint--top">{t('apiAccounts.tripletex.intro')}</p>}
      serverError={serverCode && !serverField ? errorText(serverCode) : null}
    >
      <NameField form={form} autoComplete="organization" />
      <KeyFields form={form} labels={[t('apiAccounts.consumerId'), t('apiAccounts.employeeId')]} />
      <div className="form-grid">
        <ExpirationField form={form} ending="expiration" min={todayIso()} />
        <Field
          id={`${ids}-company`}
          name="companyId"
          label={`${t('apiAccounts.companyId')} ${t('common.optional')}`}
          value={values.companyId}
          onChange={set('companyId')}
          error={err('companyId')}
          inputMode="numeric"
          hint={<p className="field__hint">{t('apiAccounts.companyIdHint')}</p>}
        />
      </div>
    </FormModal>
  );
}
