import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { apiNotFound, isEmbeddable, withRouteAccess } from './access/route-access.ts';
import { withLedgerSnapshot } from './db/live-ledger.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { apiAccountRoutes } from './features/api-accounts/routes.ts';
import { assistantRoutes } from './features/assistant/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { boardRoutes } from './features/boards/routes.ts';
import { budgetRoutes } from './features/budgets/routes.ts';
import { consolidationRoutes } from './features/consolidation/routes.ts';
import { dataHealthRoutes, withDataNotice } from './features/data-health/routes.ts';
import { devRoutes } from './features/dev/routes.ts';
import { docsRoutes } from './features/docs/routes.ts';
import { withEmbedCors } from './features/embed/cors.ts';
import { withPublicFraming } from './features/embed/framing.ts';
import { embedRoutes } from './features/embed/routes.ts';
import { exportRoutes } from './features/exports/routes.ts';
import { feedbackRoutes } from './features/feedback/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { sharingRoutes } from './features/sharing/routes.ts';
import { syncRoutes } from './features/sync/routes.ts';
import { teamRoutes } from './features/team/routes.ts';
import { widgetRoutes } from './features/widgets/routes.ts';
import { MAX_JSON_BODY_BYTES, withBodyLimit } from './http/body-limit.ts';
import type { AppDeps, AppEnv } from './http/env.ts';
import { handleError } from './http/errors.ts';
import { openApiDocument } from './http/openapi.ts';
import { apiSecurityHeaders, pageSecurityHeaders, sdkCors, sdkSecurityHeaders } from './http/security-headers.ts';

const OPENAPI_OPTIONS = {
  documentation: {
    info: { title: 'Saldo API', version: '0.1.0', description: 'Money is integer øre; dates are ISO yyyy-mm-dd.' },
    servers: [{ url: '/api' }],
    components: { securitySchemes: { bearer: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' } } },
  },
};

/** Uploads that stream to disk and bound their own size: a SAF-T file (a new source's, or a source's next file) and the avatar. */
const OWN_BODY_LIMITS = ['/api/api-account/saft', /^\/api\/api-account\/[^/]+\/saft$/, '/api/profile/avatar'];

export type { AppDeps } from './http/env.ts';

/** The whole HTTP surface. No port here: main.ts serves it, tests call `app.request()`. */
export function createApp(deps: AppDeps) {
  // Exports read each widget's data through the API itself; `app` exists by the time a request comes.
  const fetchApi = async (request: Request) => app.fetch(request);
  const https = deps.baseUrl.startsWith('https:');
  const api = new Hono<AppEnv>()
    // Each request reads every source at one ledger version, even when a sync switches it meanwhile.
    .use((_c, next) => withLedgerSnapshot(next))
    .use(apiSecurityHeaders(https))
    // Pages on an embed key's origins may read the elements' data; nothing else is cross-origin.
    .use(withEmbedCors(deps.db, isEmbeddable))
    // An oversized body is refused, never buffered (before anything reads one).
    .use(withBodyLimit(MAX_JSON_BODY_BYTES, OWN_BODY_LIMITS))
    // Who may call what, for every route in one table, before a handler runs.
    .use(withRouteAccess(deps))
    .use(withDataNotice(deps))
    .route('/', healthRoutes(deps))
    .route('/', authRoutes(deps))
    .route('/', profileRoutes(deps))
    .route('/', boardRoutes(deps))
    .route('/', widgetRoutes(deps))
    .route('/', budgetRoutes(deps))
    .route('/', reportRoutes(deps))
    .route('/', dataHealthRoutes(deps))
    .route('/', consolidationRoutes(deps))
    .route('/', apiAccountRoutes(deps))
    .route('/', syncRoutes(deps))
    .route('/', sharingRoutes(deps))
    .route('/', embedRoutes(deps))
    .route('/', teamRoutes(deps))
    .route('/', billingRoutes(deps))
    .route('/', adminRoutes(deps))
    .route('/', exportRoutes(deps, fetchApi))
    .route('/', assistantRoutes(deps, fetchApi))
    .route('/', feedbackRoutes(deps))
    .route('/', docsRoutes())
    .route('/', devRoutes(deps));

  let openApi: Awaited<ReturnType<typeof openApiDocument>> | undefined;
  api.get('/openapi.json', async (c) => {
    openApi ??= await openApiDocument(api, OPENAPI_OPTIONS, c);
    return c.json(openApi);
  });
  api.all('*', apiNotFound);

  const app = new Hono<AppEnv>();
  app.onError(handleError);
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
