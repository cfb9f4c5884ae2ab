import type { EventStream, JsonResponse, ResponseRule } from '@saldo/contract/api/index';
import { NOT_JSON } from '@saldo/contract/api/index';
import type { ApiRoutes, LegacyRoutes } from '@saldo/contract/api-routes';
import * as api from '@saldo/contract/schemas';
import { z } from 'zod';

const json = <S extends z.ZodType>(schema: S, status: JsonResponse['status'] = 200): JsonResponse<S> => ({
  status,
  schema,
});
const list = <S extends z.ZodType>(schema: S) => json(z.array(schema));

/** The OpenAPI document: only its frame is ours, the rest is hono-openapi's. */
const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({}),
  paths: z.record(z.string(), z.unknown()),
});

/** The JSON routes not yet declared by topic (contract api/), whose answers are still listed here. */
type Legacy = keyof LegacyRoutes;

/** What every legacy JSON route answers on success: exactly those routes of the contract's ApiRoutes. */
const jsonResponses = {
  'GET /openapi.json': json(openApiDocument),
  'GET /dev/outbox': list(api.outboxMessage),

  'POST /group-account/:groupId/public/share-board': json(api.shareResponse, 201),
  'GET /group-account/:groupId/public/links': list(api.shareLink),
  'DELETE /public-share/board/:boardId': json(api.deleted),
  'POST /public-share/url/send-email': json(api.sent),
  'GET /public-share/board/:boardId': json(api.publicBoard),
  'POST /group-account/:groupId/embed-keys': json(api.createdEmbedKey, 201),
  'GET /group-account/:groupId/embed-keys': list(api.embedKey),
  'DELETE /group-account/:groupId/embed-keys/:id': json(api.deleted),

  'GET /api-account': list(api.apiAccount),
  'POST /api-account': json(api.apiAccount, 201),
  'POST /api-account/saft': json(api.apiAccount, 201),
  'POST /api-account/integration': json(api.apiAccount, 201),
  'POST /api-account/demo': json(api.demoStart, 201),
  'GET /api-account/:id': json(api.apiAccount),
  'PUT /api-account/:id': json(api.apiAccount),
  'DELETE /api-account/:id': json(api.deleted),
  'POST /api-account/:id/saft': json(api.apiAccount, 201),
  'GET /api-account/:id/saft-files': list(api.saftFile),
  'DELETE /api-account/:id/saft-files/:fileId': json(api.deleted),
  'POST /sync-board': json(api.syncQueued, 202),
  'POST /sync-board/progress/ticket': json(api.progressTicket, 201),

  // The tables as JSON with format 'json'; a CSV, XLSX or PDF file otherwise.
  'POST /exports/:groupId': json(api.exportDocument),
  'GET /assistant/status': json(api.assistantStatus),
  'POST /assistant/:groupId/ask': json(api.aiQueryResponse, 201),
  'GET /assistant/:groupId/questions': list(api.aiQueryResponse),
  'DELETE /assistant/:groupId/questions/:id': json(api.deleted),

  'GET /feedback/status': json(api.feedbackStatus),
  'POST /feedback': json(api.sent, 201),

  'POST /team/invitations': json(api.invitation, 201),
  'GET /team/invitations': list(api.invitation),
  'DELETE /team/invitations/:id': json(api.deleted),
  'POST /team/invitations/:id/resend': json(api.invitation),
  'GET /team/invitations/preview': json(api.invitationPreview),
  'POST /team/invitations/accept': json(api.invitationAccepted),
  'GET /team/members': list(api.teamMember),
  'PATCH /team/members/:userId': json(api.teamMember),
  'DELETE /team/members/:userId': json(api.deleted),

  'GET /billing/plans': list(api.billingPlan),
  'GET /billing/subscription': json(api.billingStatus),
  'POST /billing/checkout': json(api.checkoutResponse),
  'POST /billing/change-plan': json(api.billingStatus),
  'POST /billing/cancel': json(api.billingStatus),
  'POST /billing/reactivate': json(api.billingStatus),
  'GET /billing/invoices': list(api.billingInvoice),
  'POST /billing/webhook': json(api.webhookReceived),

  'GET /admin/summary': json(api.adminSummary),
  'GET /admin/users': list(api.adminUser),
  'PATCH /admin/users/:id/status': json(api.adminUser),
  'PATCH /admin/users/:id/plan': json(api.adminUser),
  'GET /admin/registrations': json(api.adminRegistrations),
  'GET /admin/companies': list(api.adminCompany),
  'GET /admin/companies/:id': json(api.adminCompanyDetail),
} satisfies { [K in Legacy]: JsonResponse<z.ZodType<ApiRoutes[K]['response']>> };

/** The routes that answer no JSON, or a stream of events. */
const otherResponses = {
  'GET /docs': NOT_JSON,
  'GET /docs/assets/:file': NOT_JSON,
  'GET /sync-board/progress': { events: { syncing_board: api.syncProgressMessage } } satisfies EventStream,
} as const;

/**
 * What every route answers on success, by the keys of the route table (access/route-table.ts; a test
 * holds the two to the same routes). The OpenAPI document's success responses are written from it,
 * and the HTTP tests check every JSON answer against it (test/response-check.ts).
 */
export const legacyResponses: Readonly<Record<string, ResponseRule>> = { ...jsonResponses, ...otherResponses };

// The contract's route map (@saldo/contract/api-routes, which types the portal's client) and these
// schemas name the same JSON routes (the `satisfies` above: none missing, none extra) with the same
// bodies: a schema whose output differs from the contract's type in either direction names its route here.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Drifted = {
  [K in Legacy]: Same<z.output<(typeof jsonResponses)[K]['schema']>, ApiRoutes[K]['response']> extends true ? never : K;
}[Legacy];
export const contractDrift: [Drifted] extends [never] ? 'none' : Drifted = 'none';
