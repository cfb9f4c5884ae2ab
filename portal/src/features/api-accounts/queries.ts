import type { ApiAccount, Deleted, SaftFile } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type UploadProgress } from '../../lib/api';
import type { tripletexBody } from './tripletex-form';

export const apiAccountsKey = ['api-accounts'] as const;

/** True while an account's sync is queued or running: the list polls meanwhile. */
export function isSyncActive(account: Pick<ApiAccount, 'syncInfo'>): boolean {
  return account.syncInfo.status === 'queued' || account.syncInfo.status === 'running';
}

/** Poll interval while any account syncs (the list shows its progress), otherwise none. */
export const POLL_MS = 1000;

export const apiAccountsQuery = queryOptions({
  queryKey: apiAccountsKey,
  queryFn: ({ signal }) => api.get('/api-account', { signal }),
  refetchInterval: (query) => (query.state.data?.some(isSyncActive) ? POLL_MS : false),
});

export function apiAccountQuery(id: string) {
  return queryOptions({
    queryKey: [...apiAccountsKey, id],
    queryFn: ({ signal }) => api.get('/api-account/:id', { params: { id }, signal }),
    refetchInterval: (query) => (!query.state.data || isSyncActive(query.state.data) ? POLL_MS : false),
  });
}

export function createTripletexAccount(body: ReturnType<typeof tripletexBody>): Promise<ApiAccount> {
  return api.post('/api-account', { body });
}

export function updateApiAccount(
  id: string,
  body: {
    name?: string;
    consumerId?: string;
    apiKey?: string;
    expirationDate?: string;
    openingVoucher?: 'opening' | 'ordinary';
  },
): Promise<ApiAccount> {
  return api.put('/api-account/:id', { params: { id }, body });
}

export function deleteApiAccount(id: string): Promise<Deleted> {
  return api.delete('/api-account/:id', { params: { id } });
}

/** A new SAF-T source from the file, or (`sourceId`) the next file of that SAF-T source. */
export function uploadSaft(
  file: File,
  name: string,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
  sourceId?: string,
): Promise<ApiAccount> {
  const form = new FormData();
  // The name first: the server reads fields as the multipart stream passes, before the (large) file.
  if (name.trim() && !sourceId) form.append('name', name.trim());
  form.append('file', file, file.name);
  return sourceId
    ? api.upload('/api-account/:id/saft', form, { ...options, params: { id: sourceId } })
    : api.upload('/api-account/saft', form, options);
}

/** A SAF-T source's files, newest first; read again whenever the source's sync state changes. */
export function saftFilesQuery(account: Pick<ApiAccount, '_id' | 'syncInfo'>) {
  return queryOptions({
    queryKey: [...apiAccountsKey, account._id, 'saft-files', account.syncInfo.status, account.syncInfo.lastSyncedAt],
    queryFn: ({ signal }): Promise<SaftFile[]> =>
      api.get('/api-account/:id/saft-files', { params: { id: account._id }, signal }),
  });
}

export function removeSaftFile(sourceId: string, fileId: string): Promise<Deleted> {
  return api.delete('/api-account/:id/saft-files/:fileId', { params: { id: sourceId, fileId } });
}
