import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { $, freshScreen, renderRoutes, settle, typeInto } from '../../test/render';
import { VerifyAccountPage } from './verify-account-page';

/** The server as issue 25 made it: the token alone is only checked; the signup's password verifies. */
function open(token: string, rightPassword = 'Sommer2026') {
  const calls = stubFetch((call) => {
    const body = call.body as { token: string; password?: string };
    if (body.token !== 'good-token')
      return json(400, { code: 'INVALID_VERIFICATION_TOKEN', message: 'Email verification token expired' });
    if (body.password === undefined)
      return json(400, { code: 'VERIFICATION_PASSWORD_REQUIRED', message: 'Enter the password' });
    if (body.password !== rightPassword)
      return json(401, { code: 'INCORRECT_CREDENTIALS', message: 'Incorrect Credentials' });
    return json(200, true);
  });
  renderRoutes(
    [
      { path: '/verify-account', element: <VerifyAccountPage /> },
      { path: '/send-verification', element: <p data-testid="send-verification">send</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    `/verify-account?token=${token}`,
  );
  return calls;
}

async function submit(password: string) {
  act(() => typeInto($<HTMLInputElement>('input[name="password"]'), password));
  await act(async () => {
    $<HTMLButtonElement>('button[type=submit]')!.click();
  });
  await settle();
}

freshScreen();

describe('VerifyAccountPage', () => {
  it('checks the link, then verifies only with the password chosen at signup', async () => {
    const calls = open('good-token');
    await settle();
    expect(calls.map((c) => c.body)).toEqual([{ token: 'good-token' }]);
    expect($('[data-testid=verify-password-form]')).not.toBeNull();
    expect($('[data-testid=verify-success]')).toBeNull();
    expect($('[data-testid=verify-unknown-password]')?.getAttribute('href')).toBe('/password/forgot');

    await submit('Feil12345');
    expect($('[data-testid=password-error]')?.textContent).toBe('Incorrect Credentials');
    expect($('[data-testid=verify-success]')).toBeNull();

    await submit('Sommer2026');
    expect(calls.at(-1)?.body).toEqual({ token: 'good-token', password: 'Sommer2026' });
    await vi.waitFor(() => expect($('[data-testid=verify-success]')).not.toBeNull());
    expect($('[data-testid=verify-login-link]')?.getAttribute('href')).toBe('/login');
  });

  it('sends a dead link on to /send-verification without asking for a password', async () => {
    const calls = open('dead-token');
    await vi.waitFor(() => expect($('[data-testid=send-verification]')).not.toBeNull());
    expect(calls).toHaveLength(1);
  });
});
