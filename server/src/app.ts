import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { apiNotFound } from './access/route-access.ts';
import { boardReads } from './access-ports.ts';
import type { AppDeps } from './app-deps.ts';
import { withDataNotice } from './features/data-health/routes.ts';
import { withEmbedCors } from './features/embed/cors.ts';
import { withPublicFraming } from './features/embed/framing.ts';
import { MAX_JSON_BODY_BYTES, withBodyLimit } from './http/body-limit.ts';
import { withClientIp } from './http/client-ip.ts';
import type { AppEnv } from './http/env.ts';
import { handleError } from './http/errors.ts';
import { openApiDocument } from './http/openapi.ts';
import { apiSecurityHeaders, pageSecurityHeaders, sdkCors, sdkSecurityHeaders } from './http/security-headers.ts';
import { mountServed, type RouteDeps } from './http/serve.ts';
import { withLedgerSnapshot } from './ledger/snapshot.ts';
import { withRequestLog } from './ops/log.ts';
import { serveMetrics, watchDatabase } from './ops/metrics.ts';
import { databaseFigures } from './ops/metrics-db.ts';
import {
  isEmbeddable,
  noticedElements,
  ownBodyLimits,
  routeResponses,
  servedRoutes,
  withRouteAccess,
} from './served.ts';

const OPENAPI_OPTIONS = {
  documentation: {
    info: { title: 'Saldo API', version: '0.1.0', description: 'Money is integer øre; dates are ISO yyyy-mm-dd.' },
    servers: [{ url: '/api' }],
    components: { securitySchemes: { bearer: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' } } },
  },
};

export type { AppDeps } from './app-deps.ts';

/** The whole HTTP surface. No port here: main.ts serves it, tests call `app.request()`. */
export function createApp(deps: AppDeps) {
  // Exports read each widget's data through the API itself; `app` exists by the time a request comes.
  const fetchApi = async (request: Request) => app.fetch(request);
  const https = deps.baseUrl.startsWith('https:');
  let openApi: Promise<unknown> | undefined;
  const routeDeps: RouteDeps = {
    ...deps,
    fetchApi,
    boards: boardReads(deps),
    // Written once, from the routes mounted by then (all of them, by the time a request comes).
    openApi: (c) => (openApi ??= openApiDocument(api, OPENAPI_OPTIONS, c, routeResponses)),
  };
  const api = new Hono<AppEnv>()
    // Each request reads every source at one ledger version, even when a sync switches it meanwhile.
    .use((_c, next) => withLedgerSnapshot(next))
    .use(apiSecurityHeaders(https))
    // Pages on an embed key's origins may read the elements' data; nothing else is cross-origin.
    .use(withEmbedCors(deps.db, isEmbeddable))
    // An oversized body is refused, never buffered (before anything reads one).
    .use(withBodyLimit(MAX_JSON_BODY_BYTES, ownBodyLimits))
    // Who may call what, for every route in one table, before a handler runs.
    .use(withRouteAccess(deps))
    .use(withDataNotice(deps, noticedElements));
  // Every feature's served routes, in servedRoutes' order (a static path before a parameter's where both could match).
  for (const served of Object.values(servedRoutes)) mountServed(api, served, routeDeps);
  api.all('*', apiNotFound);

  const app = new Hono<AppEnv>();
  app.onError(handleError);
  // First: every line logged while a request runs names it (X-Request-Id), and each request is counted and leaves an access line.
  app.use(withRequestLog);
  app.use(withClientIp(deps.trustedProxies));
  watchDatabase(databaseFigures(deps.db, deps.databaseUrl));
  app.get('/metrics', serveMetrics(deps.metricsToken));
  app.route('/api', api);
  if (deps.sdkDist) {
    app.use(
      '/sdk/*',
      sdkSecurityHeaders(https),
      sdkCors(),
      serveStatic({ root: deps.sdkDist, rewriteRequestPath: (p) => p.slice('/sdk'.length) }),
    );
  }
  if (deps.portalDist) {
    const portalDist = deps.portalDist;
    // A public page may be framed by its board's embed-key origins; every other page never.
    app.use('/public/:view/:id', withPublicFraming(deps));
    app.use('/*', pageSecurityHeaders(https), withWebVttType, serveStatic({ root: portalDist }));
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

/**
 * The welcome video's captions (.vtt): Hono's list of types lacks WebVTT, which it would send as
 * application/octet-stream, and Firefox loads a caption track only as text/vtt.
 */
const withWebVttType = createMiddleware(async (c, next) => {
  await next();
  // Only the file itself, which comes untyped; a missing one is the portal's page and stays HTML.
  if (c.req.path.endsWith('.vtt') && c.res.headers.get('content-type') === 'application/octet-stream')
    c.res.headers.set('content-type', 'text/vtt; charset=utf-8');
});
