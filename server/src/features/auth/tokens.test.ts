import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/create-test-app.ts';
import { verifyHs256 } from './tokens.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('verifyHs256', () => {
  it('reads the claims of a token signed with the key (as hono/jwt signs them)', async () => {
    const token = await sign({ sub: 'u1', role: 'User', exp: 2_000_000_000 }, 'the-key', 'HS256');
    expect(verifyHs256(token, 'the-key')).toEqual({ sub: 'u1', role: 'User', exp: 2_000_000_000 });
  });

  it('refuses another key, a changed payload, alg none and garbage', async () => {
    const token = await sign({ sub: 'u1', role: 'User', exp: 2_000_000_000 }, 'the-key', 'HS256');
    const [header, , signature] = token.split('.');
    expect(verifyHs256(token, 'another-key')).toBeNull();
    expect(
      verifyHs256(`${header}.${b64({ sub: 'admin', role: 'SuperAdmin', exp: 2_000_000_000 })}.${signature}`, 'the-key'),
    ).toBeNull();
    expect(
      verifyHs256(`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'u1', role: 'User' })}.`, 'the-key'),
    ).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c', `${header}.%%%.${signature}`, `${b64('x')}.${b64({})}.x`])
      expect(verifyHs256(junk, 'the-key')).toBeNull();
  });
});

describe('access tokens', () => {
  it('checks expiry on every call, also for a token whose signature it already verified', async () => {
    let clock = Date.now();
    const t = await createTestApp({ now: () => clock });
    const { jwtToken } = await t.login();
    expect((await t.deps.tokens.verifyAccess(jwtToken)).sub).toBeTruthy();
    expect((await t.deps.tokens.verifyAccess(jwtToken)).sub).toBeTruthy();
    clock += 16 * 60 * 1000;
    await expect(t.deps.tokens.verifyAccess(jwtToken)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('refuses a changed token after the genuine one verified', async () => {
    const t = await createTestApp();
    const { jwtToken } = await t.login();
    await t.deps.tokens.verifyAccess(jwtToken);
    const [header, , signature] = jwtToken.split('.');
    const forged = `${header}.${b64({ sub: 'someone-else', role: 'SuperAdmin', exp: 2_000_000_000 })}.${signature}`;
    await expect(t.deps.tokens.verifyAccess(forged)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
