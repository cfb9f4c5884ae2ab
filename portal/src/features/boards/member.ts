import type { MenuEntry } from '@saldo/contract';
import { useSession } from '../auth/use-session';

/**
 * Whether the user only uses boards others own (issue 27): the server's menu then grants View, not `*`,
 * on the sources and the boards (server/src/access/menu.ts `member`). Such a member pays nothing and is
 * offered no source or board of their own, no prices and no trial.
 */
export function usesOthersBoardsOnly(menu: readonly Pick<MenuEntry, 'name' | 'permissions'>[]): boolean {
  const sources = menu.find((entry) => entry.name === 'ApiAccount');
  return !!sources && !sources.permissions.includes('*');
}

export function useIsMember(): boolean {
  const session = useSession();
  return !!session && usesOthersBoardsOnly(session.user.menu);
}
