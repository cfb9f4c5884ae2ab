import { type AccessPorts, checkRouteAccess, embeddableCalls } from './access/route-access.ts';
import { legacyRouteAccess } from './access/route-table.ts';
import type { Access } from './access/rules.ts';
import { accessPorts } from './access-ports.ts';
import type { AppDeps } from './app-deps.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { apiAccountRoutes } from './features/api-accounts/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { boardRoutes } from './features/boards/routes.ts';
import { budgetRoutes } from './features/budgets/routes.ts';
import { consolidationRoutes } from './features/consolidation/routes.ts';
import { dataHealthRoutes, noticeRoutes } from './features/data-health/routes.ts';
import { embedRoutes } from './features/embed/routes.ts';
import { exportRoutes } from './features/exports/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { sharingRoutes } from './features/sharing/routes.ts';
import { syncRoutes } from './features/sync/routes.ts';
import { teamRoutes } from './features/team/routes.ts';
import { widgetRoutes } from './features/widgets/routes.ts';
import { legacyResponses } from './http/responses.ts';
import { responsesOf, routeTableOf, type Served } from './http/serve.ts';

/**
 * Every route the API serves, each declared once beside its handler in its feature's routes.ts, and
 * the tables derived from them: who may call each (the route table) and what each answers (the
 * response map, from which the OpenAPI document is written and the HTTP tests check answers).
 */
export const servedRoutes = {
  exports: exportRoutes,
  apiAccounts: apiAccountRoutes,
  admin: adminRoutes,
  billing: billingRoutes,
  team: teamRoutes,
  embed: embedRoutes,
  sharing: sharingRoutes,
  sync: syncRoutes,
  profile: profileRoutes,
  consolidation: consolidationRoutes,
  auth: authRoutes,
  boards: boardRoutes,
  health: healthRoutes,
  widgets: widgetRoutes,
  budgets: budgetRoutes,
  reports: reportRoutes,
  // Each element a link or a token may read has its data notice beside it.
  dataHealth: [...dataHealthRoutes, ...noticeRoutes([...reportRoutes, ...widgetRoutes])],
} as const satisfies Record<string, readonly Served[]>;

/** The routes whose answers carry their data notice (data-health/routes.ts withDataNotice). */
export const noticedElements: readonly Served[] = [...reportRoutes, ...widgetRoutes];

const allServed: readonly Served[] = Object.values(servedRoutes).flat();

/** Who may call each route, by `METHOD /path` without /api. Nothing is allowed that is not here. */
export const routeAccess: Readonly<Record<string, Access>> = { ...legacyRouteAccess, ...routeTableOf(allServed) };

/** What each route answers on success, by the same keys. */
export const routeResponses = { ...legacyResponses, ...responsesOf(allServed) };

/** True for a call an embedded element or a public page on another origin makes (for CORS). */
export const isEmbeddable = embeddableCalls(routeAccess);

/** The access check over the route table, with the features' answers it needs (access-ports.ts). */
export const withRouteAccess = (deps: AppDeps, ports: AccessPorts = accessPorts(deps)) =>
  checkRouteAccess(deps, routeAccess, ports);
