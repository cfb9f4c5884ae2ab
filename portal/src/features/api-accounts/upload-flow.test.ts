import type { ApiAccount, SyncInfo } from '@saldo/contract';
import { sourceError } from '@saldo/contract/sources/source-errors';
import { describe, expect, it } from 'vitest';
import { apiAccount } from '../../test/fixtures';
import { INITIAL_UPLOAD, type UploadState, uploadPercent, uploadReducer } from './upload-flow';

const NOT_XML = sourceError('SAFT_NOT_XML', { start: 'Konto;Beløp' });
const UNBALANCED = sourceError('SAFT_UNBALANCED', {
  transactionId: '12',
  journal: 'GL',
  date: '2024-03-15',
  difference: 1_000,
  line: 40,
});

function account(syncInfo: Partial<SyncInfo>, id = 'acc-1'): ApiAccount {
  return apiAccount({
    _id: id,
    name: 'SAF-T 888888888',
    syncInfo: { status: 'queued', percentage: 0, lastSyncedAt: null, error: null, ...syncInfo },
  });
}

const file = { name: 'ExampleFile_SAF-T_Financial.xml', size: 1000 };

describe('uploadReducer', () => {
  it('asks for a file, and for an .xml one', () => {
    expect(uploadReducer(INITIAL_UPLOAD, { type: 'submit', file: null })).toEqual({
      step: 'choose',
      problem: 'fileRequired',
    });
    expect(uploadReducer(INITIAL_UPLOAD, { type: 'submit', file: { name: 'ledger.csv', size: 5 } })).toEqual({
      step: 'choose',
      problem: 'notXml',
    });
  });

  it('walks through upload, import and done', () => {
    let state: UploadState = uploadReducer(INITIAL_UPLOAD, { type: 'submit', file });
    expect(state).toEqual({ step: 'uploading', loaded: 0, total: 1000 });
    state = uploadReducer(state, { type: 'progress', loaded: 400, total: 1000 });
    expect(uploadPercent(state)).toBe(40);
    state = uploadReducer(state, { type: 'uploaded', account: account({ status: 'queued' }) });
    expect(state).toEqual({ step: 'importing', accountId: 'acc-1', percentage: 0 });
    state = uploadReducer(state, { type: 'account', account: account({ status: 'running', percentage: 55 }) });
    expect(uploadPercent(state)).toBe(55);
    const finished = account({ status: 'done', percentage: 100, lastSyncedAt: '2026-11-21T10:00:02.000Z' });
    state = uploadReducer(state, { type: 'account', account: finished });
    expect(state).toEqual({ step: 'done', account: finished });
    expect(uploadPercent(state)).toBe(100);
  });

  it('does not let upload progress run backwards (a retry sends the file again)', () => {
    let state: UploadState = { step: 'uploading', loaded: 800, total: 1000 };
    state = uploadReducer(state, { type: 'progress', loaded: 100, total: 1000 });
    expect(state).toEqual({ step: 'uploading', loaded: 800, total: 1000 });
  });

  it('keeps the server reason of a refused file', () => {
    const state = uploadReducer(
      { step: 'uploading', loaded: 10, total: 10 },
      { type: 'uploadFailed', code: 'INVALID_SAFT_FILE', reason: NOT_XML },
    );
    expect(state).toEqual({
      step: 'failed',
      phase: 'upload',
      code: 'INVALID_SAFT_FILE',
      reason: NOT_XML,
      accountId: null,
    });
  });

  it('reports a failed import with the job error', () => {
    const state = uploadReducer(
      { step: 'importing', accountId: 'acc-1', percentage: 30 },
      { type: 'account', account: account({ status: 'failed', percentage: null, error: UNBALANCED }) },
    );
    expect(state).toMatchObject({ step: 'failed', phase: 'import', reason: UNBALANCED });
  });

  it('ignores updates of other accounts and updates after the end', () => {
    const importing: UploadState = { step: 'importing', accountId: 'acc-1', percentage: 30 };
    expect(uploadReducer(importing, { type: 'account', account: account({ status: 'done' }, 'other') })).toBe(
      importing,
    );
    const done: UploadState = { step: 'done', account: account({ status: 'done' }) };
    expect(uploadReducer(done, { type: 'account', account: account({ status: 'running', percentage: 5 }) })).toBe(done);
  });

  it('can start again after a failure', () => {
    const failed: UploadState = {
      step: 'failed',
      phase: 'upload',
      code: 'FILE_TOO_LARGE',
      reason: null,
      accountId: null,
    };
    expect(uploadReducer(failed, { type: 'submit', file }).step).toBe('uploading');
    expect(uploadReducer(failed, { type: 'reset' })).toEqual(INITIAL_UPLOAD);
  });
});
