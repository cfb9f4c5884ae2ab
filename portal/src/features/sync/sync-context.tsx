import type { SyncProgressMessage } from '@saldo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from 'react';
import { errorCodeOf } from '../../components/error-text';
import { useNotify } from '../../components/notifications';
import { ApiError, api } from '../../lib/api';
import { apiAccountsKey } from '../api-accounts/queries';
import { boardsQuery } from '../boards/queries';
import { dataHealthKey } from '../data-health/queries';
import {
  endedCleanly,
  HIDE_AFTER_MS,
  IDLE_SYNC,
  isComplete,
  progressUrl,
  type SyncView,
  syncReducer,
} from './sync-rules';

interface SyncControl {
  view: SyncView;
  /** POST /api/sync-board, then follows the progress stream. */
  start: (boardId: string) => void;
  /**
   * Follows the progress of syncs the server already queued (a source just added), without asking
   * for another: a second POST would read a SAF-T file that was already imported once more.
   */
  follow: (boardId: string, apiIds: string[]) => void;
  /** Closes the finished progress popover. */
  dismiss: () => void;
}

const SyncContext = createContext<SyncControl>({
  view: IDLE_SYNC,
  start: () => {},
  follow: () => {},
  dismiss: () => {},
});

export function useSync(): SyncControl {
  return useContext(SyncContext);
}

/** Why a stream could not be opened: the server's code, else the network. */
const streamFailure = (error: unknown) => (error instanceof ApiError ? error.code : 'BAD_NETWORK');

/** How many times a refused or broken stream is reopened (with a new ticket) before giving up. */
const MAX_REOPEN = 3;

/**
 * Owns the board sync for the whole shell, so the progress survives moving between pages. The
 * stream is an EventSource, which cannot send the access token as a header: it opens with a
 * single-use ticket asked for just before (the API client renews the token for that call as for any
 * other), and a stream the server refused or ended is reopened with a new ticket.
 */
export function SyncProvider({ children }: { children: ReactNode }) {
  const [view, dispatch] = useReducer(syncReducer, IDLE_SYNC);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const source = useRef<EventSource | null>(null);
  // Bumped by every start and by unmounting: callbacks of an older run do nothing.
  const run = useRef(0);

  const closeStream = useCallback(() => {
    source.current?.close();
    source.current = null;
  }, []);

  useEffect(
    () => () => {
      run.current++;
      closeStream();
    },
    [closeStream],
  );

  const openStream = useCallback(
    async (runId: number, apiIds: string[], attempt: number) => {
      const { ticket } = await api.post('/sync-board/progress/ticket', { body: { apiIds } });
      if (runId !== run.current) return;
      closeStream();
      const es = new EventSource(progressUrl(ticket, apiIds));
      source.current = es;
      let finished = false;
      let heard = false;
      es.addEventListener('syncing_board', (event) => {
        if (runId !== run.current) return;
        let message: SyncProgressMessage;
        try {
          message = JSON.parse((event as MessageEvent<string>).data) as SyncProgressMessage;
        } catch {
          return;
        }
        heard = true;
        dispatch({ type: 'message', message });
        if (isComplete(message)) {
          finished = true;
          es.close();
        }
      });
      es.onerror = () => {
        if (finished || runId !== run.current) return;
        // CONNECTING: the browser reconnects by itself (same URL), which its spent ticket no longer
        // opens. CLOSED: refused; reopen with a new ticket.
        if (es.readyState !== EventSource.CLOSED) return;
        es.close();
        const next = heard ? 0 : attempt + 1;
        if (next > MAX_REOPEN) {
          dispatch({ type: 'failed', code: 'BAD_NETWORK' });
          return;
        }
        void openStream(runId, apiIds, next).catch((error) => dispatch({ type: 'failed', code: streamFailure(error) }));
      };
    },
    [closeStream],
  );

  const start = useCallback(
    (boardId: string) => {
      const runId = ++run.current;
      closeStream();
      dispatch({ type: 'start', boardId });
      void (async () => {
        try {
          const started = await api.post('/sync-board', { body: { groupId: boardId } });
          if (runId !== run.current) return;
          dispatch({ type: 'started', apiIds: started.apiIds });
          await openStream(runId, started.apiIds, 0);
        } catch (error) {
          if (runId === run.current) dispatch({ type: 'failed', code: errorCodeOf(error) });
        }
      })();
    },
    [closeStream, openStream],
  );

  const follow = useCallback(
    (boardId: string, apiIds: string[]) => {
      const runId = ++run.current;
      closeStream();
      dispatch({ type: 'start', boardId });
      dispatch({ type: 'started', apiIds });
      void openStream(runId, apiIds, 0).catch((error) => {
        if (runId === run.current) dispatch({ type: 'failed', code: streamFailure(error) });
      });
    },
    [closeStream, openStream],
  );

  const dismiss = useCallback(() => {
    run.current++;
    closeStream();
    dispatch({ type: 'hide' });
  }, [closeStream]);

  // A finished sync: new data for every board and account view, the spec's notification, and the
  // progress bar hidden 2 s later (kept open when something failed, so the reason can be read).
  const completions = view.completions;
  useEffect(() => {
    if (completions === 0) return;
    void queryClient.invalidateQueries({ queryKey: boardsQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: apiAccountsKey });
    void queryClient.invalidateQueries({ queryKey: dataHealthKey });
  }, [completions, queryClient]);

  const clean = endedCleanly(view);
  const failedWithAccounts = view.phase === 'done' && !clean && !view.errorCode;
  useEffect(() => {
    if (!clean) return;
    notify('sync.completed');
    const timer = setTimeout(() => dispatch({ type: 'hide' }), HIDE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [clean, notify]);
  useEffect(() => {
    if (failedWithAccounts) notify('sync.completedWithErrors', 'error');
  }, [failedWithAccounts, notify]);

  const value = useMemo(() => ({ view, start, follow, dismiss }), [view, start, follow, dismiss]);
  return <SyncContext.Provider value={value}>{children}</SyncContext.Provider>;
}
