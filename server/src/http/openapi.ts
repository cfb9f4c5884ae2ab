import { isEventStream, NOT_JSON, type ResponseRule } from '@saldo/contract/api/index';
import * as api from '@saldo/contract/schemas/index';
import type { Context, Env, Hono } from 'hono';
import type { Schema } from 'hono/types';
import { type GenerateSpecOptions, generateSpecs } from 'hono-openapi';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Operation = { responses?: Record<string, { description?: string; content?: unknown }> };
type Document = Awaited<ReturnType<typeof generateSpecs>>;

const COMPONENTS = '#/components/schemas/';

/** Every schema of the contract under its exported name, so the document names them as the types do. */
function contractRegistry() {
  const registry = z.registry<{ id: string }>();
  for (const [name, value] of Object.entries(api)) {
    if (value instanceof z.ZodType && !registry.has(value))
      registry.add(value, { id: name.charAt(0).toUpperCase() + name.slice(1) });
  }
  return registry;
}

/** zod's JSON Schema, its references pointing into the document's components (which hold every named schema). */
function withoutFrame(schema: JsonSchema): JsonSchema {
  const { $schema: _, $id: __, $defs: ___, ...rest } = schema;
  return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as JsonSchema;
}

/** `METHOD /a/:b` as OpenAPI names the path: `/a/{b}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * The OpenAPI document: hono-openapi's paths (summaries, parameters, request bodies from the
 * validators, error answers), with each route's success answer written from the contract's schema
 * (each route's declaration), the same schema the HTTP tests check the answers against, and every error
 * answer from the error schema (the tests check those too).
 */
export async function openApiDocument<E extends Env, S extends Schema, P extends string>(
  app: Hono<E, S, P>,
  options: Partial<GenerateSpecOptions>,
  c: Context<E, P>,
  routeResponses: Readonly<Record<string, ResponseRule>>,
): Promise<Document> {
  const doc = await generateSpecs(app, options, c);
  const registry = contractRegistry();
  const named = z.toJSONSchema(registry, { uri: (id) => `${COMPONENTS}${id}`, unrepresentable: 'any', io: 'output' });
  const schemas: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(named.schemas)) schemas[id] = withoutFrame(schema as JsonSchema);
  const paths = doc.paths as Record<string, Record<string, Operation> | undefined>;
  for (const [key, rule] of Object.entries(routeResponses)) {
    if (rule === NOT_JSON) continue;
    const [method = '', path = ''] = key.split(' ');
    const operation = paths[openApiPath(path)]?.[method.toLowerCase()];
    // A route this server does not mount (the development outbox).
    if (!operation) continue;
    const schemaOf = (zod: z.ZodType) => {
      const id = registry.get(zod)?.id;
      return id
        ? { $ref: `${COMPONENTS}${id}` }
        : withoutFrame(z.toJSONSchema(zod, { metadata: registry, unrepresentable: 'any', io: 'output' }) as JsonSchema);
    };
    const responses = operation.responses ?? {};
    if (isEventStream(rule)) {
      // OpenAPI 3.0 cannot name events: the description does, and the schema is each event's data.
      const [[event = '', data] = []] = Object.entries(rule.events);
      responses['200'] = {
        description: `Server-Sent Events "${event}", each one's data (JSON) as the schema says`,
        content: { 'text/event-stream': { schema: data ? schemaOf(data) : {} } },
      };
    } else {
      const status = String(rule.status);
      responses[status] = {
        description: responses[status]?.description ?? 'Success',
        content: { 'application/json': { schema: schemaOf(rule.schema) } },
      };
    }
    operation.responses = responses;
  }
  // Every route fails the same way: an error status with the error map's body.
  const error = { $ref: `${COMPONENTS}${registry.get(api.errorResponse)?.id}` };
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations ?? {})) {
      operation.responses = {
        ...operation.responses,
        default: {
          description: "An error: its code from the error map, the code's English text, and what some codes add",
          content: { 'application/json': { schema: error } },
        },
      };
    }
  }
  const components = (doc.components ?? {}) as { schemas?: Record<string, unknown> };
  return { ...doc, components: { ...components, schemas: { ...components.schemas, ...schemas } } } as Document;
}
