import type { PackCreate, PackUpdate } from '@saldo/contract/schemas/report-packs';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET /api/report-packs/{groupId}: the board's report packs. */
export const packsQuery = (boardId: string) =>
  queryOptions({
    queryKey: ['report-packs', boardId],
    queryFn: ({ signal }) => api.get('/report-packs/:groupId', { params: { groupId: boardId }, signal }),
  });

/** A name alone makes the firm's default pack. */
export const createPack = (boardId: string, body: PackCreate) =>
  api.post('/report-packs/:groupId', { params: { groupId: boardId }, body });

export const updatePack = (boardId: string, packId: string, body: PackUpdate) =>
  api.put('/report-packs/:groupId/:packId', { params: { groupId: boardId, packId }, body });

export const deletePack = (boardId: string, packId: string) =>
  api.delete('/report-packs/:groupId/:packId', { params: { groupId: boardId, packId } });

export const previewPack = (boardId: string, packId: string, period: { startDate: string; endDate: string }) =>
  api.post('/report-packs/:groupId/:packId/preview', { params: { groupId: boardId, packId }, body: period });
