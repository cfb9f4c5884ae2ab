import { useSyncExternalStore } from 'react';
import { getToken, getUser, type StoredUser, subscribe } from '../../lib/auth-storage';

export interface Session {
  user: StoredUser;
  token: string;
}

/**
 * The signed-in user, or null. Per the spec a user counts as authenticated once role and menu are
 * loaded, so a token without a stored user is not a session.
 */
export function useSession(): Session | null {
  const user = useSyncExternalStore(subscribe, getUser);
  const token = useSyncExternalStore(subscribe, getToken);
  return user && token ? { user, token } : null;
}
