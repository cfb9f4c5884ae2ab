import { formatNumber } from '@saldo/sdk';
import type { ApiAccount } from '@saldo/server/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, useErrorText } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { FormModal } from '../../components/form-modal';
import { Modal, ProgressBar } from '../../components/modal';
import { useNotify } from '../../components/notifications';
import { errorReasonOf } from '../../lib/api';
import { boardsQuery } from '../boards/queries';
import { apiAccountQuery, apiAccountsKey, createTripletexAccount, updateApiAccount, uploadSaft } from './api';
import { formatBytes } from './format';
import { ImportWarnings } from './import-warnings';
import {
  EMPTY_TRIPLETEX,
  editBody,
  FIELD_OF_SERVER_CODE,
  type TripletexErrors,
  type TripletexValues,
  todayIso,
  tripletexBody,
  validateEdit,
  validateTripletex,
} from './tripletex-form';
import { INITIAL_UPLOAD, SAFT_ACCEPT, uploadPercent, uploadReducer } from './upload-flow';
import './api-accounts.css';

export function useRefreshAccounts(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: apiAccountsKey });
    void queryClient.invalidateQueries({ queryKey: boardsQuery.queryKey });
  }, [queryClient]);
}

/** Field errors: the form's own checks first, then a server code that belongs to one field. */
function useFieldError(errors: TripletexErrors, serverCode: string | null) {
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

/** "Add Tripletex account": name, consumer ID, Employee ID (the API key), expiration, optional client company. */
export function TripletexModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const refresh = useRefreshAccounts();
  const ids = useId();
  const [values, setValues] = useState<TripletexValues>(EMPTY_TRIPLETEX);
  const [errors, setErrors] = useState<TripletexErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverCode, setServerCode] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: createTripletexAccount,
    onSuccess: () => {
      refresh();
      notify('apiAccounts.added');
      onClose();
    },
    onError: (error) => setServerCode(errorCodeOf(error)),
  });
  const { serverField, err } = useFieldError(errors, serverCode);

  const set = (field: keyof TripletexValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validateTripletex(next, todayIso()));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateTripletex(values, todayIso());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setServerCode(null);
    mutation.mutate(tripletexBody(values));
  };
  const busy = mutation.isPending;

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
      <Field
        id={`${ids}-name`}
        name="name"
        label={t('apiAccounts.name')}
        value={values.name}
        onChange={set('name')}
        error={err('name')}
        autoComplete="organization"
      />
      <KeyFields
        ids={ids}
        labels={[t('apiAccounts.consumerId'), t('apiAccounts.employeeId')]}
        values={values}
        set={set}
        err={err}
      />
      <div className="form-grid">
        <Field
          id={`${ids}-expiration`}
          name="expirationDate"
          type="date"
          label={t('apiAccounts.expirationDate')}
          value={values.expirationDate}
          min={todayIso()}
          onChange={set('expirationDate')}
          error={err('expirationDate')}
        />
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

/** Rename an account, or give a Tripletex account new keys and a new expiration date. */
export function EditModal({ account, onClose }: { account: ApiAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const refresh = useRefreshAccounts();
  const ids = useId();
  const hasKeys = account.provider === 'tripletex';
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
    const body = editBody(values, initial);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    setServerCode(null);
    mutation.mutate(body);
  };
  const busy = mutation.isPending;

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
      <Field
        id={`${ids}-name`}
        name="name"
        label={t('apiAccounts.name')}
        value={values.name}
        onChange={set('name')}
        error={err('name')}
      />
      {hasKeys && (
        <>
          <p className="modal__hint modal__hint--top">
            {t('apiAccounts.keysHint', {
              consumer: account.consumerIdHint ?? '–',
              employee: account.employeeIdHint ?? '–',
            })}
          </p>
          <KeyFields
            ids={ids}
            labels={[t('apiAccounts.newConsumerId'), t('apiAccounts.newEmployeeId')]}
            values={values}
            set={set}
            err={err}
          />
          <Field
            id={`${ids}-expiration`}
            name="expirationDate"
            type="date"
            label={t('apiAccounts.expirationDate')}
            value={values.expirationDate}
            onChange={set('expirationDate')}
            error={err('expirationDate')}
          />
        </>
      )}
    </FormModal>
  );
}

/** The Tripletex key pair: the consumer token and the employee token (labelled Employee ID). */
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

/** Upload a SAF-T Financial file: bytes sent, then the import job's progress, then what it found. */
export function SaftModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notify = useNotify();
  const refresh = useRefreshAccounts();
  const ids = useId();
  const [state, dispatch] = useReducer(uploadReducer, INITIAL_UPLOAD);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const importingId = state.step === 'importing' ? state.accountId : null;
  const polled = useQuery({ ...apiAccountQuery(importingId ?? ''), enabled: importingId !== null });
  useEffect(() => {
    if (polled.data) dispatch({ type: 'account', account: polled.data });
  }, [polled.data]);

  const finished = state.step === 'done';
  useEffect(() => {
    if (finished) {
      refresh();
      notify('apiAccounts.saft.imported');
    }
  }, [finished, refresh, notify]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = uploadReducer(state, { type: 'submit', file });
    dispatch({ type: 'submit', file });
    if (next.step !== 'uploading' || !file) return;
    const controller = new AbortController();
    abort.current = controller;
    try {
      const account = await uploadSaft(file, name, {
        signal: controller.signal,
        onProgress: ({ loaded, total }) => dispatch({ type: 'progress', loaded, total }),
      });
      dispatch({ type: 'uploaded', account });
      refresh();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      dispatch({ type: 'uploadFailed', code: errorCodeOf(error), reason: errorReasonOf(error) });
    }
  };

  const busy = state.step === 'uploading';
  const pct = uploadPercent(state);
  const formId = `${ids}-form`;
  const canSubmit = state.step === 'choose' || state.step === 'failed';

  return (
    <Modal
      title={t('apiAccounts.saft.title')}
      onClose={busy ? undefined : onClose}
      testId="saft-modal"
      footer={
        canSubmit ? (
          <>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" form={formId} className="button button--primary" data-testid="saft-submit">
              {t('apiAccounts.saft.submit')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--primary"
            onClick={onClose}
            disabled={busy}
            data-testid="saft-close"
          >
            {state.step === 'importing' ? t('apiAccounts.saft.closeWhileImporting') : t('common.close')}
          </button>
        )
      }
    >
      {canSubmit ? (
        <form id={formId} onSubmit={submit} noValidate data-testid="saft-form">
          <p className="modal__hint modal__hint--top">{t('apiAccounts.saft.intro')}</p>
          {state.step === 'failed' && (
            <div className="banner banner--error" role="alert" data-testid="saft-error">
              <strong>{state.phase === 'upload' ? errorText(state.code) : t('apiAccounts.saft.importFailed')}</strong>
              {state.reason && (
                <span className="banner__detail" data-testid="saft-error-reason">
                  {state.reason}
                </span>
              )}
            </div>
          )}
          <div className={`field ${state.step === 'choose' && state.problem ? 'field--invalid' : ''}`}>
            <span className="field__label">{t('apiAccounts.saft.file')}</span>
            <div className="file-picker">
              <input
                id={`${ids}-file`}
                className="visually-hidden"
                type="file"
                name="file"
                accept={SAFT_ACCEPT}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  if (state.step !== 'choose' || state.problem) dispatch({ type: 'reset' });
                }}
                aria-invalid={state.step === 'choose' && state.problem ? true : undefined}
                data-testid="saft-file-input"
              />
              <label htmlFor={`${ids}-file`} className="button button--secondary file-picker__button">
                {file ? t('apiAccounts.saft.chooseOther') : t('apiAccounts.saft.choose')}
              </label>
              <span className="file-picker__name" data-testid="saft-file-name">
                {file
                  ? t('apiAccounts.saft.chosen', { name: file.name, size: formatBytes(file.size) })
                  : t('apiAccounts.saft.noFile')}
              </span>
            </div>
            {state.step === 'choose' && state.problem && (
              <p className="field__error" data-testid="file-error">
                {t(`apiAccounts.saft.${state.problem}`)}
              </p>
            )}
          </div>
          <Field
            id={`${ids}-name`}
            name="name"
            label={`${t('apiAccounts.name')} ${t('common.optional')}`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={null}
            hint={<p className="field__hint">{t('apiAccounts.saft.nameHint')}</p>}
            data-testid="saft-name"
          />
        </form>
      ) : (
        <div className="upload" data-testid="saft-status" data-step={state.step}>
          <div className="upload__head">
            <span className="upload__phase" data-testid="saft-phase">
              {state.step === 'uploading'
                ? t('apiAccounts.saft.uploading', {
                    loaded: formatBytes(state.loaded),
                    total: formatBytes(state.total),
                  })
                : state.step === 'importing'
                  ? t('apiAccounts.saft.importing')
                  : t('apiAccounts.saft.done')}
            </span>
            <span className="upload__pct" data-testid="saft-percentage">
              {pct} %
            </span>
          </div>
          <ProgressBar
            value={pct}
            label={
              state.step === 'uploading' ? t('apiAccounts.saft.uploadProgress') : t('apiAccounts.saft.importProgress')
            }
            testId="saft-progress"
          />
          {state.step === 'done' && state.account.stats && (
            <div className="upload__summary" data-testid="saft-done">
              <p>
                {t('apiAccounts.saft.summary', {
                  postings: formatNumber(state.account.stats.postings),
                  accounts: formatNumber(state.account.stats.accounts),
                })}
              </p>
              <ImportWarnings warnings={state.account.stats.warnings} />
            </div>
          )}
          {state.step === 'importing' && <p className="modal__hint">{t('apiAccounts.saft.importHint')}</p>}
        </div>
      )}
    </Modal>
  );
}
