import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { isEmbedToken } from './tokens.ts';

const header = (h: object) => Buffer.from(JSON.stringify(h)).toString('base64url');

describe('isEmbedToken', () => {
  it('tells each token by its own header, however often a header comes again', async () => {
    const key = new TextEncoder().encode('k'.repeat(32));
    const session = await new SignJWT({ sub: 'u' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
    const embed = await new SignJWT({ board: 'b' }).setProtectedHeader({ alg: 'HS256', kid: 'key-1' }).sign(key);
    for (let i = 0; i < 3; i++) {
      expect(isEmbedToken(session)).toBe(false);
      expect(isEmbedToken(embed)).toBe(true);
    }
    // As jose's decodeProtectedHeader reads a token: the first of three (or five) parts, else nothing.
    expect(isEmbedToken(`${header({ alg: 'HS256', kid: 'x' })}.e30.c2ln`)).toBe(true);
    expect(isEmbedToken(`${header({ alg: 'HS256' })}.e30.c2ln`)).toBe(false);
    expect(isEmbedToken(`${header({ alg: 'HS256', kid: 'x' })}.e30`)).toBe(false);
    expect(isEmbedToken(`${header({ alg: 'HS256', kid: 'x' })}.a.b.c.d`)).toBe(true);
    expect(isEmbedToken(header({ alg: 'HS256', kid: 'x' }))).toBe(false);
    expect(isEmbedToken('not a token')).toBe(false);
    expect(isEmbedToken('')).toBe(false);
  });
});
