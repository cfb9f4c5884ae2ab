import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';

/**
 * The local mail outbox, for following verification and reset links on an install without SMTP.
 * It exists only while mail goes to the outbox: with SMTP_URL set there is nothing to list.
 */
export function devRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/dev/outbox',
    describeRoute({ tags: ['dev'], summary: 'Messages in the local outbox, newest first (only without SMTP)' }),
    async (c) => {
      if (!deps.mailer.outbox) throw new ApiError('NOT_FOUND');
      return c.json(await deps.mailer.outbox.list());
    },
  );
}
