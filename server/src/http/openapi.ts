import * as api from '@saldo/contract/schemas';
import type { Context, Env, Hono } from 'hono';
import type { Schema } from 'hono/types';
import { type GenerateSpecOptions, generateSpecs } from 'hono-openapi';
import { z } from 'zod';
import { NOT_JSON, routeResponses } from './responses.ts';

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
 * (http/responses.ts), the same schema the HTTP tests check the answers against.
 */
export async function openApiDocument<E extends Env, S extends Schema, P extends string>(
  app: Hono<E, S, P>,
  options: Partial<GenerateSpecOptions>,
  c: Context<E, P>,
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
    const id = registry.get(rule.schema)?.id;
    const schema = id
      ? { $ref: `${COMPONENTS}${id}` }
      : withoutFrame(
          z.toJSONSchema(rule.schema, { metadata: registry, unrepresentable: 'any', io: 'output' }) as JsonSchema,
        );
    const status = String(rule.status);
    const responses = operation.responses ?? {};
    responses[status] = {
      description: responses[status]?.description ?? 'Success',
      content: { 'application/json': { schema } },
    };
    operation.responses = responses;
  }
  const components = (doc.components ?? {}) as { schemas?: Record<string, unknown> };
  return { ...doc, components: { ...components, schemas: { ...components.schemas, ...schemas } } } as Document;
}
