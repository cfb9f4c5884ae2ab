import type { HealthDetails, HealthResponse } from '@saldo/contract';
import { healthApi } from '@saldo/contract/api/health';
import { accessTokenOf, authenticate } from '../../access/authenticate.ts';
import { PUBLIC } from '../../access/rules.ts';
import { redactDatabaseUrl } from '../../config.ts';
import { clientIp, isLoopback } from '../../http/client-ip.ts';
import { type RouteDeps, serve } from '../../http/serve.ts';
import { log } from '../../ops/log.ts';
import { appliedMigrations } from './queries.ts';

async function isSuperAdmin(deps: RouteDeps, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const viewer = await authenticate(deps, token).catch(() => null);
  return viewer?.role === 'SuperAdmin';
}

/**
 * /api/health: ok or not ok for anyone (load balancers, the browser tests). Where the database is and
 * why it failed is for a SuperAdmin only, and for the server's log: a file path or a host name tells
 * an attacker what to aim at.
 */
export const healthRoutes = [
  serve(healthApi.health, PUBLIC, async (c, deps) => {
    const database: HealthDetails['database'] = { ok: true, url: redactDatabaseUrl(deps.databaseUrl), migrations: 0 };
    try {
      database.migrations = await appliedMigrations(deps.db);
    } catch (err) {
      database.ok = false;
      database.error = err instanceof Error ? err.message : String(err);
      log.error({ err }, 'Health check: the database did not answer');
    }
    const status = database.ok ? 'ok' : 'degraded';
    const body: HealthResponse = (await isSuperAdmin(
      deps,
      accessTokenOf((name) => c.req.header(name)),
    ))
      ? { status, database }
      : { status };
    // Whether GET /dev/outbox answers this caller (its own rule: on, mail to the outbox, loopback).
    if (deps.devOutbox && deps.mailer.outbox && isLoopback(clientIp(c))) body.devOutbox = true;
    return c.json(body, database.ok ? 200 : 503);
  }),
];
