import type { ApiAccount, Board, MenuEntry, SourceError, SyncInfo, SyncProgressMessage } from '@saldo/contract';

/** Spec §9: the progress bar shows this placeholder until the stream reports the real average. */
export const PLACEHOLDER_PROGRESS = 30;
/** Spec §9: the progress bar hides this long after the sync completes. */
export const HIDE_AFTER_MS = 2000;

export type SyncBlocker = 'noPermission' | 'noBoard' | 'noApis' | 'allInvalid' | 'syncing';

/** Spec §6: the sync control requires the SyncBoard menu entry to grant 'Sync' or '*'. */
export function canSync(menu: readonly Pick<MenuEntry, 'name' | 'permissions'>[]): boolean {
  const entry = menu.find((item) => item.name === 'SyncBoard');
  return !!entry && (entry.permissions.includes('Sync') || entry.permissions.includes('*'));
}

/**
 * Whether the Sync button may be pressed, and if not, why (for its tooltip). Spec §4: disabled when
 * the board has no APIs or all are invalid. A board lists its accounts without their validity, so
 * that comes from the user's API account list; an account missing from it (the list not loaded, or
 * the user without the ApiAccount menu) counts as valid and the server has the last word.
 */
export function syncBlocker(
  board: Pick<Board, 'apiAccounts'> | null,
  accounts: readonly Pick<ApiAccount, '_id' | 'apiKeyIsInvalid'>[] | undefined,
  menu: readonly Pick<MenuEntry, 'name' | 'permissions'>[],
  syncing = false,
): SyncBlocker | null {
  if (!canSync(menu)) return 'noPermission';
  if (!board) return 'noBoard';
  if (board.apiAccounts.length === 0) return 'noApis';
  const invalid = new Set((accounts ?? []).filter((a) => a.apiKeyIsInvalid).map((a) => a._id));
  if (board.apiAccounts.every((a) => invalid.has(a._id))) return 'allInvalid';
  if (syncing) return 'syncing';
  return null;
}

export interface SyncAccountView {
  _id: string;
  name: string;
  status: SyncInfo['status'];
  percentage: number;
  /** Why it failed (null when it did not, or the server did not say). */
  error: SourceError | null;
}

/** What the top bar shows about a board sync. */
export interface SyncView {
  phase: 'idle' | 'starting' | 'syncing' | 'done';
  boardId: string | null;
  /** 0..100: the placeholder until the first message, then the stream's average. */
  progress: number;
  /** false until the stream has said anything: the percentage is the placeholder. */
  known: boolean;
  accounts: SyncAccountView[];
  /** Why the sync could not start or the stream broke (a server error code). */
  errorCode: string | null;
  /** Changes each time a sync completes: the signal for data to reload. */
  completions: number;
}

export type SyncAction =
  | { type: 'start'; boardId: string }
  | { type: 'started'; apiIds: string[] }
  | { type: 'message'; message: SyncProgressMessage }
  | { type: 'failed'; code: string }
  | { type: 'hide' };

export const IDLE_SYNC: SyncView = {
  phase: 'idle',
  boardId: null,
  progress: 0,
  known: false,
  accounts: [],
  errorCode: null,
  completions: 0,
};

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

/** Spec §4: complete when isSyncDone, or when every account is at 100 percent (failed ones count as finished). */
export function isComplete(message: SyncProgressMessage): boolean {
  if (message.isSyncDone) return true;
  return (
    message.apiAccounts.length > 0 &&
    message.apiAccounts.every(
      (a) => a.syncInfo.status === 'failed' || (a.syncInfo.status !== 'queued' && (a.syncInfo.percentage ?? 0) >= 100),
    )
  );
}

/** Turns the progress stream's messages into the popover's state. Pure, so it is unit tested. */
export function syncReducer(state: SyncView, action: SyncAction): SyncView {
  switch (action.type) {
    case 'start':
      if (state.phase === 'starting' || state.phase === 'syncing') return state;
      return {
        ...IDLE_SYNC,
        completions: state.completions,
        phase: 'starting',
        boardId: action.boardId,
        progress: PLACEHOLDER_PROGRESS,
      };
    case 'started':
      if (state.phase !== 'starting') return state;
      return {
        ...state,
        phase: 'syncing',
        accounts: action.apiIds.map((id) => ({ _id: id, name: '', status: 'queued', percentage: 0, error: null })),
      };
    case 'message': {
      if (state.phase !== 'syncing' && state.phase !== 'starting') return state;
      const { message } = action;
      const accounts = message.apiAccounts.map((a) => ({
        _id: a._id,
        name: a.name,
        status: a.syncInfo.status,
        percentage: clamp(a.syncInfo.percentage ?? 0),
        error: a.syncInfo.status === 'failed' ? a.syncInfo.error : null,
      }));
      const done = isComplete(message);
      return {
        ...state,
        phase: done ? 'done' : 'syncing',
        progress: done ? 100 : clamp(message.progress),
        known: true,
        accounts,
        completions: done ? state.completions + 1 : state.completions,
      };
    }
    case 'failed':
      if (state.phase === 'idle') return state;
      return { ...state, phase: 'done', errorCode: action.code };
    case 'hide':
      return { ...IDLE_SYNC, completions: state.completions };
  }
}

/** Accounts whose sync failed, with the reason the server gave. */
export function failedAccounts(view: SyncView): SyncAccountView[] {
  return view.accounts.filter((a) => a.status === 'failed');
}

/** True once a sync finished with nothing wrong: the popover may hide by itself. */
export function endedCleanly(view: SyncView): boolean {
  return view.phase === 'done' && !view.errorCode && failedAccounts(view).length === 0;
}

/**
 * The progress stream's address. EventSource cannot send headers, and the access token stays out of
 * URLs: a single-use ticket for exactly these accounts (POST /api/sync-board/progress/ticket) rides in
 * the query instead.
 */
export function progressUrl(ticket: string, apiIds: readonly string[]): string {
  const params = new URLSearchParams({ ticket });
  for (const id of apiIds) params.append('apiIds[]', id);
  return `/api/sync-board/progress?${params.toString()}`;
}
