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

  'GET /assistant/status': json(api.assistantStatus),
  'POST /assistant/:groupId/ask': json(api.aiQueryResponse, 201),
  'GET /assistant/:groupId/questions': list(api.aiQueryResponse),
  'DELETE /assistant/:groupId/questions/:id': json(api.deleted),

  'GET /feedback/status': json(api.feedbackStatus),
  'POST /feedback': json(api.sent, 201),
} satisfies { [K in Legacy]: JsonResponse<z.ZodType<ApiRoutes[K]['response']>> };

/** The routes that answer no JSON, or a stream of events. */
const otherResponses = {
  'GET /docs': NOT_JSON,
  'GET /docs/assets/:file': NOT_JSON,
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
