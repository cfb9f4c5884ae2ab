import { formatNumber } from '@saldo/sdk';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../components/modal';
import { formatBytes } from '../../lib/format';
import { BoardOffer } from '../boards/board-offer';
import { ImportWarnings } from './import-warnings';
import { type UploadState, uploadPercent } from './upload-flow';
import './api-accounts.css';

/** The SAF-T upload under way: bytes sent, then the import's progress, then what it found. */
export function SaftStatus({ state }: { state: Extract<UploadState, { step: 'uploading' | 'importing' | 'done' }> }) {
  const { t } = useTranslation();
  const pct = uploadPercent(state);
  return (
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
        label={state.step === 'uploading' ? t('apiAccounts.saft.uploadProgress') : t('apiAccounts.saft.importProgress')}
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
          <BoardOffer account={state.account} />
        </div>
      )}
      {state.step === 'importing' && <p className="modal__hint">{t('apiAccounts.saft.importHint')}</p>}
    </div>
  );
}
