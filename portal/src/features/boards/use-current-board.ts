import type { Board } from '@saldo/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { getCurrentBoardId, setCurrentBoardId, setSubBoardId, subscribe } from '../../lib/auth-storage';
import { resolveCurrentBoardId } from './current-board';
import { boardsQuery } from './queries';

export interface CurrentBoard {
  boards: Board[];
  current: Board | null;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
  select: (id: string) => void;
}

/** The board list plus the current board, kept in localStorage `apiGroupName` so reloads keep it. */
export function useCurrentBoard(): CurrentBoard {
  const query = useQuery(boardsQuery);
  const storedId = useSyncExternalStore(subscribe, getCurrentBoardId);
  const boards = query.data ?? [];
  // While the list refetches (e.g. right after a create), a stored id it does not hold yet is kept.
  const resolvedId =
    query.data && !(query.isFetching && storedId) ? resolveCurrentBoardId(query.data, storedId) : storedId;

  useEffect(() => {
    // Only reconcile against a loaded list: an empty list while loading would wipe the stored board.
    if (query.data && !query.isFetching && resolvedId !== storedId) setCurrentBoardId(resolvedId);
  }, [query.data, query.isFetching, resolvedId, storedId]);

  const select = useCallback((id: string) => {
    setCurrentBoardId(id);
    // Sub-boards belong to a board, so the saved one no longer applies (spec: selecting clears it).
    setSubBoardId(null);
  }, []);

  const { refetch } = query;
  return {
    boards,
    current: boards.find((board) => board._id === resolvedId) ?? null,
    isPending: query.isPending,
    isError: query.isError,
    refetch: useCallback(() => void refetch(), [refetch]),
    select,
  };
}
