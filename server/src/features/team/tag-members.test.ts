import type { Board, Portfolio, TagMember } from '@saldo/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { user } from '../../db/schema/index.ts';
import { createTestApp, statusAndCode, type TestApp } from '../../test/create-test-app.ts';

/**
 * Roles on tags (issue 29) through the API: a board's owner gives a colleague a role on a tag, and the
 * colleague holds it on every board of the owner's with the tag, those tagged later too, until the tag
 * leaves the board or the role is revoked; another owner's boards with the same tag stay theirs.
 */

const YEAR = 'startDate=2026-01-01&endDate=2026-12-31';
let t: TestApp;
let owner: string;
let colleague: { id: string; token: string };

beforeEach(async () => {
  t = await createTestApp();
  owner = (await t.login()).jwtToken;
  // A colleague: a Viewer of the owner's first board, as an invitation would make them.
  colleague = await t.signUp('kollega@example.no', { member: 'Viewer', name: 'Kari' });
});

const send = (method: string, path: string, token: string, body?: object) =>
  t.request(path, { method, token, ...(body ? { body: JSON.stringify(body) } : {}) });

/** A board of the caller's over the demo source (or none), with these tags. */
async function boardOf(name: string, tags: string[], token = owner, apis = [t.apiAccountId]): Promise<string> {
  const made = await send('POST', '/api/group-account', token, { name, apis });
  expect(made.status).toBe(201);
  const id = ((await made.json()) as Board)._id;
  if (tags.length) await tag(id, tags, token);
  return id;
}

async function tag(id: string, tags: string[], token = owner) {
  const res = await send('PUT', `/api/group-account/${id}/assignment`, token, { tags });
  expect(res.status).toBe(200);
}

const grant = (body: object, token = owner) => send('POST', '/api/team/tag-members', token, body);
const revoke = (tagName: string, userId: string, token = owner) =>
  send('DELETE', `/api/team/tag-members?tag=${encodeURIComponent(tagName)}&userId=${userId}`, token);

/** The board ids the colleague's board list and portfolio show, sorted. */
async function seen(token = colleague.token) {
  const list = (await (await send('GET', '/api/group-account', token)).json()) as Board[];
  const res = await send('GET', `/api/portfolio?${YEAR}`, token);
  expect(res.status).toBe(200);
  const portfolio = (await res.json()) as Portfolio;
  return {
    list: list.map((b) => b._id).sort(),
    portfolio: portfolio.rows.map((r) => r.groupId).sort(),
  };
}

/** The colleague leaves the owner's first board, so only what tags give them is left. */
async function leaveFirstBoard() {
  const res = await send('DELETE', `/api/team/members/${colleague.id}`, owner);
  expect(res.status).toBe(200);
}

describe('a role on a tag', () => {
  it('gives a Viewer exactly the owner’s boards with the tag, their statements, and no edit', async () => {
    const a1 = await boardOf('Klient A1', ['A', 'Bygg']);
    const a2 = await boardOf('Klient A2', ['A']);
    const b1 = await boardOf('Klient B1', ['B']);
    const res = await grant({ tag: 'A', email: 'Kollega@Example.no', role: 'Viewer' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ tag: 'A', userId: colleague.id, role: 'Viewer', boards: 2 });
    await leaveFirstBoard();

    const both = [a1, a2].sort();
    expect(await seen()).toEqual({ list: both, portfolio: both });
    const listed = (await (await send('GET', '/api/group-account', colleague.token)).json()) as Board[];
    expect(listed.map((b) => b.role)).toEqual(['Viewer', 'Viewer']);

    // The same statement as the owner's, to the øre.
    const mine = await send('GET', `/api/profit-loss?groupId=${a1}&${YEAR}`, owner);
    const theirs = await send('GET', `/api/profit-loss?groupId=${a1}&${YEAR}`, colleague.token);
    expect(theirs.status).toBe(200);
    expect(await theirs.json()).toEqual(await mine.json());

    // A Viewer: no rename, no tags, no link, no delete; no board without the tag.
    const rename = await send('PUT', `/api/group-account/${a1}`, colleague.token, { name: 'Nytt navn' });
    expect(await statusAndCode(rename)).toEqual({ status: 403, code: 'BOARD_VIEW_ONLY' });
    const retag = await send('PUT', `/api/group-account/${a1}/assignment`, colleague.token, { tags: [] });
    expect(await statusAndCode(retag)).toEqual({ status: 403, code: 'BOARD_SHARE_NOT_ALLOWED' });
    const del = await send('DELETE', `/api/group-account/${a1}?forced=forced`, colleague.token);
    expect(await statusAndCode(del)).toEqual({ status: 403, code: 'ONLY_OWNER_CAN_DELETE' });
    const other = await send('GET', `/api/profit-loss?groupId=${b1}&${YEAR}`, colleague.token);
    expect(await statusAndCode(other)).toEqual({ status: 404, code: 'BOARD_NOT_FOUND' });
  });

  it('follows the tag: a board tagged later is theirs at once, one untagged is gone', async () => {
    const a1 = await boardOf('Klient A1', ['A']);
    expect((await grant({ tag: 'A', email: 'kollega@example.no', role: 'Viewer' })).status).toBe(201);
    await leaveFirstBoard();
    expect((await seen()).list).toEqual([a1]);

    const later = await boardOf('Klient senere', []);
    expect((await seen()).list).toEqual([a1]);
    await tag(later, ['Annet', 'A']);
    expect(await seen()).toEqual({ list: [a1, later].sort(), portfolio: [a1, later].sort() });
    expect((await send('GET', `/api/profit-loss?groupId=${later}&${YEAR}`, colleague.token)).status).toBe(200);

    await tag(a1, ['Annet']);
    expect(await seen()).toEqual({ list: [later], portfolio: [later] });
    for (const path of [`/api/group-account/${a1}`, `/api/profit-loss?groupId=${a1}&${YEAR}`])
      expect(await statusAndCode(await send('GET', path, colleague.token)), path).toEqual({
        status: 404,
        code: 'BOARD_NOT_FOUND',
      });
  });

  it('ends with its revocation, and is listed to the owner only', async () => {
    const a1 = await boardOf('Klient A1', ['A']);
    await grant({ tag: 'A', email: 'kollega@example.no', role: 'Editor' });
    const listed = (await (await send('GET', '/api/team/tag-members', owner)).json()) as TagMember[];
    expect(listed).toMatchObject([{ tag: 'A', userId: colleague.id, email: 'kollega@example.no', role: 'Editor' }]);
    // The colleague has given nobody anything: they see no grants of the owner's.
    expect(await (await send('GET', '/api/team/tag-members', colleague.token)).json()).toEqual([]);
    // Only the owner revokes (a colleague's own call finds no grant of theirs).
    expect(await statusAndCode(await revoke('A', colleague.id, colleague.token))).toEqual({
      status: 404,
      code: 'TAG_MEMBER_NOT_FOUND',
    });
    await leaveFirstBoard();
    expect((await seen()).list).toEqual([a1]);

    expect((await revoke('A', colleague.id)).status).toBe(200);
    expect(await seen()).toEqual({ list: [], portfolio: [] });
    expect(await (await send('GET', '/api/team/tag-members', owner)).json()).toEqual([]);
    expect(await statusAndCode(await revoke('A', colleague.id))).toEqual({ status: 404, code: 'TAG_MEMBER_NOT_FOUND' });
  });

  it('gives an Editor edits but nothing an owner or Admin keeps: no sharing, inviting or deleting', async () => {
    const a1 = await boardOf('Klient A1', ['A']);
    await grant({ tag: 'A', email: 'kollega@example.no', role: 'Editor' });
    await leaveFirstBoard();
    const rename = await send('PUT', `/api/group-account/${a1}`, colleague.token, { name: 'Klient A1 AS' });
    expect(rename.status).toBe(200);
    const share = await send('POST', `/api/group-account/${a1}/public/share-board`, colleague.token, {
      pages: [{ name: 'profitloss' }],
    });
    expect(await statusAndCode(share)).toEqual({ status: 403, code: 'BOARD_SHARE_NOT_ALLOWED' });
    const invite = await send('POST', '/api/team/invitations', colleague.token, {
      email: 'ny@example.no',
      role: 'Viewer',
      groupIds: [a1],
    });
    expect(await statusAndCode(invite)).toEqual({ status: 403, code: 'BOARD_SHARE_NOT_ALLOWED' });
    const del = await send('DELETE', `/api/group-account/${a1}?forced=forced`, colleague.token);
    expect(await statusAndCode(del)).toEqual({ status: 403, code: 'ONLY_OWNER_CAN_DELETE' });
  });

  it('gives the strongest of a board’s role and a tag’s: a Viewer of a board edits it while its tag makes them Editor', async () => {
    await tag(t.boardId, ['A']);
    await grant({ tag: 'A', email: 'kollega@example.no', role: 'Editor' });
    const rename = () => send('PUT', `/api/group-account/${t.boardId}`, colleague.token, { name: 'Nordlys AS' });
    expect((await rename()).status).toBe(200);
    expect((await revoke('A', colleague.id)).status).toBe(200);
    expect(await statusAndCode(await rename())).toEqual({ status: 403, code: 'BOARD_VIEW_ONLY' });
  });

  it('never reaches another owner’s boards with the same tag', async () => {
    const mine = await boardOf('Klient A1', ['A']);
    const stranger = await t.signUp('annen@example.no', { name: 'Ola' });
    const theirs = await boardOf('Deres A', ['A'], stranger.token, []);
    await grant({ tag: 'A', email: 'kollega@example.no', role: 'Editor' });
    await leaveFirstBoard();
    expect(await seen()).toEqual({ list: [mine], portfolio: [mine] });
    expect(await statusAndCode(await send('GET', `/api/group-account/${theirs}`, colleague.token))).toEqual({
      status: 404,
      code: 'BOARD_NOT_FOUND',
    });
    // The stranger cannot give the colleague anything on the owner's tag (nor find out who has an account).
    const foreign = await grant({ tag: 'A', email: 'kollega@example.no', role: 'Viewer' }, stranger.token);
    expect(await statusAndCode(foreign)).toEqual({ status: 404, code: 'TAG_MEMBER_USER_NOT_FOUND' });
    // Nor revoke the owner's grant.
    expect((await revoke('A', colleague.id, stranger.token)).status).toBe(404);
    expect((await seen()).list).toEqual([mine]);
  });

  it('refuses a bad grant with a clear answer, and changes the role when given again', async () => {
    await boardOf('Klient A1', ['A']);
    const cases: Array<[object, { status: number; code: string }]> = [
      [
        { tag: 'A', email: 'kollega@example.no', role: 'Admin' },
        { status: 400, code: 'VALIDATION_FAILED' },
      ],
      [
        { tag: 'x'.repeat(41), email: 'kollega@example.no', role: 'Viewer' },
        { status: 400, code: 'VALIDATION_FAILED' },
      ],
      [
        { tag: '  ', email: 'kollega@example.no', role: 'Viewer' },
        { status: 400, code: 'VALIDATION_FAILED' },
      ],
      [
        { tag: 'A', email: 'ikke-en-adresse', role: 'Viewer' },
        { status: 400, code: 'VALIDATION_FAILED' },
      ],
      [
        { tag: 'A', email: 'demo@saldo.no', role: 'Viewer' },
        { status: 400, code: 'TAG_MEMBER_SELF' },
      ],
      [
        { tag: 'A', email: 'ukjent@example.no', role: 'Viewer' },
        { status: 404, code: 'TAG_MEMBER_USER_NOT_FOUND' },
      ],
    ];
    for (const [body, want] of cases)
      expect(await statusAndCode(await grant(body)), JSON.stringify(body)).toEqual(want);
    expect(await (await send('GET', '/api/team/tag-members', owner)).json()).toEqual([]);

    await grant({ tag: 'A', email: 'kollega@example.no', role: 'Viewer' });
    const again = await grant({ tag: 'A', email: 'kollega@example.no', role: 'Editor' });
    expect(again.status).toBe(201);
    const listed = (await (await send('GET', '/api/team/tag-members', owner)).json()) as TagMember[];
    expect(listed.map((m) => [m.tag, m.role])).toEqual([['A', 'Editor']]);
  });

  it('makes a colleague with roles on tags only a member of the owner’s firm: no board or source of their own offered', async () => {
    await boardOf('Klient A1', ['A']);
    await grant({ tag: 'A', email: 'kollega@example.no', role: 'Viewer' });
    await leaveFirstBoard();
    const menu = async () => {
      const profile = (await (await send('GET', '/api/profile/me', colleague.token)).json()) as {
        menu: Array<{ name: string; permissions: string[] }>;
      };
      return Object.fromEntries(
        profile.menu.filter((m) => ['GroupAccount', 'ApiAccount'].includes(m.name)).map((m) => [m.name, m.permissions]),
      );
    };
    expect(await menu()).toEqual({ ApiAccount: ['View'], GroupAccount: ['View'] });
    await revoke('A', colleague.id);
    // With nothing left, they are a new user again, whose first board will be theirs.
    expect(await menu()).toEqual({ ApiAccount: ['*'], GroupAccount: ['*'] });
  });

  it('is suspended with the owner: a deactivated owner’s tagged boards are neither listed nor read', async () => {
    const a1 = await boardOf('Klient A1', ['A']);
    await grant({ tag: 'A', email: 'kollega@example.no', role: 'Viewer' });
    await leaveFirstBoard();
    await t.deps.db.update(user).set({ status: 'deactivated' }).where(eq(user.id, t.userId));
    expect((await seen()).list).toEqual([]);
    const read = await send('GET', `/api/profit-loss?groupId=${a1}&${YEAR}`, colleague.token);
    expect(await statusAndCode(read)).toEqual({ status: 403, code: 'BOARD_OWNER_DEACTIVATED' });
  });

  it('records the grant and the revocation in the audit trail of each board with the tag', async () => {
    const a1 = await boardOf('Klient A1', ['A']);
    await grant({ tag: 'A', email: 'kollega@example.no', role: 'Viewer' });
    await revoke('A', colleague.id);
    const res = await send('GET', `/api/audit?groupId=${a1}`, owner);
    expect(res.status).toBe(200);
    const { events } = (await res.json()) as { events: Array<{ action: string; target: Record<string, unknown> }> };
    expect(events.filter((e) => e.action.startsWith('tag_member.'))).toEqual([
      expect.objectContaining({
        action: 'tag_member.revoked',
        target: { userId: colleague.id, email: 'kollega@example.no', tag: 'A', role: 'Viewer' },
      }),
      expect.objectContaining({
        action: 'tag_member.granted',
        target: { userId: colleague.id, email: 'kollega@example.no', tag: 'A', role: 'Viewer' },
      }),
    ]);
  });
});
