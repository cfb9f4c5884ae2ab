import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { boardsQuery } from '../boards/queries';
import { apiAccountsKey } from './queries';

/** After an account changes, the account list and the boards built on it are read again. */
export function useRefreshAccounts(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: apiAccountsKey });
    void queryClient.invalidateQueries({ queryKey: boardsQuery.queryKey });
  }, [queryClient]);
}
