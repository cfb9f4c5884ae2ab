import type { TagMember, TagMemberGrant } from '@saldo/contract';
import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { board } from '../../test/fixtures';
import { $, $$, click, freshScreen, renderRoutes, settle, typeInto } from '../../test/render';
import { ownTags } from './tag-roles';
import { TeamPage } from './team-page';

const BOARDS = [
  board({ name: 'Nordlys Energiteknikk AS', tags: ['Bygg', 'Årsoppgjør'] }),
  board({ _id: 'b2', name: 'Fjord Regnskap AS', tags: ['Bygg', 'Agder'] }),
  board({ _id: 'b3', name: 'Delt med meg', role: 'Viewer', tags: ['Fremmed'] }),
];

const GRANT: TagMember = {
  tag: 'Bygg',
  userId: 'u2',
  name: 'Kari Klient',
  email: 'kari@klient.no',
  role: 'Viewer',
  addedAt: '2026-11-20T09:00:00.000Z',
  boards: 2,
};

freshScreen();

describe('roles on tags', () => {
  it('offers the tags of the user’s own boards only, each once, in order', () => {
    expect(ownTags(BOARDS)).toEqual(['Agder', 'Bygg', 'Årsoppgjør']);
  });

  it('gives a role on a tag, shows a refusal in words, lists the roles and revokes one', async () => {
    let grants: TagMember[] = [];
    const calls = stubFetch((call) => {
      if (call.url === '/api/group-account') return json(200, BOARDS);
      if (call.url === '/api/team/members') return json(200, []);
      if (call.url === '/api/team/invitations') return json(200, []);
      if (call.url === '/api/team/tag-members' && call.method === 'GET') return json(200, grants);
      if (call.url === '/api/team/tag-members' && call.method === 'POST') {
        const body = call.body as TagMemberGrant;
        if (body.email !== 'kari@klient.no') return json(404, { code: 'TAG_MEMBER_USER_NOT_FOUND', message: 'Nobody' });
        grants = [{ ...GRANT, tag: body.tag, role: body.role }];
        return json(201, grants[0]);
      }
      if (call.method === 'DELETE' && call.url.startsWith('/api/team/tag-members?')) {
        grants = [];
        return json(200, { isDeleted: true });
      }
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    });
    renderRoutes([{ path: '/profile-settings/team', element: <TeamPage /> }], '/profile-settings/team');
    await settle();
    expect($('[data-testid=tag-roles-empty]')?.textContent).toBe('No one has a role on your tags yet.');
    const options = $$('[data-testid=tag-roles-tag] option').map((o) => o.textContent);
    expect(options).toEqual(['Agder', 'Bygg', 'Årsoppgjør']);

    const form = $('[data-testid=tag-roles-form]')!;
    const choose = (testId: string, value: string) =>
      act(() => {
        fireEvent.change($(`[data-testid=${testId}]`)!, { target: { value } });
      });
    await choose('tag-roles-tag', 'Bygg');
    await choose('tag-roles-role', 'Editor');
    typeInto($('[data-testid=tag-roles-email]'), 'ukjent');
    await act(async () => fireEvent.submit(form));
    expect($('[data-testid=tag-roles-error]')?.textContent).toBe('Enter a valid email');
    typeInto($('[data-testid=tag-roles-email]'), 'ola@firma.no');
    await act(async () => fireEvent.submit(form));
    await settle();
    expect($('[data-testid=tag-roles-error]')?.textContent).toBe(
      'Nobody on your boards has this e-mail address: invite them to a board first',
    );

    typeInto($('[data-testid=tag-roles-email]'), ' kari@klient.no ');
    await act(async () => fireEvent.submit(form));
    await settle();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      tag: 'Bygg',
      email: 'kari@klient.no',
      role: 'Editor',
    });
    expect($('[data-testid=tag-roles-error]')).toBeNull();
    const rows = $$('[data-testid=tag-role]');
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent))).toEqual([
      ['Bygg', 'Kari Klientkari@klient.no', 'Editor', '2 boards'],
    ]);

    await click(rows[0]!.querySelector('[data-testid=tag-role-revoke]'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/team/tag-members?tag=Bygg&userId=u2')).toBe(true);
    expect($('[data-testid=tag-roles-empty]')).not.toBeNull();
  });

  it.each([
    ['says how to get tags when the user’s boards have none', [board({ tags: [] })], true],
    ['is not shown to one who owns no board (only an owner gives roles on tags)', [BOARDS[2]!], false],
  ])('%s', async (_, boards, shown) => {
    stubFetch((call) => {
      if (call.url === '/api/group-account') return json(200, boards);
      if (call.url.startsWith('/api/team/')) return json(200, []);
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    });
    renderRoutes([{ path: '/profile-settings/team', element: <TeamPage /> }], '/profile-settings/team');
    await settle();
    expect(!!$('[data-testid=tag-roles]')).toBe(shown);
    if (shown) expect($('[data-testid=tag-roles-no-tags]')?.textContent).toContain('Your boards have no tags yet.');
    expect($('[data-testid=tag-roles-form]')).toBeNull();
  });
});
