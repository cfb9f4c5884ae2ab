import type { ApiAccount } from '@saldo/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SubmitButton } from '../../components/button';
import { Modal } from '../../components/modal';
import { SaftFileForm } from './saft-file-form';
import { SaftStatus } from './saft-status';
import { useSaftUpload } from './use-saft-upload';

/**
 * Upload a SAF-T Financial file: bytes sent, then the import job's progress, then what it found.
 * `onUploaded` hears of the account the upload made, while its import still runs. With `source`, the
 * file is that SAF-T source's next file ("Upload new file": next month's file on the same source).
 */
export function SaftModal({
  onClose,
  onUploaded,
  source,
}: {
  onClose: () => void;
  onUploaded?: (account: ApiAccount) => void;
  source?: ApiAccount;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const { state, file, chooseFile, name, setName, submit } = useSaftUpload(onUploaded, source?._id);
  const busy = state.step === 'uploading';
  const formId = `${ids}-form`;
  const canSubmit = state.step === 'choose' || state.step === 'failed';

  return (
    <Modal
      title={source ? t('apiAccounts.saft.newFileTitle', { name: source.name }) : t('apiAccounts.saft.title')}
      onClose={busy ? undefined : onClose}
      testId="saft-modal"
      footer={
        canSubmit ? (
          <>
            <Button kind="secondary" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <SubmitButton form={formId} data-testid="saft-submit">
              {t('apiAccounts.saft.submit')}
            </SubmitButton>
          </>
        ) : (
          <Button kind="primary" onClick={onClose} disabled={busy} data-testid="saft-close">
            {state.step === 'importing' ? t('apiAccounts.saft.closeWhileImporting') : t('common.close')}
          </Button>
        )
      }
    >
      {state.step === 'choose' || state.step === 'failed' ? (
        <SaftFileForm
          formId={formId}
          ids={ids}
          state={state}
          file={file}
          name={name}
          onFile={chooseFile}
          onName={setName}
          onSubmit={submit}
          newFile={source !== undefined}
        />
      ) : (
        <SaftStatus state={state} />
      )}
    </Modal>
  );
}
