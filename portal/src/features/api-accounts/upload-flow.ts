import type { ApiAccount, SourceError } from '@saldo/contract';

/** SAF-T files are XML; the server's limit (4 GB) is about disk, so the client only checks the type. */
export const SAFT_ACCEPT = '.xml,text/xml,application/xml';

/**
 * The SAF-T upload dialog: choose a file → send it (bytes sent / total) → the server imports it as
 * a background job (the account's syncInfo) → done with the import's stats, or failed.
 */
export type UploadState =
  | { step: 'choose'; problem: 'fileRequired' | 'notXml' | null }
  | { step: 'uploading'; loaded: number; total: number }
  | { step: 'importing'; accountId: string; percentage: number }
  | { step: 'done'; account: ApiAccount }
  | { step: 'failed'; phase: 'upload' | 'import'; code: string; reason: SourceError | null; accountId: string | null };

export type UploadEvent =
  | { type: 'submit'; file: { name: string; size: number } | null }
  | { type: 'progress'; loaded: number; total: number }
  | { type: 'uploaded'; account: ApiAccount }
  | { type: 'uploadFailed'; code: string; reason: SourceError | null }
  | { type: 'account'; account: ApiAccount }
  | { type: 'reset' };

export const INITIAL_UPLOAD: UploadState = { step: 'choose', problem: null };

export function isXmlFile(file: { name: string }): boolean {
  return /\.xml$/i.test(file.name);
}

/** Where an account's import stands, as seen through its syncInfo. */
function fromAccount(account: ApiAccount): UploadState {
  const { syncInfo } = account;
  if (syncInfo.status === 'failed') {
    return {
      step: 'failed',
      phase: 'import',
      code: 'INVALID_SAFT_FILE',
      reason: syncInfo.error,
      accountId: account._id,
    };
  }
  if (syncInfo.status === 'done' || (syncInfo.status === 'idle' && syncInfo.lastSyncedAt)) {
    return { step: 'done', account };
  }
  return { step: 'importing', accountId: account._id, percentage: syncInfo.percentage ?? 0 };
}

export function uploadReducer(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'reset':
      return INITIAL_UPLOAD;
    case 'submit':
      if (state.step !== 'choose' && state.step !== 'failed') return state;
      if (!event.file) return { step: 'choose', problem: 'fileRequired' };
      if (!isXmlFile(event.file)) return { step: 'choose', problem: 'notXml' };
      return { step: 'uploading', loaded: 0, total: event.file.size };
    case 'progress':
      if (state.step !== 'uploading') return state;
      // Never backwards: a retry after a token refresh sends the file again from zero.
      return { step: 'uploading', loaded: Math.max(state.loaded, event.loaded), total: event.total || state.total };
    case 'uploadFailed':
      if (state.step !== 'uploading') return state;
      return { step: 'failed', phase: 'upload', code: event.code, reason: event.reason, accountId: null };
    case 'uploaded':
      if (state.step !== 'uploading') return state;
      return fromAccount(event.account);
    case 'account':
      // Polled updates only matter while the import runs; they must not reopen a finished dialog.
      if (state.step !== 'importing' || event.account._id !== state.accountId) return state;
      return fromAccount(event.account);
  }
}

/** 0..100 for the bar: upload bytes while sending, the import's percentage afterwards. */
export function uploadPercent(state: UploadState): number {
  if (state.step === 'uploading')
    return state.total > 0 ? Math.min(100, Math.floor((state.loaded / state.total) * 100)) : 0;
  if (state.step === 'importing') return Math.max(0, Math.min(100, Math.round(state.percentage)));
  if (state.step === 'done') return 100;
  return 0;
}
