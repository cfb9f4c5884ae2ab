import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientIp, withClientIp } from './client-ip.ts';

/** The address the app reads for a request from `peer` carrying `forwarded`, with these proxies trusted. */
async function seen(trusted: string[], peer: string, forwarded?: string): Promise<string> {
  const app = new Hono().use(withClientIp(trusted)).get('/', (c) => c.text(clientIp(c)));
  const res = await app.request('/', forwarded ? { headers: { 'x-forwarded-for': forwarded } } : {}, {
    incoming: {
      socket: { remoteAddress: peer, remotePort: 50_000, remoteFamily: peer.includes(':') ? 'IPv6' : 'IPv4' },
    },
  });
  return res.text();
}

describe('the client address', () => {
  it('is the peer, whatever a client writes in X-Forwarded-For, when no proxy is named', async () => {
    expect(await seen([], '198.51.100.7')).toBe('198.51.100.7');
    expect(await seen([], '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
  });

  it('is the forwarded one when the peer is a named proxy, skipping the named proxies along the way', async () => {
    expect(await seen(['127.0.0.1'], '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await seen(['127.0.0.1'], '::ffff:127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    // A client's own header before the proxy's entry does not count: the proxy's entry is the last untrusted one.
    expect(await seen(['127.0.0.1', '10.0.0.2'], '127.0.0.1', '1.2.3.4, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    // A peer that is not named is believed about nothing.
    expect(await seen(['127.0.0.1'], '10.9.9.9', '203.0.113.9')).toBe('10.9.9.9');
    // A named proxy that forwarded nothing is the client.
    expect(await seen(['127.0.0.1'], '127.0.0.1')).toBe('127.0.0.1');
  });

  it('is one local client for requests without a socket (tests)', async () => {
    const app = new Hono().use(withClientIp(['127.0.0.1'])).get('/', (c) => c.text(clientIp(c)));
    expect(await (await app.request('/')).text()).toBe('local');
  });
});
