import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText, useSourceErrorText } from '../../components/error-text';
import { Field } from '../../components/form-field';
import { formatBytes } from '../../lib/format';
import { SAFT_ACCEPT, type UploadState } from './upload-flow';
import './api-accounts.css';

interface SaftFileFormProps {
  /** The form's id, so the modal's footer button can submit it. */
  formId: string;
  ids: string;
  state: Extract<UploadState, { step: 'choose' | 'failed' }>;
  file: File | null;
  name: string;
  onFile: (file: File | null) => void;
  onName: (name: string) => void;
  onSubmit: (event: FormEvent) => void;
  /** A source's next file: no name (the source keeps its own), and the refresh's rule told. */
  newFile?: boolean;
}

/** The SAF-T upload's first step: the file, an optional account name, and why the last attempt failed. */
export function SaftFileForm({
  formId,
  ids,
  state,
  file,
  name,
  onFile,
  onName,
  onSubmit: submit,
  newFile = false,
}: SaftFileFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const reasonText = useSourceErrorText();
  return (
    <form id={formId} onSubmit={submit} noValidate data-testid="saft-form">
      <p className="modal__hint modal__hint--top">
        {newFile ? t('apiAccounts.saft.newFileIntro') : t('apiAccounts.saft.intro')}
      </p>
      {state.step === 'failed' && (
        <div className="banner banner--error" role="alert" data-testid="saft-error">
          <strong>{state.phase === 'upload' ? errorText(state.code) : t('apiAccounts.saft.importFailed')}</strong>
          {state.reason && (
            <span className="banner__detail" data-testid="saft-error-reason">
              {reasonText(state.reason)}
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
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
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
      {!newFile && (
        <Field
          id={`${ids}-name`}
          name="name"
          label={`${t('apiAccounts.name')} ${t('common.optional')}`}
          value={name}
          onChange={(event) => onName(event.target.value)}
          error={null}
          hint={<p className="field__hint">{t('apiAccounts.saft.nameHint')}</p>}
          data-testid="saft-name"
        />
      )}
    </form>
  );
}
