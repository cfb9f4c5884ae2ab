import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../components/notifications';
import { clearAll, getRefreshToken } from '../../lib/auth-storage';
import { logout } from './api';

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useCallback(async () => {
    const refreshToken = getRefreshToken();
    // Revoke server-side, but never keep a user logged in because the network failed.
    if (refreshToken) await logout(refreshToken).catch(() => undefined);
    clearAll();
    queryClient.clear();
    notify('notifications.logoutSuccess');
    await navigate('/login', { replace: true });
  }, [navigate, queryClient, notify]);
}
