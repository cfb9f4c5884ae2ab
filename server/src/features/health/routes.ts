import type { HealthDetails, HealthResponse } from '@saldo/contract';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { accessTokenOf, authenticate } from '../../access/authenticate.ts';
import { redactDatabaseUrl } from '../../config.ts';
import { clientIp, isLoopback } from '../../http/client-ip.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { appliedMigrations } from './queries.ts';

/**
 * /api/health: ok or not ok for anyone (load balancers, the browser tests). Where the database is and
 * why it failed is for a SuperAdmin only, and for the server's log: a file path or a host name tells
 * an attacker what to aim at.
 */
export function healthRoutes(deps: AppDeps) {
  async function isSuperAdmin(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const viewer = await authenticate(deps, token).catch(() => null);
    return viewer?.role === 'SuperAdmin';
  }

  return new Hono<AppEnv>().get(
    '/health',
    describeRoute({
      tags: ['health'],
      summary: 'Whether the server and its database answer; a SuperAdmin also sees the database details',
    }),
    async (c) => {
      const database: HealthDetails['database'] = { ok: true, url: redactDatabaseUrl(deps.databaseUrl), migrations: 0 };
      try {
        database.migrations = await appliedMigrations(deps.db);
      } catch (err) {
        database.ok = false;
        database.error = err instanceof Error ? err.message : String(err);
        console.error('Health check: the database did not answer:', database.error);
      }
      const status = database.ok ? 'ok' : 'degraded';
      const body: HealthResponse = (await isSuperAdmin(accessTokenOf((name) => c.req.header(name))))
        ? { status, database }
        : { status };
      // Whether GET /dev/outbox answers this caller (its own rule: on, mail to the outbox, loopback).
      if (deps.devOutbox && deps.mailer.outbox && isLoopback(clientIp(c))) body.devOutbox = true;
      return c.json(body, database.ok ? 200 : 503);
    },
  );
}
