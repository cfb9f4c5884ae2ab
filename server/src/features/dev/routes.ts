import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../http/env.ts';

/**
 * The local mail outbox, for following verification and reset links while developing without SMTP.
 * Mail holds reset links, so reading it is taking over accounts: the route exists only when the
 * install turns it on (SALDO_DEV_OUTBOX=1: `npm run dev` and the browser tests), only while mail
 * goes to the outbox, and only for callers on this machine. `npm start` prints the links to its log.
 */
export function devRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  if (!deps.devOutbox || !deps.mailer.outbox) return routes;
  const outbox = deps.mailer.outbox;
  return routes.get(
    '/dev/outbox',
    describeRoute({
      tags: ['dev'],
      summary: 'Messages in the local outbox, newest first (development only, loopback callers only)',
    }),
    // Loopback callers only: its row in access/route-access.ts.
    async (c) => c.json(await outbox.list()),
  );
}
