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

  'POST /group-account/:groupId/public/share-board': write('GroupAccount', on('param:groupId', 'share')),
  'GET /group-account/:groupId/public/links': menu('GroupAccount', on('param:groupId', 'share')),
  // Revoking is never locked by the plan: a way to take access back stays open.
  'DELETE /public-share/board/:boardId': menu('GroupAccount', on('link:boardId', 'share')),
  'POST /public-share/url/send-email': write('GroupAccount', on('query:groupId', 'share')),
  'GET /public-share/board/:boardId': PUBLIC,
  'POST /group-account/:groupId/embed-keys': write('GroupAccount', on('param:groupId', 'share')),
  'GET /group-account/:groupId/embed-keys': menu('GroupAccount', on('param:groupId', 'share')),
  'DELETE /group-account/:groupId/embed-keys/:id': menu('GroupAccount', on('param:groupId', 'share')),

  // API accounts are their owner's own: no board, and every query is by owner.
  'GET /api-account': menu('ApiAccount'),
  'POST /api-account': write('ApiAccount'),
  'POST /api-account/saft': write('ApiAccount'),
  'POST /api-account/integration': write('ApiAccount'),
  // A first run's one click: a demo API account and a board over it (the board is the caller's own).
  'POST /api-account/demo': write('ApiAccount'),
  'GET /api-account/:id': menu('ApiAccount'),
  'PUT /api-account/:id': write('ApiAccount'),
  'DELETE /api-account/:id': write('ApiAccount'),
  // A SAF-T source's files: next month's file on the same source, its list, and removing one (as editing it).
  'POST /api-account/:id/saft': write('ApiAccount'),
  'GET /api-account/:id/saft-files': menu('ApiAccount'),
  'DELETE /api-account/:id/saft-files/:fileId': write('ApiAccount'),
  'POST /sync-board': write('SyncBoard', on('body:groupId', 'edit'), 'Sync'),
  // Progress of API accounts on boards the user can see (the handler filters).
  'GET /sync-board/progress': { kind: 'user', ticket: true },
  'POST /sync-board/progress/ticket': USER,

  // Exports and the assistant read what the caller may view.
  'POST /exports/:groupId': menu('Dashboard', on('param:groupId', 'view')),
  'GET /assistant/status': USER,
  'POST /assistant/:groupId/ask': write('Dashboard', on('param:groupId', 'view')),
  'GET /assistant/:groupId/questions': menu('Dashboard', on('param:groupId', 'view')),
  'DELETE /assistant/:groupId/questions/:id': write('Dashboard', on('param:groupId', 'edit')),

  // Help: feedback and bug reports go to the install's address, whatever the caller's plan.
  'GET /feedback/status': USER,
  'POST /feedback': USER,

  // Teams: inviting to boards and managing their members is sharing them. The lists hold only what the
  // caller manages (their handlers filter); accepting needs the link's token and the invited address.
  'POST /team/invitations': menu('GroupAccount', on('body:groupIds', 'share')),
  'GET /team/invitations': menu('GroupAccount'),
  'DELETE /team/invitations/:id': menu('GroupAccount', on('invitation:id', 'share')),
  'POST /team/invitations/:id/resend': menu('GroupAccount', on('invitation:id', 'share')),
  'GET /team/invitations/preview': PUBLIC,
  'POST /team/invitations/accept': USER,
  'GET /team/members': menu('GroupAccount'),
  'PATCH /team/members/:userId': menu('GroupAccount', on('body:groupIds', 'share')),
  'DELETE /team/members/:userId': menu('GroupAccount', on('member:userId', 'share')),

  // Billing: every account reaches its own, read-only or not (that is how it subscribes again).
  // The webhook has no session: Stripe's signature on its body is checked in the handler.
  'GET /billing/plans': PUBLIC,
  'GET /billing/subscription': USER,
  'POST /billing/checkout': USER,
  'POST /billing/change-plan': USER,
  'POST /billing/cancel': USER,
  'POST /billing/reactivate': USER,
  'GET /billing/invoices': USER,
  'POST /billing/webhook': PUBLIC,

  'GET /admin/summary': SUPER_ADMIN,
  'GET /admin/users': SUPER_ADMIN,
  'PATCH /admin/users/:id/status': SUPER_ADMIN,
  'PATCH /admin/users/:id/plan': SUPER_ADMIN,
  'GET /admin/registrations': SUPER_ADMIN,
  'GET /admin/companies': SUPER_ADMIN,
  'GET /admin/companies/:id': SUPER_ADMIN,
};
