import type { ApiAccount, Board, CustomWidget, LoginResponse, Observations, PortfolioRow } from '@saldo/contract';
import { portfolioFigureIds } from '@saldo/contract/schemas/portfolio';
import type { ReportPack } from '@saldo/contract/schemas/report-packs';

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
  tags: [],
  responsible: null,
  role: 'owner',
  sharedBy: null,
  ...over,
});

/** What the API answers the demo user's sign-in (and what the portal then keeps). */
export const demoLogin: LoginResponse = {
  jwtToken: 'jwt',
  refreshToken: 'refresh',
  firstName: 'Demo',
  lastName: 'Bruker',
  email: 'demo@saldo.no',
  companyName: null,
  phoneNumber: null,
  isVerified: true,
  role: { name: 'Owner' },
  menu: [{ name: 'Dashboard', menuName: 'Dashboard', route: '/dashboard', order: 1, permissions: ['View'] }],
  isFirstLoggedIn: false,
  id: 'u1',
};

/** A stored custom widget: the ratio 3000–3999 over 4xxx, shown beside the comparison period. */
export const storedRatio = (over: Partial<CustomWidget> = {}): CustomWidget => ({
  _id: 'w1',
  groupId: 'b1',
  name: 'Margin',
  type: 'ratio',
  dividend: { from: '3000', to: '3999' },
  divisor: { from: '4xxx', to: '4xxx' },
  view: 'comparison',
  note: null,
  ...over,
});

/** A portfolio row as the API answers it: a board booked to October 2026 with no figure, tag or alert, unless `over` says otherwise. */
export const portfolioRow = (over: Partial<PortfolioRow>): PortfolioRow => ({
  groupId: 'b1',
  name: 'Nordlys AS',
  orgNumbers: [],
  role: 'owner',
  tags: [],
  responsible: null,
  figures: Object.fromEntries(
    portfolioFigureIds.map((id) => [id, { value: null, comparison: null, change: null }]),
  ) as PortfolioRow['figures'],
  kpis: {},
  positions: {},
  comparisonPeriod: null,
  sparkline: { months: [], revenue: [], result: [] },
  lastBookedMonth: '2026-10',
  lastSyncedAt: null,
  dataAgeDays: null,
  syncFailed: false,
  severity: null,
  alerts: [],
  needsAttention: false,
  ...over,
});

/** A board's report pack as the API lists it: a Norwegian cover, unless `over` says otherwise. */
export const reportPack = (over: Partial<ReportPack>): ReportPack => ({
  _id: 'p1',
  groupId: 'b1',
  name: 'Månedsrapport',
  language: 'nor',
  sections: [{ kind: 'cover' }],
  createdBy: 'u1',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  ...over,
});

/** The observations proposed for 2026 against last year (booked to October), as GET /api/observations answers. */
export const observationsOf = (observations: Observations['observations']): Observations => ({
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  compare: 'lastYear',
  comparison: { startDate: '2025-01-01', endDate: '2025-10-31' },
  observations,
});
