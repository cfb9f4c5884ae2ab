import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers through Hono's own middleware, in three flavours. Every flavour forbids framing
 * (clickjacking: another origin rendering /login's password form) and MIME sniffing, and sends no
 * Referer (reset and verification links carry tokens in their query). A header a handler set
 * itself is kept (`overwrite: false`): the avatar route's sandboxing CSP, say.
 */
const common = (https: boolean) =>
  ({
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    // Browsers ignore HSTS over plain HTTP; sent only where the install is served over HTTPS.
    strictTransportSecurity: https ? 'max-age=15552000; includeSubDomains' : false,
    overwrite: false,
  }) as const;

/** JSON and event streams: nothing in them may load or run anything, or be framed. */
export const apiSecurityHeaders = (https: boolean) =>
  secureHeaders({
    ...common(https),
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
  });

/**
 * The portal, the public pages and the examples: scripts and styles only from this origin, no inline
 * script anywhere. Images may be data: (the favicon) or blob: (the PNG export's preview).
 * Constructable stylesheets, which the SDK's elements adopt into their shadow roots, are not inline
 * styles and need no exception.
 */
export const pageSecurityHeaders = (https: boolean) =>
  secureHeaders({
    ...common(https),
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  });

/**
 * The SDK's bundles: partner pages on other origins load them with <script src>, so they may be
 * read cross-origin (Cross-Origin-Resource-Policy), but are still never sniffed as another type.
 */
export const sdkSecurityHeaders = (https: boolean) =>
  secureHeaders({ ...common(https), crossOriginResourcePolicy: 'cross-origin' });

/**
 * The SDK's files are public code, not anyone's data, and a partner's page loads them from its own
 * origin: a module script (and every chunk it imports) is fetched in CORS mode, so without this header
 * `<script type="module">` from Saldo's origin is blocked. `*` carries no credentials; the API's own
 * CORS (features/embed/cors.ts) stays limited to embed keys' origins.
 */
export const sdkCors = () => cors({ origin: '*', allowMethods: ['GET', 'HEAD'] });

/**
 * The API reference page (/api/docs): Swagger UI's script, stylesheet and icon from this server only,
 * its few data: images (the UI's own icons), and calls to this API from "Try it out". No inline script
 * or style element; the styles the UI sets on elements go through the DOM, which CSP allows.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
