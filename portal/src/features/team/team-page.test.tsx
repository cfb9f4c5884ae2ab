import type { Invitation, TeamMember } from '@saldo/contract';
import { act, fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { board } from '../../test/fixtures';
import { $, $$, click, freshScreen, renderRoutes, settle, typeInto } from '../../test/render';
import { TeamPage } from './team-page';

const BOARDS = [board({ name: 'Nordlys Energiteknikk AS' }), board({ _id: 'b2', name: 'Fjord Regnskap AS' })];

const MEMBERS: TeamMember[] = [
  {
    userId: 'u2',
    firstName: 'Kari',
    lastName: 'Klient',
    email: 'kari@klient.no',
    boards: [
      { _id: 'b1', name: 'Nordlys Energiteknikk AS', role: 'Viewer' },
      { _id: 'b2', name: 'Fjord Regnskap AS', role: 'Editor' },
    ],
  },
  {
    userId: 'u3',
    firstName: 'Ola',
    lastName: 'Revisor',
    email: 'ola@firma.no',
    boards: [{ _id: 'b2', name: 'Fjord Regnskap AS', role: 'Admin' }],
  },
];

const invitation = (over: Partial<Invitation>): Invitation => ({
  _id: 'i1',
  email: 'per@klient.no',
  role: 'Viewer',
  boards: [{ _id: 'b1', name: 'Nordlys Energiteknikk AS' }],
  tag: null,
  state: 'sent',
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-11-27T09:00:00.000Z',
  confirmedAt: null,
  ...over,
});

const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');

freshScreen();

describe('TeamPage', () => {
  it('lists the members with their role on each board, and the invitations with their state', async () => {
    let invitations = [
      invitation({}),
      invitation({ _id: 'i2', email: 'gammel@klient.no', role: 'Editor', state: 'expired' }),
      invitation({
        _id: 'i3',
        email: 'ny@klient.no',
        role: 'Admin',
        boards: [
          { _id: 'b1', name: 'Nordlys Energiteknikk AS' },
          { _id: 'b2', name: 'Fjord Regnskap AS' },
        ],
        state: 'confirmed',
        confirmedAt: '2026-11-21T10:00:00.000Z',
      }),
    ];
    const calls = stubFetch((call) => {
      if (call.url === '/api/group-account') return json(200, BOARDS);
      if (call.url === '/api/team/members') return json(200, MEMBERS);
      if (call.url === '/api/team/invitations') return json(200, invitations);
      if (call.method === 'DELETE' && call.url === '/api/team/invitations/i1') {
        invitations = invitations.filter((i) => i._id !== 'i1');
        return json(200, { isDeleted: true });
      }
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    });
    renderRoutes([{ path: '/profile-settings/team', element: <TeamPage /> }], '/profile-settings/team');
    await settle();

    const members = $$('[data-testid=team-member]');
    expect(members.map((m) => m.getAttribute('data-email'))).toEqual(['kari@klient.no', 'ola@firma.no']);
    expect(cells(members[0]!).slice(0, 3)).toEqual([
      'Kari Klient',
      'kari@klient.no',
      'Nordlys Energiteknikk AS ViewerFjord Regnskap AS Editor',
    ]);
    expect(cells(members[1]!)[2]).toBe('Fjord Regnskap AS Admin');

    const rows = $$('[data-testid=team-invitation]');
    expect(rows.map((r) => [r.getAttribute('data-email'), r.getAttribute('data-state')])).toEqual([
      ['per@klient.no', 'sent'],
      ['gammel@klient.no', 'expired'],
      ['ny@klient.no', 'confirmed'],
    ]);
    expect(cells(rows[0]!).slice(0, 3)).toEqual(['per@klient.no', 'Viewer', 'Nordlys Energiteknikk AS']);
    expect(rows[0]!.querySelector('.chip')?.textContent).toBe('Sent');
    expect(rows[1]!.querySelector('.chip')?.textContent).toBe('Expired');
    expect(cells(rows[2]!).slice(1, 3)).toEqual(['Admin', 'Nordlys Energiteknikk AS, Fjord Regnskap AS']);
    // Pending invitations can be sent again or revoked; a confirmed one cannot.
    expect(rows.map((r) => !!r.querySelector('[data-testid=team-invitation-resend]'))).toEqual([true, true, false]);
    expect(rows.map((r) => !!r.querySelector('[data-testid=team-invitation-revoke]'))).toEqual([true, true, false]);

    await click(rows[0]!.querySelector('[data-testid=team-invitation-revoke]'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/team/invitations/i1')).toBe(true);
    expect($('[data-testid=notification]')?.textContent).toContain('The invitation is revoked');
    expect($$('[data-testid=team-invitation]').map((r) => r.getAttribute('data-email'))).toEqual([
      'gammel@klient.no',
      'ny@klient.no',
    ]);
  });

  it('says who is removed and that it is from every board of the remover, then removes them', async () => {
    const calls = stubFetch((call) => {
      if (call.url === '/api/group-account') return json(200, BOARDS);
      if (call.url === '/api/team/members') return json(200, MEMBERS);
      if (call.url === '/api/team/invitations') return json(200, []);
      if (call.method === 'DELETE') return json(200, { isDeleted: true });
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    });
    renderRoutes([{ path: '/profile-settings/team', element: <TeamPage /> }], '/profile-settings/team');
    await settle();
    expect($('[data-testid=team-invitations]')).toBeNull();
    await click($('[data-testid=team-member] [data-testid=team-member-remove]'));
    expect($('[data-testid=team-remove-dialog]')?.textContent).toContain(
      'Kari Klient leaves every board you own or administer at once, even if it is their last.',
    );
    await click($('[data-testid=confirm-ok]'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/team/members/u2']);
  });

  it('invites to a tag instead of boards: Viewer or Editor, the request names the tag, and the invitation lists it', async () => {
    let invitations: Invitation[] = [];
    const calls = stubFetch((call) => {
      if (call.url === '/api/group-account')
        return json(200, [
          board({ name: 'Nordlys Energiteknikk AS', tags: ['Bygg'] }),
          board({ _id: 'b2', name: 'Fjord Regnskap AS', tags: ['Agder', 'Bygg'] }),
        ]);
      if (call.url === '/api/team/invitations' && call.method === 'POST') {
        invitations = [invitation({ _id: 'i9', email: 'ny@klient.no', role: 'Editor', boards: [], tag: 'Bygg' })];
        return json(201, invitations[0]);
      }
      if (call.url === '/api/team/invitations') return json(200, invitations);
      if (call.url.startsWith('/api/team/')) return json(200, []);
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    });
    renderRoutes([{ path: '/profile-settings/team', element: <TeamPage /> }], '/profile-settings/team');
    await settle();
    await click($('[data-testid=team-invite]'));
    expect($('[data-testid=invite-modal]')?.textContent).toContain('Invite to boards or a tag');
    const roles = () => $$('[data-testid^=invite-role-]').map((r) => r.getAttribute('data-testid')!.slice(12));
    // To boards first, with every role; to a tag, the boards give way to the tag and Admin to Editor.
    expect(roles()).toEqual(['Viewer', 'Editor', 'Admin']);
    await click($('[data-testid=invite-role-Admin]'));
    await click($('[data-testid=invite-to-tag]'));
    expect(roles()).toEqual(['Viewer', 'Editor']);
    expect($<HTMLInputElement>('[data-testid=invite-role-Editor]')?.checked).toBe(true);
    expect($('[data-testid=invite-board]')).toBeNull();
    expect($$('[data-testid=invite-tag] option').map((o) => o.textContent)).toEqual(['Agder', 'Bygg']);
    act(() => {
      fireEvent.change($('[data-testid=invite-tag]')!, { target: { value: 'Bygg' } });
    });
    typeInto($('[data-testid=invite-email]'), 'ny@klient.no');
    await act(async () => fireEvent.submit($('[data-testid=invite-form]')!));
    await settle();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      email: 'ny@klient.no',
      role: 'Editor',
      tag: 'Bygg',
    });
    const [row] = $$('[data-testid=team-invitation]');
    expect(cells(row!).slice(0, 3)).toEqual(['ny@klient.no', 'Editor', 'Tag Bygg']);
    expect(row!.querySelector('[data-testid=team-invitation-tag]')?.textContent).toBe('Bygg');
  });
});
