import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
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
