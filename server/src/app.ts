import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { openAPIRouteHandler } from 'hono-openapi';
import { redactDatabaseUrl } from './config.ts';
import type { HealthResponse } from './contract.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { apiAccountRoutes } from './features/api-accounts/routes.ts';
import { assistantRoutes } from './features/assistant/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { boardRoutes } from './features/boards/routes.ts';
import { consolidationRoutes } from './features/consolidation/routes.ts';
import { devRoutes } from './features/dev/routes.ts';
import { exportRoutes } from './features/exports/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { sharingRoutes } from './features/sharing/routes.ts';
import { syncRoutes } from './features/sync/routes.ts';
import { widgetRoutes } from './features/widgets/routes.ts';
import type { AppDeps, AppEnv } from './http/env.ts';
import { errorBody, handleError } from './http/errors.ts';

export type { AppDeps } from './http/env.ts';

/** The whole HTTP surface. No port here: main.ts serves it, tests call `app.request()`. */
export function createApp(deps: AppDeps) {
  // Exports read each widget's data through the API itself; `app` exists by the time a request comes.
  const fetchApi = async (request: Request) => app.fetch(request);
  const api = new Hono<AppEnv>()
    .get('/health', async (c) => {
      const body: HealthResponse = {
        status: 'ok',
        database: { ok: true, url: redactDatabaseUrl(deps.databaseUrl), migrations: 0 },
      };
      try {
        const [row] = await deps.db.all<{ n: number }>(sql`select count(*) as n from __drizzle_migrations`);
        body.database.migrations = Number(row?.n ?? 0);
      } catch (err) {
        body.status = 'degraded';
        body.database.ok = false;
        body.database.error = err instanceof Error ? err.message : String(err);
      }
      return c.json(body, body.status === 'ok' ? 200 : 503);
    })
    .route('/', authRoutes(deps))
    .route('/', profileRoutes(deps))
    .route('/', boardRoutes(deps))
    .route('/', widgetRoutes(deps))
    .route('/', reportRoutes(deps))
    .route('/', consolidationRoutes(deps))
    .route('/', apiAccountRoutes(deps))
    .route('/', syncRoutes(deps))
    .route('/', sharingRoutes(deps))
    .route('/', adminRoutes(deps))
    .route('/', exportRoutes(deps, fetchApi))
    .route('/', assistantRoutes(deps, fetchApi))
    .route('/', devRoutes(deps));

  api.get(
    '/openapi.json',
    openAPIRouteHandler(api, {
      documentation: {
        info: { title: 'Saldo API', version: '0.1.0', description: 'Money is integer øre; dates are ISO yyyy-mm-dd.' },
        servers: [{ url: '/api' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
    }),
  );
  api.all('*', (c) => c.json(errorBody('NOT_FOUND'), 404));

  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.route('/api', api);
  if (deps.sdkDist)
    app.use('/sdk/*', serveStatic({ root: deps.sdkDist, rewriteRequestPath: (p) => p.slice('/sdk'.length) }));
  if (deps.examplesDir) {
    app.use(
      '/examples/*',
      serveStatic({ root: deps.examplesDir, rewriteRequestPath: (p) => p.slice('/examples'.length) }),
    );
  }
  if (deps.portalDist) {
    const portalDist = deps.portalDist;
    app.use('/*', serveStatic({ root: portalDist }));
    // SPA fallback: any other GET that wants HTML gets the portal's index.html.
    app.get('*', (c) => {
      const index = join(portalDist, 'index.html');
      if (!existsSync(index)) return c.text('The portal is not built yet: run `npm run build`.', 503);
      return c.html(readFileSync(index, 'utf8'));
    });
  }
  return app;
}

export type AppType = ReturnType<typeof createApp>;
