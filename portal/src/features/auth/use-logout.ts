import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../components/notifications';
import { clearAll, getRefreshToken } from '../../lib/auth-storage';
import { logout } from './queries';

// While a logout runs, the protected routes must not answer the vanished session with their own
// "/login?redirect=<here>": the user asked to leave, so they land on a plain /login.
let loggingOut = false;

export function isLoggingOut(): boolean {
  return loggingOut;
}

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useCallback(async () => {
    const refreshToken = getRefreshToken();
    // Revoke server-side, but never keep a user logged in because the network failed.
    if (refreshToken) await logout(refreshToken).catch(() => undefined);
    loggingOut = true;
    try {
      clearAll();
      queryClient.clear();
      notify('notifications.logoutSuccess');
      await navigate('/login', { replace: true });
    } finally {
      loggingOut = false;
    }
  }, [navigate, queryClient, notify]);
}
