import type { Firm, FirmProfileUpdate } from '@saldo/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, routeUrl } from '../../lib/api';

/** The profile of the user's firm (their own, or for a member of others' boards, those boards' firm). */
export const firmQuery = queryOptions({
  queryKey: ['firm'],
  queryFn: ({ signal }) => api.get('/firm', { signal }),
});

export const saveFirm = (body: FirmProfileUpdate): Promise<Firm> => api.put('/firm', { body });

export function uploadFirmLogo(file: File): Promise<Firm> {
  const form = new FormData();
  form.append('logo', file);
  return api.put('/firm/logo', { body: form });
}

export const deleteFirmLogo = (): Promise<Firm> => api.delete('/firm/logo');

/** The stored logo as a blob (it is read with the user's token, so an <img> cannot ask for it itself). */
export const firmLogoQuery = (updatedAt: string) =>
  queryOptions({
    queryKey: ['firm', 'logo', updatedAt],
    queryFn: async () => (await api.download(routeUrl('/firm/logo'))).blob,
    staleTime: Number.POSITIVE_INFINITY,
  });
