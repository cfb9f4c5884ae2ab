import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';

/** The socket's peer; requests made without a socket (`app.request()` in tests) count as one local client. */
function peerIp(c: Context): string {
  // Checked, not caught: a thrown and caught TypeError per socketless request costs more than the request.
  const env = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined;
  if (!env?.incoming && !env?.server?.incoming) return 'local';
  return getConnInfo(c).remote.address ?? 'local';
}

const bare = (ip: string) => ip.trim().replace(/^::ffff:(?=\d+\.)/, '');

/**
 * The client's address: the peer's, or, when the peer is one of the install's named proxies
 * (SALDO_TRUSTED_PROXIES), the last address in X-Forwarded-For that is not one of them. A forwarded
 * header from anyone else is not read: anyone can set it, and per-address login limits keyed on it
 * would be dodged.
 */
export function forwardedClientIp(c: Context, trustedProxies: readonly string[]): string {
  const peer = peerIp(c);
  if (!trustedProxies.includes(bare(peer))) return peer;
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map(bare).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trustedProxies.includes(hops[i]!)) return hops[i]!;
  return hops[0] ?? peer;
}

/** Reads the client's address once per request, for clientIp(). */
export const withClientIp =
  (trustedProxies: readonly string[]): MiddlewareHandler =>
  async (c, next) => {
    c.set('clientIp', forwardedClientIp(c, trustedProxies));
    await next();
  };

/** The client's address as withClientIp read it (the peer's where it did not run). */
export function clientIp(c: Context): string {
  return (c.get('clientIp') as string | undefined) ?? peerIp(c);
}

/** True for a caller on this machine: the loopback addresses, or a request made without a socket. */
export function isLoopback(ip: string): boolean {
  return ip === 'local' || ip === '::1' || /^127\./.test(ip) || /^::ffff:127\./.test(ip);
}
