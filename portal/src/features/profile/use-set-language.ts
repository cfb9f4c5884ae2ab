import type { Profile } from '@saldo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getToken } from '../../lib/auth-storage';
import { i18n, type Language } from '../../lib/i18n';
import { profileQuery, updateProfile } from './queries';

/**
 * Switches the UI language (i18next writes i18nextLng) and, when someone is logged in, saves it to the
 * profile as well. The UI follows at once; a failed save is not worth interrupting the user for, the
 * local choice stands either way (see the login page for why the local choice wins).
 */
export function useSetLanguage(): (lang: Language) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (lang: Language) => {
      await i18n.changeLanguage(lang);
      if (!getToken()) return;
      try {
        const profile = await updateProfile({ language: lang });
        queryClient.setQueryData<Profile>(profileQuery.queryKey, profile);
      } catch {
        // See above.
      }
    },
    [queryClient],
  );
}
