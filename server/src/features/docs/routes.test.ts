import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** Every directive of a CSP header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('GET /api/docs', () => {
  it('serves the API reference page with a CSP that allows this origin only and nothing inline', async () => {
    const res = await t.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = directives(res.headers.get('content-security-policy') ?? '');
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect([...csp.values()].flat().filter((v) => /unsafe|\*|https?:/.test(v))).toEqual([]);
    expect(res.headers.get('x-frame-options')).toBe('DENY');

    const html = await res.text();
    // No inline script or style for the CSP to refuse: every script has a src, no <style>, no style="".
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc="\/api\/docs\/assets\//);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style|\sstyle=|\son\w+=/i);
  });

  it('serves each file the page loads from this server, with its type, and the version swagger-ui-dist has', async () => {
    const html = await (await t.request('/api/docs')).text();
    const version = createRequire(import.meta.url)('swagger-ui-dist/package.json').version as string;
    expect(version).toBe('5.35.0');
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.map((u) => u.replace(/\?.*/, '')).sort()).toEqual([
      '/api/docs/assets/favicon-32x32.png',
      '/api/docs/assets/init.js',
      '/api/docs/assets/swagger-ui-bundle.js',
      '/api/docs/assets/swagger-ui.css',
    ]);
    const types: Record<string, RegExp> = { js: /^text\/javascript/, css: /^text\/css/, png: /^image\/png$/ };
    for (const url of urls) {
      expect(url).toContain(`?v=${version}`);
      const res = await t.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(types[url.replace(/\?.*/, '').split('.').pop()!]!);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await res.arrayBuffer()).byteLength, url).toBeGreaterThan(100);
    }
    const bundle = await (await t.request('/api/docs/assets/swagger-ui-bundle.js')).text();
    expect(bundle).toContain('SwaggerUIBundle');
    // The page starts Swagger UI on this API's document, which is there, and asks no public validator.
    const init = await (await t.request('/api/docs/assets/init.js')).text();
    expect(init).toContain('url: "/api/openapi.json"');
    expect(init).toContain('validatorUrl: null');
    const openapi = await t.request('/api/openapi.json');
    expect(openapi.status).toBe(200);
    const doc = await openapi.json();
    expect(doc.paths['/docs'].get.summary).toBe(`The API reference: Swagger UI ${version} on /api/openapi.json`);
    expect(doc.paths['/docs/assets/{file}']).toBeUndefined();
  });

  it('serves nothing else of the package, and nothing outside it', async () => {
    for (const path of [
      '/api/docs/assets/index.html',
      '/api/docs/assets/package.json',
      '/api/docs/assets/swagger-ui-bundle.js.map',
      '/api/docs/assets/..%2Fpackage.json',
      '/api/docs/assets/constructor',
      '/api/docs/assets/__proto__',
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).code).toBe('NOT_FOUND');
    }
  });
});
