import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetch-stub';
import { demoLogin } from '../../test/fixtures';
import { $, freshScreen, renderRoutes, typeInto } from '../../test/render';
import { LoginPage } from './login-page';

function render(initialPath = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/send-verification', element: <p>verify</p> },
      { path: '*', element: <p>somewhere</p> },
    ],
    initialPath,
  ).router;
}

function type(name: string, value: string) {
  typeInto($<HTMLInputElement>(`input[name="${name}"]`), value);
}

async function submit() {
  await act(async () => {
    $<HTMLButtonElement>('button[type=submit]')!.click();
  });
}

/** Fills the form in and submits it. */
async function logIn(email: string, password: string) {
  act(() => {
    type('email', email);
    type('password', password);
  });
  await submit();
}

/** Every call to the server answers `status` with `body`; the stub, to read the calls from. */
function answer(status: number, body: unknown) {
  const fetchStub = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(status, body));
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

freshScreen();

describe('LoginPage', () => {
  it('shows inline messages and calls nothing when the form is empty or the e-mail is bad', async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    render();

    await submit();
    expect($('[data-testid=email-error]')?.textContent).toBe('Email is required');
    expect($('[data-testid=password-error]')?.textContent).toBe('Password is required');

    act(() => type('email', 'demo'));
    expect($('[data-testid=email-error]')?.textContent).toBe('Enter a valid email');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('shows the translated error for wrong credentials and follows a language switch', async () => {
    answer(401, { code: 'INCORRECT_CREDENTIALS', message: 'Incorrect Credentials' });
    render();
    await logIn('demo@saldo.no', 'wrong');
    await vi.waitFor(() => expect($('[role=alert]')?.textContent).toBe('Incorrect Credentials'));

    await act(async () => {
      $<HTMLButtonElement>('[data-testid=lang-nor]')!.click();
    });
    expect($('[role=alert]')?.textContent).toBe('Feil e-post eller passord');
    expect(localStorage.getItem('i18nextLng')).toBe('nor');
  });

  it('stores the session and goes to the redirect parameter on success', async () => {
    const fetchStub = answer(200, demoLogin);
    const router = render('/login?redirect=%2Fprofit%3Fyear%3D2025');
    await logIn(' demo@saldo.no ', 'Demo1234');

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/profit'));
    expect(router.state.location.search).toBe('?year=2025');
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'demo@saldo.no',
      password: 'Demo1234',
    });
    expect(localStorage.getItem('jwtToken')).toBe('jwt');
    expect(localStorage.getItem('refreshToken')).toBe('refresh');
    const user = JSON.parse(localStorage.getItem('user') ?? '{}');
    expect(user).toMatchObject({ firstName: 'Demo', menu: [{ name: 'Dashboard' }] });
    expect(user).not.toHaveProperty('jwtToken');
    expect($('[data-testid=notification]')?.textContent).toContain('Login Successful');
  });

  it('ignores an off-site redirect parameter', async () => {
    answer(200, { jwtToken: 'j', refreshToken: 'r', menu: [], role: { name: 'x' } });
    const router = render('/login?redirect=https%3A%2F%2Fevil.example');
    await logIn('demo@saldo.no', 'Demo1234');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends an unverified user to /send-verification', async () => {
    answer(403, { code: 'EMAIL_IS_NOT_VERIFIED', message: 'Email is not verified' });
    const router = render();
    await logIn('new@saldo.no', 'Demo1234');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/send-verification'));
    expect(router.state.location.search).toBe('?email=new%40saldo.no');
  });

  it('shows the rate-limit message on TOO_MANY_REQUESTS', async () => {
    answer(429, { code: 'TOO_MANY_REQUESTS', message: 'Too many attempts' });
    render();
    await logIn('demo@saldo.no', 'Demo1234');
    await vi.waitFor(() =>
      expect($('[role=alert]')?.textContent).toBe('Too many attempts, please wait a few minutes and try again'),
    );
  });

  it('sends an integration-partner login to the API accounts, whatever the redirect says', async () => {
    const fetchStub = answer(200, { jwtToken: 'j', refreshToken: 'r', menu: [], role: { name: 'Owner' } });
    const router = render('/login?integrationPartnerId=partner-1&redirect=%2Fprofit');
    await logIn('demo@saldo.no', 'Demo1234');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/api-settings/api-accounts'));
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toMatchObject({ integrationPartnerId: 'partner-1' });
  });

  it('links to sign-up and the forgotten-password page', () => {
    render();
    expect($('[data-testid=register-link]')?.getAttribute('href')).toBe('/register');
    expect($('[data-testid=forgot-password-link]')?.getAttribute('href')).toBe('/password/forgot');
  });

  it('puts the form in Tab order e-mail, password, log in, then the forgotten-password link', () => {
    render();
    const focusable = [
      ...document.querySelectorAll<HTMLElement>(
        '[data-testid=login-form] a[href], [data-testid=login-form] input, [data-testid=login-form] button',
      ),
    ]
      .filter((el) => el.tabIndex >= 0)
      .map((el) => el.getAttribute('name') ?? el.getAttribute('type') ?? el.dataset.testid);
    expect(focusable).toEqual(['email', 'password', 'submit', 'forgot-password-link', 'register-link']);
  });
});
