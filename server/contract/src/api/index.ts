/**
 * Every route of the API, declared once by topic (api/<topic>.ts), and the route map derived from
 * them. Runtime zod: the portal and the SDK take the types only (@saldo/contract/api/routes).
 */

import { adminApi } from './admin.ts';
import { alertsApi } from './alerts.ts';
import { apiAccountApi } from './api-accounts.ts';
import { assistantApi } from './assistant.ts';
import { auditApi } from './audit.ts';
import { authApi } from './auth.ts';
import { billingApi } from './billing.ts';
import { boardApi } from './boards.ts';
import { budgetApi } from './budgets.ts';
import { consolidationApi } from './consolidation.ts';
import { dataHealthApi } from './data-health.ts';
import type { RouteDeclaration, RoutesOf } from './define.ts';
import { embedApi } from './embed.ts';
import { exportApi } from './exports.ts';
import { firmApi } from './firm.ts';
import { healthApi } from './health.ts';
import { helpApi } from './help.ts';
import { observationsApi } from './observations.ts';
import { portfolioApi } from './portfolio.ts';
import { profileApi } from './profile.ts';
import { reportPackApi } from './report-packs.ts';
import { reportApi } from './reports.ts';
import { sharingApi } from './sharing.ts';
import { syncApi } from './sync.ts';
import { teamApi } from './team.ts';
import { templateApi } from './templates.ts';
import { widgetApi } from './widgets.ts';

export * from './define.ts';
export {
  adminApi,
  alertsApi,
  apiAccountApi,
  assistantApi,
  auditApi,
  authApi,
  billingApi,
  boardApi,
  budgetApi,
  consolidationApi,
  dataHealthApi,
  embedApi,
  exportApi,
  firmApi,
  healthApi,
  helpApi,
  observationsApi,
  portfolioApi,
  profileApi,
  reportApi,
  reportPackApi,
  sharingApi,
  syncApi,
  teamApi,
  templateApi,
  widgetApi,
};

/** The declarations by topic. */
export const apiTopics = {
  healthApi,
  authApi,
  profileApi,
  boardApi,
  widgetApi,
  budgetApi,
  reportApi,
  portfolioApi,
  observationsApi,
  alertsApi,
  dataHealthApi,
  consolidationApi,
  apiAccountApi,
  syncApi,
  sharingApi,
  embedApi,
  teamApi,
  firmApi,
  billingApi,
  adminApi,
  exportApi,
  assistantApi,
  auditApi,
  helpApi,
  templateApi,
  reportPackApi,
} as const;

type Topics = typeof apiTopics;
/** Every declared route (a union). */
export type DeclaredRoute = { [T in keyof Topics]: Topics[T][keyof Topics[T]] }[keyof Topics];

/** Every declared route, in one list. */
export const apiRoutes: readonly RouteDeclaration[] = Object.values(apiTopics).flatMap((topic): RouteDeclaration[] =>
  Object.values(topic),
);

/** Each declared JSON route's answer, body and query, by `METHOD /path`. */
export type DeclaredRoutes = RoutesOf<DeclaredRoute>;
