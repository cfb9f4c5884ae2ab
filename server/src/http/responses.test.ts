import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { isEventStream, NOT_JSON } from '@saldo/contract/api/index';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeAccess, routeResponses } from '../served.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

const contract = new URL('../../contract/src/', import.meta.url);
/**
 * The contract's modules the SDK may import: every one but the schemas' own, the widget registry (its
 * entries hold their response schemas; the SDK reads a plain listing generated from it, and imports
 * it for types only) and the modules that list its types (the catalogue, the export kinds).
 */
const RUNTIME_ZOD = ['widgets/registry.ts', 'widgets/catalogue.ts', 'exports/kinds.ts'];
/** The API's declarations (api/) hold their schemas too, all but the routes' types (api/routes.ts). */
const zodFolder = (f: string) => f.startsWith('schemas/') || (f.startsWith('api/') && f !== 'api/routes.ts');
const shared = readdirSync(contract, { recursive: true, encoding: 'utf8' }).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !RUNTIME_ZOD.includes(f) && !zodFolder(f),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('route responses', () => {
  it('has a response rule for every route of the route table, and none for a route it lacks', () => {
    expect(Object.keys(routeResponses).sort()).toEqual(Object.keys(routeAccess).sort());
  });

  it("writes each JSON route's success answer into the OpenAPI document from the contract's schema", async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const report = doc.paths['/profit-loss'].get.responses['200'].content['application/json'].schema;
    expect(report).toEqual({ $ref: '#/components/schemas/ProfitLossReport' });
    const schema = doc.components.schemas.ProfitLossReport;
    expect(schema.required).toEqual(expect.arrayContaining(['startDate', 'endDate', 'months', 'total']));
    // Strict: a field the contract does not name is no part of the answer.
    expect(schema.additionalProperties).toBe(false);
    expect(doc.paths['/group-account'].post.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Board',
    });
    expect(doc.paths['/group-account'].get.responses['200'].content['application/json'].schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Board' },
    });
    // A custom widget's data route, with its path parameters as OpenAPI writes them.
    expect(doc.paths['/widgets/{groupId}/custom/{id}'].get.responses['200'].content['application/json'].schema).toEqual(
      { $ref: '#/components/schemas/CustomWidgetData' },
    );
  });

  it('gives every JSON route of the document a success schema whose references resolve', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const text = JSON.stringify(doc);
    const refs = new Set([...text.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]));
    expect(refs.size).toBeGreaterThan(50);
    for (const ref of refs) expect(doc.components.schemas, ref).toHaveProperty(ref as string);
    for (const [key, rule] of Object.entries(routeResponses)) {
      // The document does not describe itself.
      if (rule === NOT_JSON || key === 'GET /openapi.json') continue;
      const [method = '', path = ''] = key.split(' ');
      const operation = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      // The development outbox is mounted only where it is turned on; the test app turns it on.
      expect(operation, key).toBeDefined();
      if (isEventStream(rule))
        expect(operation.responses['200'].content['text/event-stream'].schema, key).toBeDefined();
      else expect(operation.responses[String(rule.status)].content['application/json'].schema, key).toBeDefined();
    }
  });

  it('gives every route of the document the error schema for its error answers', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const error = doc.components.schemas.ErrorResponse;
    expect(error.required).toEqual(['code', 'message']);
    expect(error.properties.code).toEqual({ $ref: '#/components/schemas/ErrorCode' });
    expect(doc.components.schemas.ErrorCode.enum).toEqual(
      expect.arrayContaining(['BOARD_NOT_FOUND', 'EMBED_TOKEN_INVALID']),
    );
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { responses: object }>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations++;
        expect(operation.responses, `${method} ${path}`).toHaveProperty('default.content.application/json.schema', {
          $ref: '#/components/schemas/ErrorResponse',
        });
      }
    }
    expect(operations).toBeGreaterThan(100);
  });

  it("reaches the contract's shared modules as types only, so no bundle of the SDK takes zod", () => {
    expect(shared.length).toBeGreaterThan(30);
    for (const file of shared) {
      const source = readFileSync(new URL(file, contract), 'utf8');
      const runtime = [
        ...source.matchAll(
          /^(?:import|export) (?!type )(?:\{[^}]*\}|\* as \w+|\*|\w+(?:, \{[^}]*\})?) from '([^']+)';/gm,
        ),
      ].map((m) => (m[1]!.startsWith('.') ? posix.join(posix.dirname(file), m[1]!) : m[1]!));
      expect(
        runtime.filter((from) => from === 'zod' || zodFolder(from) || RUNTIME_ZOD.includes(from)),
        file,
      ).toEqual([]);
    }
  });
});
