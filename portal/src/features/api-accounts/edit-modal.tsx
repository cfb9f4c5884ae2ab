import type { ApiAccount } from '@saldo/contract';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { FormModal } from '../../components/form-modal';
import { useNotify } from '../../components/notifications';
import { updateApiAccount } from './queries';
import { ExpirationField, KeyFields, NameField, type TripletexForm, useFieldError } from './tripletex-fields';
import { editBody, type TripletexErrors, todayIso, validateEdit } from './tripletex-form';
import { useRefreshAccounts } from './use-refresh-accounts';

/**
 * Rename an account, give a Tripletex account new keys and a new expiration date, or choose how a
 * SAF-T source reads a voucher that looks like the opening balance (a change syncs it again).
 */
export function EditModal({ account, onClose }: { account: ApiAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const refresh = useRefreshAccounts();
  const ids = useId();
  const hasKeys = account.provider === 'tripletex';
  const isSaft = account.provider === 'saft';
  const [ordinary, setOrdinary] = useState(account.openingVoucher === 'ordinary');
  const initial = { name: account.name, expirationDate: account.expirationDate ?? '' };
  const [values, setValues] = useState({
    name: account.name,
    consumerId: '',
    apiKey: '',
    expirationDate: initial.expirationDate,
  });
  const [errors, setErrors] = useState<TripletexErrors>({});
  const [serverCode, setServerCode] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof updateApiAccount>[1]) => updateApiAccount(account._id, body),
    onSuccess: () => {
      refresh();
      notify('apiAccounts.updated');
      onClose();
    },
    onError: (error) => setServerCode(errorCodeOf(error)),
  });
  const { serverField, err } = useFieldError(errors, serverCode);
  const set = (field: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.target.value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateEdit(values, { today: todayIso(), hasKeys, initialExpiration: initial.expirationDate });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: Parameters<typeof updateApiAccount>[1] = editBody(values, initial);
    if (isSaft && ordinary !== (account.openingVoucher === 'ordinary'))
      body.openingVoucher = ordinary ? 'ordinary' : 'opening';
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    setServerCode(null);
    mutation.mutate(body);
  };
  const busy = mutation.isPending;
  const form: TripletexForm = {
    ids,
    values,
    set,
    setValue: (field, value) => setValues({ ...values, [field]: value }),
    err,
  };

  return (
    <FormModal
      title={t('apiAccounts.editTitle')}
      testId="edit"
      busy={busy}
      submitLabel={t('common.save')}
      onClose={onClose}
      onSubmit={onSubmit}
      serverError={serverCode && !serverField ? errorText(serverCode) : null}
    >
      <NameField form={form} />
      {isSaft && (
        <label className="share-panel__check">
          <input
            type="checkbox"
            name="openingVoucher"
            checked={ordinary}
            onChange={(event) => setOrdinary(event.target.checked)}
            data-testid="edit-opening-voucher"
          />
          {t('apiAccounts.openingVoucherOrdinary')}
        </label>
      )}
      {hasKeys && (
        <>
          <p className="modal__hint modal__hint--top">
            {t('apiAccounts.keysHint', {
              consumer: account.consumerIdHint ?? '–',
              employee: account.employeeIdHint ?? '–',
            })}
          </p>
          <KeyFields form={form} labels={[t('apiAccounts.newConsumerId'), t('apiAccounts.newEmployeeId')]} />
          <ExpirationField form={form} ending="expiration" />
        </>
      )}
    </FormModal>
  );
}
