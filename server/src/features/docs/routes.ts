import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { helpApi } from '@saldo/contract/api/help';
import { PUBLIC } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { DOCS_CSP } from '../../http/security-headers.ts';
import { serve } from '../../http/serve.ts';

/** swagger-ui-dist's folder, found the way Node finds the package (the server's bundle leaves it external). */
const distDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const version = (JSON.parse(readFileSync(join(distDir, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * Starts Swagger UI on the API's own document. A file of its own, not an inline script, so the page's
 * CSP needs no 'unsafe-inline'. The validator badge is off: it would send the document to a public
 * validator (and the CSP would refuse its image).
 */
const INIT_SCRIPT = `"use strict";
window.ui = SwaggerUIBundle({
  url: "/api${helpApi.openApi.path}",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  docExpansion: "none",
  defaultModelsExpandDepth: 0,
});
`;

const asset = (path: string) => `/api/docs/assets/${path}?v=${version}`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Saldo API reference</title>
<link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}">
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
</head>
<body>
<div id="swagger-ui" data-testid="api-docs"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${asset('init.js')}"></script>
</body>
</html>
`;

/** The files the page loads, and nothing else of the package: a name not listed is a 404. */
const fromPackage = (name: string) => () => new Uint8Array(readFileSync(join(distDir, name)));
const ASSETS: Record<string, { type: string; read: () => Uint8Array<ArrayBuffer> }> = {
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', read: fromPackage('swagger-ui-bundle.js') },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', read: fromPackage('swagger-ui.css') },
  'favicon-32x32.png': { type: 'image/png', read: fromPackage('favicon-32x32.png') },
  'init.js': { type: 'text/javascript; charset=utf-8', read: () => new TextEncoder().encode(INIT_SCRIPT) },
};
const loaded = new Map<string, Uint8Array<ArrayBuffer>>();

/**
 * /api/docs: the API reference, rendered by Swagger UI (swagger-ui-dist, pinned) from /api/openapi.json.
 * Its files are served from this server, since an install may have no internet and the CSP allows
 * scripts from this origin only.
 */
export const docsRoutes = [
  serve(helpApi.openApi, PUBLIC, async (c, deps) => c.json(await deps.openApi(c))),
  // The reference names the Swagger UI it is rendered by (pinned: its files are served from here).
  serve({ ...helpApi.docs, summary: `The API reference: Swagger UI ${version} on /api/openapi.json` }, PUBLIC, (c) =>
    c.html(PAGE, 200, { 'content-security-policy': DOCS_CSP, 'cache-control': 'no-cache' }),
  ),
  serve(helpApi.docsAsset, PUBLIC, (c) => {
    const file = c.req.param('file');
    const entry = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!entry) throw new ApiError('NOT_FOUND');
    let body = loaded.get(file);
    if (body === undefined) {
      body = entry.read();
      loaded.set(file, body);
    }
    return c.body(body, 200, {
      'content-type': entry.type,
      // The page asks for each file with the package's version, so a new version is a new address.
      'cache-control': 'public, max-age=604800, immutable',
    });
  }),
];
