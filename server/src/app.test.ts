import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './db/client.ts';
import { createTestApp, type TestApp } from './test/create-test-app.ts';

const committedMigrations = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')).entries
  .length;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('app', () => {
  it('reports the database state at /api/health', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(committedMigrations).toBeGreaterThanOrEqual(2);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: { ok: true, url: ':memory:', migrations: committedMigrations },
    });
  });

  it('serves an OpenAPI document naming the spec paths', async () => {
    const res = await t.request('/api/openapi.json');
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/auth/login',
        '/auth/refresh-token',
        '/auth/logout',
        '/profile/me',
        '/group-account',
        '/widgets/top-ten/customers',
        '/profit-loss',
      ]),
    );
    expect(doc.servers).toEqual([{ url: '/api' }]);
  });

  it('answers unknown API paths with the shared error shape', async () => {
    const res = await t.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});
