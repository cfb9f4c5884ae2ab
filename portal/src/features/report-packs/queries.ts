import type { Lang } from '@saldo/contract/numbers/format';
import type { PackScheduleRequest } from '@saldo/contract/schemas/pack-schedules';
import type { PackCreate, PackSendRequest, PackUpdate } from '@saldo/contract/schemas/report-packs';
import { queryOptions } from '@tanstack/react-query';
import { api, routeUrl } from '../../lib/api';

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

export type Period = { startDate: string; endDate: string };

/** GET /api/observations: the observations the rules propose for the board over a period (nor and en). */
export const observationsQuery = (boardId: string, period: Period) =>
  queryOptions({
    queryKey: ['observations', boardId, period.startDate, period.endDate],
    queryFn: ({ signal }) =>
      api.get('/observations', { query: { groupId: boardId, ...period, compare: 'lastYear' }, signal }),
  });

/** POST /api/observations/{groupId}/rewrite: the kept observations reworded by the assistant, with their cited figures only. */
export const rewriteObservations = (
  boardId: string,
  body: {
    startDate: string;
    endDate: string;
    compare: 'lastYear';
    lang: Lang;
    keep: Array<{ id: string; text: string }>;
  },
) => api.post('/observations/:groupId/rewrite', { params: { groupId: boardId }, body });

export const sendPack = (boardId: string, packId: string, body: PackSendRequest) =>
  api.post('/report-packs/:groupId/:packId/send', { params: { groupId: boardId, packId }, body });

/** The pack's sent snapshots, newest first. */
export const snapshotsQuery = (boardId: string, packId: string) =>
  queryOptions({
    queryKey: ['report-packs', boardId, packId, 'snapshots'],
    queryFn: ({ signal }) =>
      api.get('/report-packs/:groupId/:packId/snapshots', { params: { groupId: boardId, packId }, signal }),
  });

/** The figures of a sent pack that differ now; asked again whenever it is shown (a sync may have run). */
export const changesQuery = (boardId: string, packId: string, snapshotId: string) =>
  queryOptions({
    queryKey: ['report-packs', boardId, packId, 'snapshots', snapshotId, 'changes'],
    queryFn: ({ signal }) =>
      api.get('/report-packs/:groupId/:packId/snapshots/:snapshotId/changes', {
        params: { groupId: boardId, packId, snapshotId },
        signal,
      }),
    staleTime: 0,
  });

/** The sent PDF, byte for byte. */
export const snapshotPdf = (boardId: string, packId: string, snapshotId: string) =>
  api.download(
    routeUrl('/report-packs/:groupId/:packId/snapshots/:snapshotId', { groupId: boardId, packId, snapshotId }),
  );

/** The pack's schedule with the day it sends next, or null when it has none. */
export const scheduleQuery = (boardId: string, packId: string) =>
  queryOptions({
    queryKey: ['report-packs', boardId, packId, 'schedule'],
    queryFn: ({ signal }) =>
      api.get('/report-packs/:groupId/:packId/schedule', { params: { groupId: boardId, packId }, signal }),
  });

export const saveSchedule = (boardId: string, packId: string, body: PackScheduleRequest) =>
  api.put('/report-packs/:groupId/:packId/schedule', { params: { groupId: boardId, packId }, body });

export const stopSchedule = (boardId: string, packId: string) =>
  api.delete('/report-packs/:groupId/:packId/schedule', { params: { groupId: boardId, packId } });

/** Each mail the pack's sends made (by hand or by its schedule), newest first. */
export const deliveriesQuery = (boardId: string, packId: string) =>
  queryOptions({
    queryKey: ['report-packs', boardId, packId, 'deliveries'],
    queryFn: ({ signal }) =>
      api.get('/report-packs/:groupId/:packId/deliveries', { params: { groupId: boardId, packId }, signal }),
  });

/** What the mailed link's page shows, read without a login. */
export const publicSnapshotQuery = (secret: string) =>
  queryOptions({
    queryKey: ['pack-snapshot', secret],
    queryFn: ({ signal }) =>
      api.get('/public/pack-snapshots/:secret/info', { params: { secret }, auth: false, signal }),
    retry: false,
  });

/** The PDF behind the mailed link: the API's address, which the browser opens itself. */
export const publicSnapshotPdfUrl = (secret: string) => routeUrl('/public/pack-snapshots/:secret', { secret });
