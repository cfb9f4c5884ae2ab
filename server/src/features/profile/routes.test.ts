import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER } from '../../seed.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { AVATAR_MAX_BYTES, sanitizeSvg, sniffImage } from './avatar.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login()).jwtToken;
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

function upload(bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append('avatar', new File([bytes], name, { type }));
  return t.request('/api/profile/avatar', { method: 'POST', body: form, token });
}

describe('profile', () => {
  it('reads and updates personal information and language', async () => {
    const me = await (await t.request('/api/profile/me', { token })).json();
    expect(me).toMatchObject({ email: DEMO_USER.email, language: 'nor', avatar: null });
    const res = await t.request('/api/profile/me', {
      method: 'PATCH',
      token,
      body: JSON.stringify({ firstName: 'Dina', phoneNumber: '+47 912 34 567', language: 'en' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      firstName: 'Dina',
      lastName: 'Bruker',
      phoneNumber: '+47 912 34 567',
      language: 'en',
    });
    const bad = await t.request('/api/profile/me', {
      method: 'PATCH',
      token,
      body: JSON.stringify({ firstName: '', language: 'de' }),
    });
    expect((await bad.json()).code).toBe('VALIDATION_FAILED');
  });

  it('stores a png avatar under an unguessable name and serves it with safe headers', async () => {
    const res = await upload(PNG, 'me.png', 'image/png');
    expect(res.status).toBe(200);
    const { avatar } = await res.json();
    expect(avatar).toMatch(/^\/api\/profile\/avatar\/[A-Za-z0-9_-]{24}\.png$/);
    const image = await t.request(avatar);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    // Replacing the avatar removes the old file.
    const next = await (await upload(PNG, 'again.png', 'image/png')).json();
    expect((await t.request(avatar)).status).toBe(404);
    const removed = await (await t.request('/api/profile/avatar', { method: 'DELETE', token })).json();
    expect(removed.avatar).toBeNull();
    expect((await t.request(next.avatar)).status).toBe(404);
  });

  it('sanitises svg avatars: no scripts, handlers, foreign objects or outside links', async () => {
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">
      <script>alert(2)</script><foreignObject><iframe src="https://evil.example"></iframe></foreignObject>
      <a href="javascript:alert(3)"><circle cx="5" cy="5" r="4" fill="url(https://evil.example/x)" stroke="#123"/></a>
      <use href="https://evil.example/sprite.svg#x"/><rect width="2" height="2" fill="url(#g)"/></svg>`;
    const res = await upload(new TextEncoder().encode(svg), 'me.svg', 'image/svg+xml');
    expect(res.status).toBe(200);
    const served = await t.request((await res.json()).avatar);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    const clean = await served.text();
    expect(clean).toContain('<circle');
    expect(clean).toContain('stroke="#123"');
    expect(clean).toContain('fill="url(#g)"');
    for (const bad of ['script', 'onload', 'foreignObject', 'iframe', 'javascript:', 'evil.example', '<a ']) {
      expect(clean).not.toContain(bad);
    }
  });

  it('refuses other file types (by content, not by name) and files over the limit', async () => {
    const gif = new TextEncoder().encode('GIF89a....');
    const res = await upload(gif, 'me.png', 'image/png');
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'Only png, jpg and svg images are allowed',
    });
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set(PNG);
    const tooBig = await upload(big, 'big.png', 'image/png');
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ code: 'FILE_TOO_LARGE', message: 'File size is too large' });
  });

  it('changes the password only with the current one, and ends other sessions', async () => {
    const other = await t.login();
    const change = (currentPassword: string, newPassword: string) =>
      t.request('/api/profile/password', {
        method: 'PATCH',
        token: other.jwtToken,
        body: JSON.stringify({ currentPassword, newPassword }),
      });
    const wrong = await change('Nope12345', 'Vinter2026x');
    expect(await wrong.json()).toEqual({
      code: 'INVALID_CURRENT_PASSWORD',
      message: 'The current password you provided is not valid',
    });
    const short = await change(DEMO_USER.password, 'Ab1');
    expect(await short.json()).toEqual({
      code: 'NEW_PASSWORD_TOO_SHORT',
      message: 'New Password length must be at least 8 characters long',
    });
    const ok = await change(DEMO_USER.password, 'Vinter2026x');
    const body = await ok.json();
    expect(body).toMatchObject({ isUpdated: true });
    expect(body.jwtToken).toBeTruthy();
    const oldRefresh = await t.request('/api/auth/refresh-token', {
      method: 'POST',
      body: JSON.stringify({ refreshToken: other.refreshToken }),
    });
    expect(oldRefresh.status).toBe(401);
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: DEMO_USER.email, password: 'Vinter2026x' }),
    });
    expect(login.status).toBe(200);
  });
});

describe('sniffImage and sanitizeSvg', () => {
  it('recognises png, jpg and svg by their bytes', () => {
    expect(sniffImage(PNG)).toBe('png');
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(sniffImage(new TextEncoder().encode('<!-- logo --><svg viewBox="0 0 1 1"/>'))).toBe('svg');
    expect(sniffImage(new TextEncoder().encode('<html><svg/></html>'))).toBeNull();
  });
  it('keeps case-sensitive SVG names such as viewBox and linearGradient', () => {
    const out = sanitizeSvg('<svg viewBox="0 0 1 1"><linearGradient id="g"/></svg>');
    expect(out).toContain('viewBox="0 0 1 1"');
    expect(out).toContain('<linearGradient id="g"');
  });
});
