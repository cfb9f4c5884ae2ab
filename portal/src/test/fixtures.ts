import type { ApiAccount, Board } from '@saldo/contract';

/** A source as the API lists it: a SAF-T file's, done syncing, unless `over` says otherwise. */
export const apiAccount = (over: Partial<ApiAccount>): ApiAccount => ({
  _id: 'acc-1',
  name: 'Tøyen Lekefabrikk AS (888888888)',
  number: null,
  provider: 'saft',
  type: 'manual',
  consumerIdHint: null,
  employeeIdHint: null,
  expirationDate: null,
  apiKeyIsInvalid: false,
  invalidReason: null,
  syncInfo: { status: 'done', percentage: 100, lastSyncedAt: null, error: null },
  stats: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  ...over,
});

/** A board as the API lists it: the user's own, empty, unless `over` says otherwise. */
export const board = (over: Partial<Board>): Board => ({
  _id: 'b1',
  name: 'Nordlys AS',
  apis: [],
  apiAccounts: [],
  widgets: [],
  widgetCount: 0,
  lastSyncedAt: null,
  publicLinks: 0,
  role: 'owner',
  sharedBy: null,
  ...over,
});
