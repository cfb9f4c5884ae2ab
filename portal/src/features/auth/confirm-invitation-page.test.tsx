import type { InvitationPreview, LoginResponse } from '@saldo/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { saveLogin } from '../../lib/auth-storage';
import { i18n } from '../../lib/i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { $, freshScreen, renderRoutes, settle, text } from '../../test/render';
import { ConfirmInvitationPage } from './confirm-invitation-page';

const PREVIEW: InvitationPreview = {
  email: 'kari@klient.no',
  role: 'Viewer',
  boards: [{ _id: 'b1', name: 'Nordlys Energiteknikk AS' }],
  tag: null,
  state: 'sent',
  invitedBy: 'Demo Bruker',
  userExists: true,
  lang: 'nor',
};

async function open(preview: InvitationPreview) {
  const calls = stubFetch((call) => {
    if (call.url.startsWith('/api/team/invitations/preview?token=')) return json(200, preview);
    if (call.url === '/api/auth/logout') return json(200, { isLoggedOut: true });
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  renderRoutes(
    [
      { path: '/confirm-invitation', element: <ConfirmInvitationPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    '/confirm-invitation?token=the-token',
  );
  await settle();
  return calls;
}

function signInAs(email: string) {
  saveLogin({
    jwtToken: 'jwt',
    refreshToken: 'refresh',
    firstName: 'Demo',
    lastName: 'Bruker',
    email,
    companyName: null,
    phoneNumber: null,
    isVerified: true,
    role: { name: 'User' },
    menu: [],
    isFirstLoggedIn: false,
    id: 'u1',
  } satisfies LoginResponse);
}

freshScreen();

describe('ConfirmInvitationPage', () => {
  it('says "User & group does not match" to someone signed in as another address, and signs them out', async () => {
    signInAs('demo@saldo.no');
    const calls = await open(PREVIEW);
    expect(calls[0]?.url).toBe('/api/team/invitations/preview?token=the-token');
    expect(text('[data-testid=invitation-summary]')).toBe(
      'Demo Bruker has invited you to Nordlys Energiteknikk AS as viewer.',
    );
    expect(text('[data-testid=invitation-mismatch]')).toBe('User & group does not match');
    expect(text('[data-testid=confirm-invitation]')).toContain(
      'The invitation is for kari@klient.no, but you are signed in as demo@saldo.no. Log out, then open the link again.',
    );
    // Nothing is accepted for the wrong user.
    expect($('[data-testid=invitation-accept]')).toBeNull();

    await act(async () => {
      [...document.querySelectorAll('button')].find((b) => b.textContent === 'Log out')!.click();
    });
    await settle();
    expect(calls.some((c) => c.url === '/api/auth/logout' && c.method === 'POST')).toBe(true);
    expect(localStorage.getItem('jwtToken')).toBeNull();
    // Signed out, the existing address is asked to log in and come back to the link.
    expect($('[data-testid=invitation-mismatch]')).toBeNull();
    expect($('[data-testid=invitation-login]')?.getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/confirm-invitation?token=the-token')}`,
    );
  });

  it('offers the invited address to accept, however its case is written, with no mismatch', async () => {
    signInAs('Kari@Klient.no');
    await open(PREVIEW);
    expect($('[data-testid=invitation-mismatch]')).toBeNull();
    expect($('[data-testid=invitation-accept]')?.textContent).toBe('Accept and open the board');
  });

  it('says the invitation is expired, in English and Norwegian, and offers nothing to accept', async () => {
    await open({ ...PREVIEW, state: 'expired' });
    expect(text('[data-testid=invitation-expired] h1')).toBe('The user invitation is expired');
    expect(text('[data-testid=invitation-expired]')).toContain(
      'Ask the person who invited you to send the invitation again.',
    );
    expect($('[data-testid=invitation-accept]')).toBeNull();
    expect($('[data-testid=invitation-login]')).toBeNull();

    await act(async () => {
      await i18n.changeLanguage('nor');
    });
    expect(text('[data-testid=invitation-expired] h1')).toBe('Invitasjonen er utløpt');
  });

  it('names the tag an invitation to a tag gives, and that its later boards come too', async () => {
    await open({ ...PREVIEW, boards: [], tag: 'bygg' });
    expect(text('[data-testid=invitation-summary]')).toBe(
      'Demo Bruker has invited you to the tag “bygg” as viewer: every board of Demo Bruker’s with the tag, also those that get it later.',
    );
  });
});
