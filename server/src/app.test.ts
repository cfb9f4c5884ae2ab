import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('app', () => {
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
