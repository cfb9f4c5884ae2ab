import type { ApiAccount } from '@saldo/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useReducer, useRef, useState } from 'react';
import { errorCodeOf } from '../../components/error-text';
import { useNotify } from '../../components/notifications';
import { errorReasonOf } from '../../lib/api';
import { apiAccountQuery, uploadSaft } from './queries';
import { INITIAL_UPLOAD, uploadReducer } from './upload-flow';
import { useRefreshAccounts } from './use-refresh-accounts';

/**
 * The SAF-T upload's flow: the chosen file and name, the bytes sent, then the import job polled until it
 * ends. `onUploaded` hears of the account as soon as the file is in. With `sourceId`, the file is that
 * SAF-T source's next file (the same form, the same progress).
 */
export function useSaftUpload(onUploaded?: (account: ApiAccount) => void, sourceId?: string) {
  const notify = useNotify();
  const refresh = useRefreshAccounts();
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
      const account = await uploadSaft(
        file,
        name,
        {
          signal: controller.signal,
          onProgress: ({ loaded, total }) => dispatch({ type: 'progress', loaded, total }),
        },
        sourceId,
      );
      dispatch({ type: 'uploaded', account });
      refresh();
      onUploaded?.(account);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      dispatch({ type: 'uploadFailed', code: errorCodeOf(error), reason: errorReasonOf(error) });
    }
  };

  /** A new file clears a refused or failed attempt, so the form can be sent again. */
  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    if (state.step !== 'choose' || state.problem) dispatch({ type: 'reset' });
  };

  return { state, file, chooseFile, name, setName, submit };
}
