import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from '../../app/protected-route';
import { saveLogin } from '../../lib/auth-storage';
import { demoLogin } from '../../test/fixtures';
import { freshScreen, renderRoutes } from '../../test/render';
import { useLogout } from './use-logout';

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => void logout()}>
      out
    </button>
  );
}

freshScreen();

describe('useLogout', () => {
  it('clears storage and lands on a plain /login (no redirect back), saying Logout Successful', async () => {
    const fetchStub = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{"isLoggedOut":true}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchStub);
    saveLogin(demoLogin);
    localStorage.setItem('i18nextLng', 'en');
    const { router, container } = renderRoutes(
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
      '/dashboard',
    );

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
