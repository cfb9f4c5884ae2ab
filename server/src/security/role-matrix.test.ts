import { randomUUID } from 'node:crypto';
import type { BoardRole } from '@saldo/contract';
import { BUDGET_WIDGET_LINES } from '@saldo/contract/budgets/budgets';
import { type ErrorCode, errors } from '@saldo/contract/errors/errors';
import { kpiIds } from '@saldo/contract/kpis/kpis';
import { type WidgetDefinition, widgetRegistry } from '@saldo/contract/widgets/registry';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { roleAllows, SHORT_OF } from '../access/board-rights.ts';
import { can } from '../access/menu.ts';
import { apiNotFound, routeKeyOfRoute } from '../access/route-access.ts';
import { type Access, BOARD_SOURCES, type BoardFrom } from '../access/rules.ts';
import {
  boardApiAccount,
  boardMember,
  board as boardTable,
  invitation,
  reportPack,
  tagMember,
  user,
} from '../db/schema/index.ts';
import { variantDefault } from '../features/widgets/request.ts';
import type { AppEnv } from '../http/env.ts';
import { handleError } from '../http/errors.ts';
import { routeAccess, withRouteAccess } from '../served.ts';
import { createTestApp, statusAndCode, type TestApp } from '../test/create-test-app.ts';
import { FIRM_PROFILE } from '../test/firm.ts';

/**
 * The role matrix: every route the server registers, called as the board's owner, an Admin, an Editor
 * and a Viewer of it, an Editor and a Viewer by a role on a tag the board carries, a user of another board, a SuperAdmin, a deactivated member, nobody, and a public
 * link's visitor. Each answer is checked against the one table in the repo (served.ts routeAccess, from each route's rule) and the
 * roles' rights (features/boards/access.ts); a route missing from the table fails the first test.
 * A route whose board is named by its body, an invitation, a member or a link is called with a real one
 * (FIXTURES), and must then succeed where it is allowed: a 400 for a made-up body cannot pass for it. An
 * invitation to the board's tag names no board: only the owner gets through to it (FIXTURES' ownerOnly).
 */

/** The answers that mean "not you": anything else means the caller got past the access checks. */
const DENIED = new Set([
  'UNAUTHORIZED',
  'FORBIDDEN',
  'SESSION_ENDED',
  'TOKEN_EXPIRED',
  'ACCOUNT_DEACTIVATED',
  'SHARE_NOT_ALLOWED',
  'BOARD_NOT_FOUND',
  ...Object.values(SHORT_OF),
]);

interface Caller {
  name: string;
  token?: string;
  /** The caller's role on the test board, null for none. */
  role: BoardRole | null;
  userRole?: 'User' | 'SuperAdmin';
  deactivated?: boolean;
}

let t: TestApp;
let board: string;
let shareId: string;
let ownerToken: string;
/** A Viewer of the board whom the member routes change and remove (put back before each call). */
let target: string;
const callers: Caller[] = [];
const SHARED_CUSTOM_ID = 'shared-custom-widget';

beforeAll(async () => {
  t = await createTestApp();
  board = t.boardId;
  const owner = await t.login();
  ownerToken = owner.jwtToken;
  callers.push({ name: 'owner', token: owner.jwtToken, role: 'owner' });
  for (const role of ['Admin', 'Editor', 'Viewer'] as const) {
    const member = await t.signUp(`${role.toLowerCase()}@example.no`, { member: role });
    callers.push({ name: role, token: member.token, role });
  }
  // The same roles given by a tag the board carries (issue 29): each must get exactly what the board's role gets.
  await t.deps.db
    .update(boardTable)
    .set({ tags: ['Matrix'] })
    .where(eq(boardTable.id, board));
  for (const role of ['Editor', 'Viewer'] as const) {
    const member = await t.signUp(`tag-${role.toLowerCase()}@example.no`);
    await t.deps.db
      .insert(tagMember)
      .values({ ownerId: t.userId, tag: 'Matrix', userId: member.id, role, addedAt: new Date() });
    callers.push({ name: `${role} by a tag`, token: member.token, role });
  }
  const outsider = await t.signUp('other-board@example.no');
  await t.request('/api/group-account', {
    method: 'POST',
    token: outsider.token,
    body: JSON.stringify({ name: 'Their own board', apis: [] }),
  });
  callers.push({ name: 'member of another board', token: outsider.token, role: null });
  const admin = await t.signUp('super@example.no', { role: 'SuperAdmin' });
  callers.push({ name: 'SuperAdmin', token: admin.token, role: null, userRole: 'SuperAdmin' });
  const gone = await t.signUp('deactivated@example.no', { member: 'Viewer' });
  await t.deps.db.update(user).set({ status: 'deactivated' }).where(eq(user.id, gone.id));
  callers.push({ name: 'deactivated', token: gone.token, role: 'Viewer', deactivated: true });
  callers.push({ name: 'nobody', role: null });
  target = (await t.signUp('team-target@example.no')).id;

  const share = await t.request(`/api/group-account/${board}/public/share-board`, {
    method: 'POST',
    token: owner.jwtToken,
    body: JSON.stringify({
      widgets: [
        { id: 'turnover', widget: 'turnover', x: 0, y: 0, width: 6, height: 4 },
        { id: SHARED_CUSTOM_ID, widget: 'custom', x: 6, y: 0, width: 6, height: 4 },
      ],
      pages: [{ name: 'profitloss' }],
    }),
  });
  shareId = (await share.json()).boardId;
});

const PARTNER = 'https://partner.example';
const HALF = { startDate: '2025-01-01', endDate: '2025-06-30' };
const HALF_QUERY = `startDate=${HALF.startDate}&endDate=${HALF.endDate}`;
const YEAR_QUERY = 'startDate=2025-01-01&endDate=2025-12-31';

/** One thing a link or a token may share: its name in the matrix, the link's widget or page, the token's element. */
interface Instance {
  name: string;
  widget?: { id: string; widget: string };
  page?: string;
  /** As an embed token names it; none for a page (a token names the element). */
  element: string | null;
}

/** A choice of a type with a variant other than its default. */
const otherChoice = (variant: NonNullable<WidgetDefinition['variant']>) =>
  (variant === 'kpi' ? kpiIds : BUDGET_WIDGET_LINES).find((c) => c !== variantDefault(variant))!;

/**
 * Every instance a link or token can share, from the route table's viewer rows and the registry: each
 * widget type (a type with a variant by its default choice, another choice, and the plain type, which is
 * its default), each statement as a board widget and as a page, and one real custom widget.
 */
function instancesOf(customId: string): Instance[] {
  const out = new Map<string, Instance>();
  for (const access of Object.values(routeAccess)) {
    if (access.kind !== 'viewer') continue;
    const scope = access.share;
    if ('page' in scope) {
      out.set(scope.element, {
        name: scope.element,
        widget: { id: scope.element, widget: scope.element },
        element: scope.element,
      });
      out.set(`page:${scope.page}`, { name: `page:${scope.page}`, page: scope.page, element: null });
    } else if ('widget' in scope) {
      const w: WidgetDefinition = widgetRegistry[scope.widget as keyof typeof widgetRegistry];
      out.set(scope.widget, {
        name: scope.widget,
        widget: { id: scope.widget, widget: scope.widget },
        element: scope.widget,
      });
      if (w.variant)
        for (const choice of [variantDefault(w.variant), otherChoice(w.variant)]) {
          const name = `${scope.widget}:${choice}`;
          out.set(name, { name, widget: { id: name, widget: scope.widget }, element: name });
        }
    } else {
      const name = `custom-widget:${customId}`;
      out.set(name, { name, widget: { id: customId, widget: 'custom' }, element: name });
    }
  }
  return [...out.values()];
}

/** A viewer call and the instances that grant it. */
interface Ask {
  path: string;
  query: string;
  grants: string[];
}

/** Every viewer row called for each instance it could belong to (a type with a variant: no choice, its default, another). */
function asksOf(customId: string): Ask[] {
  const asks: Ask[] = [];
  for (const [key, access] of Object.entries(routeAccess)) {
    if (access.kind !== 'viewer') continue;
    const path = key.slice('GET '.length).replace(':groupId', board).replace(':id', customId);
    const scope = access.share;
    if ('page' in scope) asks.push({ path, query: '', grants: [scope.element, `page:${scope.page}`] });
    else if ('widget' in scope) {
      const w: WidgetDefinition = widgetRegistry[scope.widget as keyof typeof widgetRegistry];
      if (!w.variant) asks.push({ path, query: '', grants: [scope.widget] });
      else {
        const byDefault = [`${scope.widget}:${variantDefault(w.variant)}`, scope.widget];
        asks.push({ path, query: '', grants: byDefault });
        asks.push({ path, query: `&${w.variant}=${variantDefault(w.variant)}`, grants: byDefault });
        const other = otherChoice(w.variant);
        asks.push({ path, query: `&${w.variant}=${other}`, grants: [`${scope.widget}:${other}`] });
      }
    } else asks.push({ path, query: '', grants: [`custom-widget:${customId}`] });
  }
  return asks;
}

/** The figures of another period an answer carries (by their names in the contract's schemas), none when null. */
function compared(body: unknown, at = ''): string[] {
  if (!body || typeof body !== 'object') return [];
  return Object.entries(body).flatMap(([name, value]) => {
    const here = `${at}${name}`;
    const named = ['comparison', 'previousTotal', 'compareAmount', 'compareShown', 'change', 'changePercent'];
    if (named.includes(name) && value !== null && value !== undefined) return [here];
    return compared(value, `${here}.`);
  });
}

/** A public link of the board sharing these instances (in `view`), by its owner. */
async function shareOf(
  instances: Instance[],
  extra: { view?: 'single' | 'comparison'; lockedPeriod?: typeof HALF } = {},
): Promise<string> {
  const res = await t.request(`/api/group-account/${board}/public/share-board`, {
    method: 'POST',
    token: ownerToken,
    body: JSON.stringify({
      widgets: instances.flatMap((i) =>
        i.widget ? [{ ...i.widget, x: 0, y: 0, width: 6, height: 4, view: extra.view ?? 'single' }] : [],
      ),
      pages: instances.flatMap((i) => (i.page ? [{ name: i.page }] : [])),
      ...(extra.lockedPeriod ? { lockedPeriod: extra.lockedPeriod } : {}),
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).boardId;
}

let customWidgetId: string | undefined;
/** A custom widget of the board (a ratio), made once by its owner. */
async function realCustomWidget(): Promise<string> {
  if (customWidgetId) return customWidgetId;
  const res = await t.request(`/api/widgets/${board}/custom/create`, {
    method: 'POST',
    token: ownerToken,
    body: JSON.stringify({
      name: 'Egenkapitalandel',
      type: 'ratio',
      dividend: { line: 'equity' },
      divisor: { line: 'totalAssets' },
    }),
  });
  expect(res.status).toBe(201);
  customWidgetId = (await res.json())._id as string;
  return customWidgetId;
}

let partnerKey: { _id: string; secret: string } | undefined;
/** An embed key of the board for the partner's origin, made once by its owner. */
async function embedKeyOf(): Promise<{ _id: string; secret: string }> {
  if (partnerKey) return partnerKey;
  const res = await t.request(`/api/group-account/${board}/embed-keys`, {
    method: 'POST',
    token: ownerToken,
    body: JSON.stringify({ name: 'Matrix partner', origins: [PARTNER] }),
  });
  expect(res.status).toBe(201);
  partnerKey = await res.json();
  return partnerKey!;
}

/** An embed token for these elements and locked parameters, as a partner's backend signs it. */
function embedToken(key: { _id: string; secret: string }, elements: string[], params: Record<string, string>) {
  return new SignJWT({ board, elements, params })
    .setProtectedHeader({ alg: 'HS256', kid: key._id })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(key.secret));
}

/** The API's routes as `METHOD path` (without /api), from the app itself, as enforcement keys them. */
function registeredRoutes(app: { routes: Hono['routes'] } = t.app): string[] {
  const keys = app.routes.map(routeKeyOfRoute).filter((key) => key !== null);
  return [...new Set(keys)].sort();
}

/** What one call sends beyond the generic: path parameters and a body. */
interface Prepared {
  params?: Record<string, string>;
  body?: Record<string, unknown>;
  /**
   * The call names no board but a thing of the board's owner alone (an invitation to their tag, issue 29):
   * the owner gets through, and every other caller the route lets in gets this answer from its handler.
   */
  ownerOnly?: ErrorCode;
}

let invited = 0;
/** A pending invitation to the board (or to its tag) from its owner, straight into the database (no mail). */
async function pendingInvitation(to: 'board' | 'tag' = 'board'): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await t.deps.db.insert(invitation).values({
    id,
    email: `pending-${++invited}@example.no`,
    role: 'Viewer',
    boardIds: to === 'board' ? [board] : [],
    tag: to === 'tag' ? 'Matrix' : null,
    invitedBy: t.userId,
    lang: 'nor',
    tokenHash: randomUUID(),
    createdAt: new Date(now),
    expiresAt: new Date(now + 86_400_000),
  });
  return id;
}

/** A new public link of the board, made by its owner; its secret names it. */
async function publicLink(): Promise<string> {
  const res = await t.request(`/api/group-account/${board}/public/share-board`, {
    method: 'POST',
    token: ownerToken,
    body: JSON.stringify({ pages: [{ name: 'profitloss' }] }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).boardId;
}

/** The target is a Viewer of the board again, whatever the previous call did. */
async function targetOnBoard(): Promise<string> {
  await t.deps.db
    .insert(boardMember)
    .values({ boardId: board, userId: target, role: 'Viewer', addedAt: new Date() })
    .onConflictDoNothing();
  return target;
}

let sharedPack: string | undefined;
/** A report pack of the board, straight into the database: a new one each call, or the one shared by the reads. */
async function reportPackOf(shared: boolean): Promise<string> {
  if (shared && sharedPack) return sharedPack;
  const id = randomUUID();
  const now = new Date();
  await t.deps.db.insert(reportPack).values({
    id,
    boardId: board,
    name: 'Matrix pack',
    language: 'nor',
    sections: [{ kind: 'commentary', text: 'Driftsinntekter: {{line:revenue}}', compare: 'lastYear' }],
    createdBy: t.userId,
    createdAt: now,
    updatedAt: now,
  });
  if (shared) sharedPack = id;
  return id;
}

/** A new report pack with a schedule, saved by the owner through the API. */
async function scheduledPackOf(): Promise<string> {
  const packId = await reportPackOf(false);
  const res = await t.request(`/api/report-packs/${board}/${packId}/schedule`, {
    method: 'PUT',
    token: ownerToken,
    body: JSON.stringify({ rule: 'when-booked', recipients: ['styret@example.no'] }),
  });
  expect(res.status).toBe(200);
  return packId;
}

let sentPack: { packId: string; snapshotId: string } | undefined;
/** A snapshot of the shared pack, sent once by the owner through the API. */
async function packSnapshot(): Promise<{ packId: string; snapshotId: string }> {
  if (sentPack) return sentPack;
  const packId = await reportPackOf(true);
  const res = await t.request(`/api/report-packs/${board}/${packId}/send`, {
    method: 'POST',
    token: ownerToken,
    body: JSON.stringify({ startDate: '2026-01-01', endDate: '2026-03-31', recipients: ['styret@example.no'] }),
  });
  expect(res.status).toBe(201);
  sentPack = { packId, snapshotId: (await res.json())._id };
  return sentPack;
}

/**
 * Real calls for the routes whose board the generic call cannot name (their body, or a thing in their
 * path), one per case, made fresh before every call so each caller meets the same state.
 */
const FIXTURES: Record<string, Array<() => Promise<Prepared>>> = {
  'POST /team/invitations': [
    async () => ({ body: { email: `invitee-${++invited}@example.no`, role: 'Viewer', groupIds: [board] } }),
    // To the board's tag: its owner's alone.
    async () => ({
      body: { email: `invitee-${++invited}@example.no`, role: 'Viewer', tag: 'Matrix' },
      ownerOnly: 'INVITATION_TAG_NOT_FOUND',
    }),
  ],
  'DELETE /team/invitations/:id': [
    async () => ({ params: { id: await pendingInvitation() } }),
    async () => ({ params: { id: await pendingInvitation('tag') }, ownerOnly: 'INVITATION_NOT_FOUND' }),
  ],
  'POST /team/invitations/:id/resend': [
    async () => ({ params: { id: await pendingInvitation() } }),
    async () => ({ params: { id: await pendingInvitation('tag') }, ownerOnly: 'INVITATION_NOT_FOUND' }),
  ],
  'PATCH /team/members/:userId': [
    async () => ({ params: { userId: await targetOnBoard() }, body: { role: 'Viewer', groupIds: [board] } }),
  ],
  'DELETE /team/members/:userId': [async () => ({ params: { userId: await targetOnBoard() } })],
  'DELETE /public-share/board/:boardId': [async () => ({ params: { boardId: await publicLink() } })],
  // Report packs (issue 30): real packs, so a call that is allowed must succeed (a Viewer lists and previews).
  'GET /report-packs/:groupId': [async () => ({})],
  'POST /report-packs/:groupId': [async () => ({ body: { name: 'Matrix pack' } })],
  'GET /report-packs/:groupId/:packId': [async () => ({ params: { packId: await reportPackOf(true) } })],
  'PUT /report-packs/:groupId/:packId': [
    async () => ({ params: { packId: await reportPackOf(true) }, body: { name: 'Matrix pack' } }),
  ],
  'DELETE /report-packs/:groupId/:packId': [async () => ({ params: { packId: await reportPackOf(false) } })],
  'POST /report-packs/:groupId/:packId/preview': [
    async () => ({
      params: { packId: await reportPackOf(true) },
      body: { startDate: '2026-01-01', endDate: '2026-03-31' },
    }),
  ],
  // Sending needs the share right; a real pack is rendered and mailed (to the test outbox) where allowed.
  'POST /report-packs/:groupId/:packId/send': [
    async () => ({
      params: { packId: await reportPackOf(true) },
      body: { startDate: '2026-01-01', endDate: '2026-03-31', recipients: ['styret@example.no'] },
    }),
  ],
  'GET /report-packs/:groupId/:packId/snapshots': [async () => ({ params: { packId: await reportPackOf(true) } })],
  'GET /report-packs/:groupId/:packId/schedule': [async () => ({ params: { packId: await reportPackOf(true) } })],
  'PUT /report-packs/:groupId/:packId/schedule': [
    async () => ({
      params: { packId: await reportPackOf(true) },
      body: { rule: 'monthly', day: 5, recipients: ['styret@example.no'], message: 'Hei' },
    }),
  ],
  // A pack of its own with a schedule each call, so an allowed call has one to stop.
  'DELETE /report-packs/:groupId/:packId/schedule': [async () => ({ params: { packId: await scheduledPackOf() } })],
  'GET /report-packs/:groupId/:packId/deliveries': [async () => ({ params: { packId: await reportPackOf(true) } })],
  'GET /report-packs/:groupId/:packId/snapshots/:snapshotId': [async () => ({ params: await packSnapshot() })],
  'GET /report-packs/:groupId/:packId/snapshots/:snapshotId/changes': [async () => ({ params: await packSnapshot() })],
  // A real profile of the board's firm (issue 30): where the row allows it, it is saved.
  'PUT /firm': [async () => ({ body: FIRM_PROFILE })],
  // Renaming needs edit; setting the API accounts (to the ones it has) needs the owner.
  'PUT /group-account/:id': [
    async () => ({ body: { name: 'Nordlys Energiteknikk AS' } }),
    async () => {
      const apis = await t.deps.db
        .select({ id: boardApiAccount.apiAccountId })
        .from(boardApiAccount)
        .where(eq(boardApiAccount.boardId, board));
      return { body: { apis: apis.map((a) => a.id) } };
    },
  ],
};

/** The board sources the generic call names (the path, the query, the header-less range, `{groupId}`). */
const GENERIC_SOURCES: readonly BoardFrom[] = ['param:id', 'param:groupId', 'query:groupId', 'range', 'body:groupId'];

/**
 * A concrete call: the board's parameters are the test board (in the path, the query and the body);
 * every other parameter names nothing, so no handler changes data it should not, unless a fixture
 * gives real ones.
 */
async function call(
  key: string,
  headers: Record<string, string>,
  prepared: Prepared = {},
): Promise<{ status: number; code?: string }> {
  const method = key.slice(0, key.indexOf(' '));
  const path = key.slice(key.indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => {
    if (prepared.params?.[name]) return encodeURIComponent(prepared.params[name]);
    if (name === 'groupId' || (name === 'id' && key.includes('/group-account/:id'))) return board;
    if (name === 'id' && key.includes('/custom/')) return SHARED_CUSTOM_ID;
    return `no-such-${name}`;
  });
  const res = await t.request(`/api${path}?groupId=${board}`, {
    method,
    headers: { ...headers, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(method === 'GET' ? {} : { body: JSON.stringify(prepared.body ?? { groupId: board }) }),
  });
  return statusAndCode(res);
}

const refusal = (code: ErrorCode) => ({ status: errors[code].status, code });

/** What a caller must get from a route, by its row alone: 'pass', or the refusal's status and code. */
function expected(access: Access, caller: Caller, prepared: Prepared = {}): 'pass' | { status: number; code: string } {
  if (access.kind === 'public' || access.kind === 'loopback') return 'pass';
  if (!caller.token) return { status: 401, code: 'UNAUTHORIZED' };
  if (caller.deactivated) return { status: 403, code: 'ACCOUNT_DEACTIVATED' };
  const userRole = caller.userRole ?? 'User';
  if (access.kind === 'user') return 'pass';
  if (access.kind === 'role') return userRole === access.role ? 'pass' : { status: 403, code: 'FORBIDDEN' };
  const permission = access.kind === 'viewer' ? 'View' : access.permission;
  if (!can(userRole, access.menu, permission)) return { status: 403, code: 'FORBIDDEN' };
  if (prepared.ownerOnly) return caller.role === 'owner' ? 'pass' : refusal(prepared.ownerOnly);
  if (!access.board) return 'pass';
  if (!caller.role) return refusal(BOARD_SOURCES[access.board.from].unknown);
  if (!roleAllows(caller.role, access.board.need)) return refusal(SHORT_OF[access.board.need]);
  const also = access.board.also;
  if (also && prepared.body?.[also.bodyField] !== undefined && !roleAllows(caller.role, also.need))
    return refusal(also.refusal);
  return 'pass';
}

describe('the route table (one row per route, nothing allowed by default)', () => {
  it('has a row for every route the API registers, and no row for a route that does not exist', () => {
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(80);
    expect(
      routes.filter((r) => !(r in routeAccess)),
      'routes without a row in access/route-table.ts',
    ).toEqual([]);
    expect(
      Object.keys(routeAccess).filter((r) => !routes.includes(r)),
      'rows without a route',
    ).toEqual([]);
  });

  it('calls with a real body or thing every route whose board the generic call cannot name', () => {
    const needFixture = Object.entries(routeAccess).filter(
      ([, a]) =>
        a.kind !== 'public' && 'board' in a && a.board && (!GENERIC_SOURCES.includes(a.board.from) || a.board.also),
    );
    expect(needFixture.length).toBeGreaterThanOrEqual(7);
    expect(needFixture.map(([key]) => key).filter((key) => !FIXTURES[key])).toEqual([]);
  });

  it('answers every caller on every route as the table and the roles say', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const caller of callers) {
      for (const [key, access] of Object.entries(routeAccess)) {
        for (const prepare of FIXTURES[key] ?? [async (): Promise<Prepared> => ({})]) {
          const prepared = await prepare();
          const answer = await call(key, caller.token ? { authorization: `Bearer ${caller.token}` } : {}, prepared);
          const want = expected(access, caller, prepared);
          const ok =
            want === 'pass'
              ? // A fixture's call is a real one: allowed, it succeeds.
                FIXTURES[key]
                ? answer.status < 300
                : !DENIED.has(answer.code ?? '') && answer.status < 500
              : answer.status === want.status && answer.code === want.code;
          checked++;
          if (!ok)
            wrong.push(
              `${caller.name} ${key} ${JSON.stringify(prepared.body ?? '')}: got ${answer.status} ${answer.code}, want ${JSON.stringify(want)}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(callers.length * Object.keys(routeAccess).length);
  });

  it("refuses an Editor and a Viewer every team change, revoking a link and the firm's profile, and lets an Admin make them", async () => {
    // The matrix above, spelled out for the calls an audit found checked only in their handlers.
    const answers: Record<string, Record<string, string>> = {};
    for (const caller of callers.filter((c) => ['Admin', 'Editor', 'Viewer'].includes(c.name))) {
      for (const key of Object.keys(FIXTURES).filter(
        (k) => k.includes('/team/') || k.includes('/public-share/') || k === 'PUT /firm',
      )) {
        const answer = await call(key, { authorization: `Bearer ${caller.token}` }, await FIXTURES[key]![0]!());
        answers[key] = { ...answers[key], [caller.name]: `${answer.status}${answer.code ? ` ${answer.code}` : ''}` };
      }
    }
    for (const [key, byCaller] of Object.entries(answers)) {
      expect(byCaller.Admin, key).toMatch(/^20[01]$/);
      expect(byCaller.Editor, key).toBe('403 BOARD_SHARE_NOT_ALLOWED');
      expect(byCaller.Viewer, key).toBe('403 BOARD_SHARE_NOT_ALLOWED');
    }
    expect(Object.keys(answers).sort()).toEqual([
      'DELETE /public-share/board/:boardId',
      'DELETE /team/invitations/:id',
      'DELETE /team/members/:userId',
      'PATCH /team/members/:userId',
      'POST /team/invitations',
      'POST /team/invitations/:id/resend',
      'PUT /firm',
    ]);
  });

  it('lets a public link read only what it shares, and nothing else', async () => {
    for (const [key, access] of Object.entries(routeAccess)) {
      const answer = await call(key, { 'x-public-board-id': shareId });
      const shared =
        access.kind === 'public' ||
        access.kind === 'loopback' ||
        (access.kind === 'viewer' &&
          ('page' in access.share
            ? access.share.page === 'profitloss'
            : 'widget' in access.share
              ? access.share.widget === 'turnover'
              : true));
      if (shared) expect(DENIED.has(answer.code ?? ''), key).toBe(false);
      else expect([401, 403], key).toContain(answer.status);
    }
    // Only reads: no viewer row is anything but a GET.
    const viewerRows = Object.entries(routeAccess).filter(([, a]) => a.kind === 'viewer');
    expect(viewerRows.every(([key]) => key.startsWith('GET '))).toBe(true);
  });

  it('lets a public link or an embed token read exactly the widget instance or page it shares, with no comparison it did not share', async () => {
    const wrong: string[] = [];
    const counts = { granted: 0, refused: 0 };
    const customId = await realCustomWidget();
    const key = await embedKeyOf();
    const instances = instancesOf(customId);
    // Every shared type is in it, a KPI and a budget line by two choices each, and each statement twice.
    expect(instances.length).toBeGreaterThanOrEqual(20);
    for (const instance of instances) {
      const link = await shareOf([instance], { lockedPeriod: HALF });
      const token = instance.element ? await embedToken(key, [instance.element], HALF) : null;
      for (const ask of asksOf(customId)) {
        const granted = ask.grants.includes(instance.name);
        const viewers: Array<[who: 'link' | 'token', headers: Record<string, string>]> = [
          ['link', { 'x-public-board-id': link }],
          ...(token
            ? [['token', { authorization: `Bearer ${token}`, origin: PARTNER }] as ['token', Record<string, string>]]
            : []),
        ];
        for (const [who, headers] of viewers) {
          counts[granted ? 'granted' : 'refused']++;
          const res = await t.request(`/api${ask.path}?${HALF_QUERY}${ask.query}`, { headers });
          const body = (await res.json()) as Record<string, unknown>;
          const what = `${who} sharing ${instance.name}: GET ${ask.path}?${ask.query}`;
          const refusal = who === 'link' ? 'SHARE_NOT_ALLOWED' : 'EMBED_NOT_ALLOWED';
          if (!granted && (res.status !== 403 || body.code !== refusal))
            wrong.push(`${what}: got ${res.status} ${body.code}, want 403 ${refusal}`);
          if (granted && res.status !== 200) wrong.push(`${what}: got ${res.status} ${body.code}, want 200`);
          if (granted && res.status === 200 && compared(body).length)
            wrong.push(`${what}: answered ${compared(body).join(', ')} of another period`);
          // Asking for a comparison itself is refused: the period is locked and nothing else shared.
          if (granted) {
            const again = await t.request(`/api${ask.path}?${HALF_QUERY}${ask.query}&compare=previous`, { headers });
            if (again.status !== 403) wrong.push(`${what}&compare=previous: got ${again.status}, want 403`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // Each instance answers its own calls (a type's default choice also without naming it) and refuses the rest.
    expect(counts.granted).toBeGreaterThanOrEqual(2 * instances.length);
    expect(counts.refused).toBeGreaterThan(20 * instances.length);
  });

  it('gives a comparison only to an instance shared in its comparison view on a link with no locked period, or a token that locks it', async () => {
    const customId = await realCustomWidget();
    const key = await embedKeyOf();
    const byName = new Map(instancesOf(customId).map((i) => [i.name, i]));
    const ebitda: Instance = {
      name: 'kpi:ebitda-margin',
      widget: { id: 'kpi:ebitda-margin', widget: 'kpi' },
      element: 'kpi:ebitda-margin',
    };
    const cases: Array<[instance: Instance, path: string, query: string]> = [
      [ebitda, '/widgets/kpi', '&kpi=ebitda-margin'],
      [byName.get('turnover')!, '/widgets/turnover', ''],
      [byName.get('top-customers')!, '/widgets/top-ten/customers', '&compare=previous'],
      [byName.get(`custom-widget:${customId}`)!, `/widgets/${board}/custom/${customId}`, '&compare=lastYear'],
    ];
    for (const [instance, path, query] of cases) {
      const name = instance.name;
      const single = await shareOf([instance]);
      const comparing = await shareOf([instance], { view: 'comparison' });
      const lockedComparing = await shareOf([instance], { view: 'comparison', lockedPeriod: HALF });
      const read = async (headers: Record<string, string>, period = YEAR_QUERY) => {
        const res = await t.request(`/api${path}?${period}${query}`, { headers });
        return { status: res.status, compared: compared(await res.json()) };
      };
      const asks = query.includes('compare=');
      const shown = await read({ 'x-public-board-id': comparing });
      expect(shown.status, `${name} in its comparison view`).toBe(200);
      expect(shown.compared, `${name} in its comparison view`).not.toEqual([]);
      if (asks) expect((await read({ 'x-public-board-id': single })).status, `${name} single`).toBe(403);
      else expect(await read({ 'x-public-board-id': single }), `${name} single`).toEqual({ status: 200, compared: [] });
      const locked = await read({ 'x-public-board-id': lockedComparing }, HALF_QUERY);
      if (asks) expect(locked.status, `${name} locked`).toBe(403);
      else expect(locked, `${name} locked`).toEqual({ status: 200, compared: [] });
      // A token: a locked period compares with nothing unless the token locks the comparison too.
      const element = { authorization: '', origin: PARTNER };
      const noCompare = await embedToken(key, [instance.element!], HALF);
      element.authorization = `Bearer ${noCompare}`;
      const tokenLocked = await read(element, HALF_QUERY);
      if (asks) expect(tokenLocked.status, `${name} token`).toBe(403);
      else expect(tokenLocked, `${name} token`).toEqual({ status: 200, compared: [] });
      const compare = query.match(/compare=(\w+)/)?.[1] ?? 'lastYear';
      element.authorization = `Bearer ${await embedToken(key, [instance.element!], { ...HALF, compare })}`;
      const withCompare = await t.request(`/api${path}?${HALF_QUERY}${query}${asks ? '' : `&compare=${compare}`}`, {
        headers: element,
      });
      expect(withCompare.status, `${name} token locking compare`).toBe(200);
      expect(compared(await withCompare.json()), `${name} token locking compare`).not.toEqual([]);
    }
  });

  it('refuses a route that was added without a row, whoever calls it', async () => {
    const api = new Hono<AppEnv>()
      .use(withRouteAccess(t.deps))
      .get('/health', (c) => c.json({ ok: true }))
      .get('/group-account/:id/secrets', (c) => c.json({ leaked: true }));
    const app = new Hono().onError(handleError).route('/api', api);
    expect((await app.request('/api/health')).status).toBe(200);
    for (const caller of callers) {
      const headers: Record<string, string> = caller.token ? { authorization: `Bearer ${caller.token}` } : {};
      const res = await app.request(`/api/group-account/${board}/secrets`, { headers });
      expect(res.status, caller.name).toBe(403);
      expect(await res.json()).toEqual({ code: 'FORBIDDEN', message: 'You do not have access to this resource' });
    }
  });

  it('lists a route for every method (.all) as a route needing its row, and refuses it without one', async () => {
    const api = new Hono<AppEnv>()
      .use(withRouteAccess(t.deps))
      .get('/health', (c) => c.json({ ok: true }))
      .all('/group-account/:id/anything', (c) => c.json({ leaked: true }));
    api.all('*', apiNotFound);
    const app = new Hono().onError(handleError).route('/api', api);
    // The completeness test above would fail: the route is listed, and has no row.
    expect(registeredRoutes(app)).toEqual(['ALL /group-account/:id/anything', 'GET /health']);
    expect(routeAccess['ALL /group-account/:id/anything']).toBeUndefined();
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await app.request(`/api/group-account/${board}/anything`, {
        method,
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(res.status, method).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('FORBIDDEN');
    }
    // Middleware and the not-found answer are no routes: an unknown path is still a plain 404.
    expect((await app.request('/api/no-such-route')).status).toBe(404);
    expect((await app.request('/api/health')).status).toBe(200);
  });
});
