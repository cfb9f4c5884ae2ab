import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The peer address of the request. Forwarded headers are not trusted: anyone can set them, and
 * per-IP rate limits keyed on them would be trivially dodged. Requests made without a socket
 * (`app.request()` in tests) count as one local client.
 */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}

/** True for a caller on this machine: the loopback addresses, or a request made without a socket. */
export function isLoopback(ip: string): boolean {
  return ip === 'local' || ip === '::1' || /^127\./.test(ip) || /^::ffff:127\./.test(ip);
}
