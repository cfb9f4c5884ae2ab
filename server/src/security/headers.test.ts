import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { checkResponses } from '../test/response-check.ts';

let t: TestApp;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  // A built portal and SDK of a few files, served as main.ts serves the real ones.
  const root = mkdtempSync(join(tmpdir(), 'saldo-dist-'));
  for (const dir of ['portal', 'sdk', 'sdk/cdn/define']) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'portal/index.html'), '<!doctype html><title>Saldo</title>');
  writeFileSync(join(root, 'portal/welcome.mp4'), new Uint8Array(64));
  writeFileSync(join(root, 'portal/welcome.nb.vtt'), 'WEBVTT\n\n00:00.000 --> 00:04.000\nVelkommen\n');
  writeFileSync(join(root, 'sdk/saldo-embed.iife.js'), 'void 0;');
  writeFileSync(join(root, 'sdk/cdn/configure.js'), 'export function configure() {}');
  writeFileSync(join(root, 'sdk/cdn/define/saldo-top-customers.js'), "import '../configure.js';");
  app = checkResponses(
    createApp({
      ...t.deps,
      portalDist: join(root, 'portal'),
      sdkDist: join(root, 'sdk'),
    }),
  );
});

function expectNoFraming(res: Response) {
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
}

describe('security headers (issue 11, item 6)', () => {
  it('keeps every portal page, the login form included, out of other origins’ frames, with a strict CSP', async () => {
    for (const path of ['/', '/login', '/password/reset?token=x', '/public/board/abc', '/dashboard']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>Saldo</title>');
      expectNoFraming(res);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
    }
  });

  it('serves the welcome video and its captions with their types, from the page origin only', async () => {
    const video = await app.request('/welcome.mp4', { headers: { range: 'bytes=0-15' } });
    expect(video.status).toBe(206);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(video.headers.get('content-range')).toBe('bytes 0-15/64');
    const captions = await app.request('/welcome.nb.vtt');
    expect(captions.status).toBe(200);
    expect(captions.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await captions.text()).toMatch(/^WEBVTT/);
    expectNoFraming(captions);
    const page = await app.request('/dashboard');
    expect(page.headers.get('content-security-policy')).toContain("media-src 'self'");
    // A path that only ends like a caption file is still the portal's page, typed as HTML.
    expect((await app.request('/missing.vtt')).headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('lets partner pages on other origins load the SDK bundle', async () => {
    const sdk = await app.request('/sdk/saldo-embed.iife.js');
    expect(sdk.status).toBe(200);
    expect(sdk.headers.get('x-content-type-options')).toBe('nosniff');
    expect(sdk.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('lets a partner page import the SDK as ES modules from Saldo’s origin (CORS, no credentials)', async () => {
    const origin = 'https://partner.example';
    for (const path of [
      '/sdk/cdn/configure.js',
      '/sdk/cdn/define/saldo-top-customers.js',
      '/sdk/saldo-embed.iife.js',
    ]) {
      const res = await app.request(path, { headers: { origin } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/javascript/);
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
    // Only the SDK's public code: the portal's pages and the API send no CORS header to that origin.
    for (const path of ['/', '/login', '/api/health', '/api/group-account']) {
      const res = await app.request(path, { headers: { origin } });
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });

  it('sends a CSP that allows nothing on every API answer, errors included', async () => {
    const token = (await t.login()).jwtToken;
    for (const [path, status] of [
      ['/api/health', 200],
      ['/api/group-account', 401],
      ['/api/nope', 404],
    ] as const) {
      const res = await app.request(path);
      expect(res.status, path).toBe(status);
      expectNoFraming(res);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
    const authed = await app.request('/api/profile/me', { headers: { authorization: `Bearer ${token}` } });
    expectNoFraming(authed);
  });

  it('keeps a stricter policy a route sets itself (an SVG avatar runs nothing even when opened)', async () => {
    const token = (await t.login()).jwtToken;
    const form = new FormData();
    form.set(
      'avatar',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>']),
      'a.svg',
    );
    const up = await app.request('/api/profile/avatar', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    const avatar = ((await up.json()) as { avatar: string }).avatar;
    const res = await app.request(avatar);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('sends HSTS only where the install is served over HTTPS', async () => {
    expect((await app.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    const https = checkResponses(createApp({ ...t.deps, baseUrl: 'https://saldo.example' }));
    expect((await https.request('/api/health')).headers.get('strict-transport-security')).toContain('max-age=');
  });
});
