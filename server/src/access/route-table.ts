import { type Access, menu, on, PUBLIC, SUPER_ADMIN, USER, write } from './rules.ts';

// The rows of routes not yet declared beside their handler (http/serve.ts); each feature moved over takes its rows with it.

/**
 * Every route of the API, `METHOD path` as its feature registers it (under /api), and who may call it.
 * The `write` rows are what an account whose trial or subscription has ended may no longer do: change
 * boards, sub-boards, widgets, consolidations and API accounts, sync, share or ask the assistant.
 * Reading stays open, and so do the profile, the password, billing, teams, exports and revoking a
 * public link or an embed key (a way to take access back is never locked).
 * access/route-access.ts enforces it before any handler runs; a route missing here is refused (403) and
 * fails the role-matrix test (security/role-matrix.test.ts), whose rows security/route-invariants.test.ts
 * checks against rules written apart from this table.
 */
export const legacyRouteAccess: Readonly<Record<string, Access>> = {
  'GET /openapi.json': PUBLIC,
  // The API reference rendered from it, and the reference's own script, stylesheet and icon.
  'GET /docs': PUBLIC,
  'GET /docs/assets/:file': PUBLIC,
  'GET /dev/outbox': { kind: 'loopback' },

  'GET /assistant/status': USER,
  'POST /assistant/:groupId/ask': write('Dashboard', on('param:groupId', 'view')),
  'GET /assistant/:groupId/questions': menu('Dashboard', on('param:groupId', 'view')),
  'DELETE /assistant/:groupId/questions/:id': write('Dashboard', on('param:groupId', 'edit')),

  // Help: feedback and bug reports go to the install's address, whatever the caller's plan.
  'GET /feedback/status': USER,
  'POST /feedback': USER,
};
