import { describe, expect, it } from 'vitest';
import type { BoardNeed } from '../access/board-rights.ts';
import { routeAccess } from '../served.ts';

/**
 * The role matrix (role-matrix.test.ts) expects what the route table says, so a wrong row there would
 * be enforced and expected alike. These rules are written apart from the table, from the spec's roles
 * (SPEC §6) and the routes' paths, and every row must keep them: a row that lets a Viewer write, an
 * Editor share, or an Admin delete a board fails here.
 */

const RANK: Readonly<Record<BoardNeed, number>> = { view: 0, edit: 1, share: 2, owner: 3 };

/** The routes anyone may call without a login, by hand: signing in, public links, health, the plans, Stripe. */
const PUBLIC_ROUTES = new Set([
  'GET /health',
  'GET /openapi.json',
  // The API reference page and Swagger UI's files: the same document as openapi.json, as a page.
  'GET /docs',
  'GET /docs/assets/:file',
  'POST /auth/signup',
  'POST /auth/login',
  'POST /auth/logout',
  'POST /auth/refresh-token',
  'POST /auth/password/request-reset',
  'PATCH /auth/password/reset',
  'PATCH /auth/account/verify',
  'POST /auth/account/send/verification-email',
  'GET /profile/avatar/:file',
  'GET /public-share/board/:boardId',
  // The logo of a public link's firm, for the link's page (an <img> sends no header).
  'GET /public-share/board/:boardId/logo',
  // The read-only link mailed with a sent report pack: that snapshot's PDF alone, until it expires (issue 30).
  'GET /public/pack-snapshots/:secret',
  'GET /public/pack-snapshots/:secret/info',
  'GET /team/invitations/preview',
  'GET /billing/plans',
  'POST /billing/webhook',
]);

/** Board data read through the board named in the query or the `x-board-id` header. */
const READS_A_BOARD =
  /^GET \/(profit-loss|balance-sheet|cashflow|postings|observations$|alerts\/events$|widgets\/(?!configurations$))/;

/** Calls whose board is in their body or belongs to a thing in their path, by hand. */
const BOARD_ELSEWHERE = new Set([
  'POST /sync-board',
  'POST /public-share/url/send-email',
  'DELETE /public-share/board/:boardId',
  'POST /team/invitations',
  'DELETE /team/invitations/:id',
  'POST /team/invitations/:id/resend',
  'PATCH /team/members/:userId',
  'DELETE /team/members/:userId',
  // The audit trail: a board's in the query (its owner's and Admins'), every board's to a SuperAdmin.
  'GET /audit',
  // Undoing a template's apply names its board in the body; applying checks each board itself (templates/routes.ts).
  'POST /templates/undo',
  // The firm's profile: the firm of the board in the query, or without one the caller's own (issue 30).
  'GET /firm',
  'PUT /firm',
  'GET /firm/logo',
  'PUT /firm/logo',
  'DELETE /firm/logo',
]);

/** Whether a route touches a board, from its method and path alone. */
function touchesBoard(key: string): boolean {
  return (
    /:groupId\b/.test(key) ||
    /^\w+ \/group-account\/:id(\/assignment)?$/.test(key) ||
    READS_A_BOARD.test(key) ||
    BOARD_ELSEWHERE.has(key)
  );
}

/** Giving others access, or taking it back: public links, e-mailing them, embed keys, invitations, members. */
function isSharing(key: string): boolean {
  return (
    (/\/public\/(share-board|links)$|\/embed-keys\b|^\w+ \/public-share\/(board\/:boardId|url\/send-email)$/.test(
      key,
    ) &&
      key !== 'GET /public-share/board/:boardId') ||
    (/^(POST|PATCH|DELETE) \/team\/(invitations|members)\b/.test(key) && !key.endsWith('/accept')) ||
    // Mailing a report pack with a public link to its snapshot (issue 30).
    key === 'POST /report-packs/:groupId/:packId/send'
  );
}

/** The right a route must need on its board, or null when these rules set none beyond "touches a board". */
function requiredNeed(key: string): { need: BoardNeed; exactly: boolean } | null {
  if (key === 'DELETE /group-account/:id') return { need: 'owner', exactly: true };
  if (isSharing(key)) return { need: 'share', exactly: true };
  // Who shared what, and with whom: those who may share the board (issue 31).
  if (key === 'GET /audit') return { need: 'share', exactly: true };
  // Who answers for a company in the firm (its tags, its responsible accountant): the owner and Admins, as sharing.
  if (key === 'PUT /group-account/:id/assignment') return { need: 'share', exactly: true };
  // The firm's name on its mails and links: changed by those who manage its team, the owner and Admins.
  if (/^(PUT|DELETE) \/firm\b/.test(key)) return { need: 'share', exactly: true };
  // Exports and the assistant read what the caller may view, though they are POSTs.
  if (key === 'POST /exports/:groupId' || key === 'POST /assistant/:groupId/ask')
    return { need: 'view', exactly: true };
  // A report pack's preview reads the pack for a period (its body): what a Viewer may see (issue 30).
  if (key === 'POST /report-packs/:groupId/:packId/preview') return { need: 'view', exactly: true };
  if (!key.startsWith('GET ')) return { need: 'edit', exactly: false };
  return { need: 'view', exactly: false };
}

const rows = Object.entries(routeAccess);

describe('every row of the route table keeps the roles of the spec', () => {
  it('knows each row it checks', () => {
    expect(rows.length).toBeGreaterThan(80);
  });

  it('needs a right on the board of every route that touches one, and on no other', () => {
    const wrong: string[] = [];
    for (const [key, access] of rows) {
      const rule = access.kind === 'menu' || access.kind === 'viewer' ? access.board : undefined;
      if (touchesBoard(key) !== !!rule)
        wrong.push(`${key}: touches a board ${touchesBoard(key)}, has a board rule ${!!rule}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a Viewer only read, an Editor not share, and only the owner delete a board', () => {
    const wrong: string[] = [];
    for (const [key, access] of rows) {
      const rule = access.kind === 'menu' || access.kind === 'viewer' ? access.board : undefined;
      if (!rule) continue;
      const want = requiredNeed(key)!;
      const ok = want.exactly ? rule.need === want.need : RANK[rule.need] >= RANK[want.need];
      if (!ok) wrong.push(`${key}: needs ${rule.need}, must need ${want.exactly ? '' : 'at least '}${want.need}`);
    }
    expect(wrong).toEqual([]);
  });

  it("leaves a board's API accounts to its owner, and syncing to those who edit", () => {
    const put = routeAccess['PUT /group-account/:id'];
    expect(put?.kind === 'menu' && put.board?.also).toMatchObject({ bodyField: 'apis', need: 'owner' });
    const sync = routeAccess['POST /sync-board'];
    expect(sync).toMatchObject({ kind: 'menu', menu: 'SyncBoard', permission: 'Sync', board: { need: 'edit' } });
  });

  it('opens to the public only the hand-listed routes, and to links and embed tokens only reads', () => {
    expect(
      rows
        .filter(([, a]) => a.kind === 'public')
        .map(([key]) => key)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES].sort());
    const viewerRows = rows.filter(([, a]) => a.kind === 'viewer').map(([key]) => key);
    expect(viewerRows.length).toBeGreaterThan(10);
    expect(viewerRows.filter((key) => !READS_A_BOARD.test(key))).toEqual([]);
  });

  it('keeps the SuperAdmin area to SuperAdmins, and it only', () => {
    for (const [key, access] of rows) expect(access.kind === 'role', key).toBe(/^\w+ \/admin\//.test(key));
  });

  it('refuses every write to a board once its plan has ended, except taking access back and reading', () => {
    // Revoking a link or an embed key, exports, a report pack's preview, and teams stay open (docs/security.md).
    const open =
      /^DELETE \/public-share\/|^DELETE \/group-account\/:groupId\/embed-keys\/|^POST \/exports\/|^POST \/report-packs\/.*\/preview$|\/team\//;
    const wrong = rows
      .filter(([key]) => touchesBoard(key) && !key.startsWith('GET ') && !open.test(key))
      .filter(([, a]) => !(a.kind === 'menu' && a.write))
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });
});
