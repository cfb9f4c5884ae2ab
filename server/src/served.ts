import { type ResponseRule, routeKey } from '@saldo/contract/api/index';
import { type AccessPorts, checkRouteAccess, embeddableCalls } from './access/route-access.ts';
import type { Access } from './access/rules.ts';
import { accessPorts } from './access-ports.ts';
import type { AppDeps } from './app-deps.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { alertRoutes } from './features/alerts/routes.ts';
import { apiAccountRoutes } from './features/api-accounts/routes.ts';
import { assistantRoutes } from './features/assistant/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { boardRoutes } from './features/boards/routes.ts';
import { budgetRoutes } from './features/budgets/routes.ts';
import { consolidationRoutes } from './features/consolidation/routes.ts';
import { dataHealthRoutes, noticeRoutes } from './features/data-health/routes.ts';
import { devRoutes } from './features/dev/routes.ts';
import { docsRoutes } from './features/docs/routes.ts';
import { embedRoutes } from './features/embed/routes.ts';
import { exportRoutes } from './features/exports/routes.ts';
import { feedbackRoutes } from './features/feedback/routes.ts';
import { firmRoutes } from './features/firm/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { observationRoutes } from './features/observations/routes.ts';
import { portfolioRoutes } from './features/portfolio/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { reportPackRoutes } from './features/report-packs/routes.ts';
import { packScheduleRoutes } from './features/report-packs/schedule-routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { sharingRoutes } from './features/sharing/routes.ts';
import { syncRoutes } from './features/sync/routes.ts';
import { teamRoutes } from './features/team/routes.ts';
import { templateRoutes } from './features/templates/routes.ts';
import { customWidgetOf } from './features/widgets/custom-widget-rows.ts';
import { widgetRoutes } from './features/widgets/routes.ts';
import { ownBodyLimitsOf, responsesOf, routeTableOf, type Served } from './http/serve.ts';

/**
 * Every route the API serves, each declared once beside its handler in its feature's routes.ts, and
 * the tables derived from them: who may call each (the route table) and what each answers (the
 * response map, from which the OpenAPI document is written and the HTTP tests check answers).
 */
export const servedRoutes = {
  health: healthRoutes,
  auth: authRoutes,
  profile: profileRoutes,
  boards: boardRoutes,
  widgets: widgetRoutes,
  budgets: budgetRoutes,
  reports: reportRoutes,
  portfolio: portfolioRoutes,
  observations: observationRoutes,
  alerts: alertRoutes,
  // Each element a link or a token may read has its data notice beside it.
  dataHealth: [...dataHealthRoutes, ...noticeRoutes([...reportRoutes, ...widgetRoutes], customWidgetOf)],
  consolidation: consolidationRoutes,
  apiAccounts: apiAccountRoutes,
  sync: syncRoutes,
  sharing: sharingRoutes,
  embed: embedRoutes,
  team: teamRoutes,
  firm: firmRoutes,
  templates: templateRoutes,
  reportPacks: [...reportPackRoutes, ...packScheduleRoutes],
  billing: billingRoutes,
  admin: adminRoutes,
  exports: exportRoutes,
  assistant: assistantRoutes,
  audit: auditRoutes,
  help: [...feedbackRoutes, ...docsRoutes],
  dev: devRoutes,
} as const satisfies Record<string, readonly Served[]>;

/** The routes whose answers carry their data notice (data-health/routes.ts withDataNotice). */
export const noticedElements: readonly Served[] = [...reportRoutes, ...widgetRoutes];

const allServed: readonly Served[] = Object.values(servedRoutes).flat();

/**
 * Who may call each route, by `METHOD /path` without /api, as each served route names it: nothing is
 * allowed that is not here. The `write` rules are what an account whose trial or subscription has
 * ended may no longer do: change boards, sub-boards, widgets, consolidations and API accounts, sync,
 * share or ask the assistant. Reading stays open, and so do the profile, the password, billing, teams,
 * exports and revoking a public link or an embed key (a way to take access back is never locked).
 * access/route-access.ts enforces it before any handler runs; the role-matrix test
 * (security/role-matrix.test.ts) calls every route as every caller, and security/route-invariants.test.ts
 * checks the rules against rules written apart from them.
 */
export const routeAccess: Readonly<Record<string, Access>> = routeTableOf(allServed);

/** What each route answers on success, by the same keys (the OpenAPI document, test/response-check.ts). */
export const routeResponses: Readonly<Record<string, ResponseRule>> = responsesOf(allServed);

/** Uploads that bound their own size: a SAF-T file (a new source's, or a source's next file), the avatar and the firm's logo. */
export const ownBodyLimits = ownBodyLimitsOf(allServed);

/** True for a call an embedded element or a public page on another origin makes (for CORS). */
export const isEmbeddable = embeddableCalls(
  allServed.map((s) => ({ key: routeKey(s.route), access: s.access, crossOrigin: s.crossOrigin })),
);

/** The access check over the route table, with the features' answers it needs (access-ports.ts). */
export const withRouteAccess = (deps: AppDeps, ports: AccessPorts = accessPorts(deps)) =>
  checkRouteAccess(deps, routeAccess, ports);
