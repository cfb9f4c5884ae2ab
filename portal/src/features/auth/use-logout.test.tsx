import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from '../../app/protected-route';
import { NotificationProvider } from '../../components/notifications';
import { saveLogin } from '../../lib/auth-storage';
import { i18n } from '../../lib/i18n';
import { useLogout } from './use-logout';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => void logout()}>
      out
    </button>
  );
}

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe('useLogout', () => {
  it('clears storage and lands on a plain /login (no redirect back), saying Logout Successful', async () => {
    const fetchStub = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{"isLoggedOut":true}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchStub);
    saveLogin({
      jwtToken: 'jwt',
      refreshToken: 'refresh',
      firstName: 'Demo',
      lastName: 'Bruker',
      email: 'demo@saldo.no',
      companyName: null,
      phoneNumber: null,
      isVerified: true,
      role: { name: 'Owner' },
      menu: [{ name: 'Dashboard', menuName: 'Dashboard', route: '/dashboard', order: 1, permissions: ['View'] }],
      isFirstLoggedIn: false,
      id: 'u1',
    });
    localStorage.setItem('i18nextLng', 'en');
    const router = createMemoryRouter(
      [
        { path: '/login', element: <p>login</p> },
        {
          path: '/dashboard',
          element: (
            <ProtectedRoute>
              <LogoutButton />
            </ProtectedRoute>
          ),
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    act(() => {
      root.render(
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={new QueryClient()}>
            <NotificationProvider>
              <RouterProvider router={router} />
            </NotificationProvider>
          </QueryClientProvider>
        </I18nextProvider>,
      );
    });

    await act(async () => {
      container.querySelector('button')!.click();
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Let any late <Navigate> from the protected route run before checking.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(router.state.location.pathname + router.state.location.search).toBe('/login');
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toEqual({ refreshToken: 'refresh' });
    expect(localStorage.getItem('jwtToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(container.querySelector('[data-testid=notification]')?.textContent).toContain('Logout Successful');
  });
});
