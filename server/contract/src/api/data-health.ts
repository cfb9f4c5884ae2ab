import * as api from '../schemas/index.ts';
import type { DataNotice } from '../types/boards.ts';
import { json, type RouteDeclaration, route } from './define.ts';
import { boardRangeQuery, type reportApi } from './reports.ts';

export const dataHealthApi = {
  board: route({
    method: 'GET',
    path: '/data-health/:groupId',
    tag: 'data health',
    summary: "Every source's warnings from its last sync, with severity, the accounts and amounts they touch",
    response: json(api.boardDataHealth),
  }),
} as const;

/**
 * The data notice beside an element's data route (a statement, a widget a link or a token may read):
 * whether its figures rest on a source with errors, readable by exactly whoever may read the element.
 */
export const noticeOf = <const P extends string>(element: Pick<RouteDeclaration, 'method'> & { path: P }) =>
  route({
    method: 'GET',
    path: `${element.path}/data-notice` as `${P}/data-notice`,
    tag: 'data health',
    summary: `Whether the figures of ${element.path} rest on a source with errors (readable wherever the element is)`,
    query: boardRangeQuery,
    response: json(api.dataNotice),
  });

/** The statements' data notices (the widgets' are their registry entries': api-routes.ts). */
export type StatementNoticeRoutes = {
  [K in 'profitLoss' | 'balanceSheet' | 'cashflow' as `GET ${(typeof reportApi)[K]['path']}/data-notice`]: {
    response: DataNotice;
  };
};
