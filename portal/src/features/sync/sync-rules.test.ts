import type { MenuEntry, SourceError, SyncInfo, SyncProgressMessage } from '@saldo/contract';
import { sourceError } from '@saldo/contract/sources/source-errors';
import { describe, expect, it } from 'vitest';
import {
  canSync,
  endedCleanly,
  failedAccounts,
  IDLE_SYNC,
  isComplete,
  PLACEHOLDER_PROGRESS,
  progressUrl,
  type SyncView,
  syncBlocker,
  syncReducer,
} from './sync-rules';

type Menu = Pick<MenuEntry, 'name' | 'permissions'>[];
const menu = (permissions: string[] | null): Menu => [
  { name: 'Dashboard', permissions: ['View'] },
  ...(permissions ? [{ name: 'SyncBoard' as const, permissions }] : []),
];
const board = (...ids: string[]) => ({
  apiAccounts: ids.map((id) => ({ _id: id, name: id, provider: 'demo' as const })),
});

describe('syncBlocker (Sync button enablement)', () => {
  it('allows a board with a valid account to a user with the Sync permission', () => {
    expect(syncBlocker(board('a'), [{ _id: 'a', apiKeyIsInvalid: false }], menu(['Sync']))).toBeNull();
    expect(syncBlocker(board('a'), [{ _id: 'a', apiKeyIsInvalid: false }], menu(['*']))).toBeNull();
  });

  it('needs the SyncBoard entry to grant Sync or *', () => {
    expect(canSync(menu(['View']))).toBe(false);
    expect(canSync(menu(null))).toBe(false);
    expect(syncBlocker(board('a'), [], menu(['View']))).toBe('noPermission');
    expect(syncBlocker(board('a'), [], menu(null))).toBe('noPermission');
  });

  it('is blocked without a board or with a board without API accounts', () => {
    expect(syncBlocker(null, [], menu(['Sync']))).toBe('noBoard');
    expect(syncBlocker(board(), [], menu(['Sync']))).toBe('noApis');
  });

  it('is blocked when every account of the board is invalid, not when one is still valid', () => {
    const accounts = [
      { _id: 'a', apiKeyIsInvalid: true },
      { _id: 'b', apiKeyIsInvalid: true },
      { _id: 'c', apiKeyIsInvalid: false },
    ];
    expect(syncBlocker(board('a', 'b'), accounts, menu(['Sync']))).toBe('allInvalid');
    expect(syncBlocker(board('a', 'c'), accounts, menu(['Sync']))).toBeNull();
  });

  it('treats accounts of unknown validity as valid (list not loaded)', () => {
    expect(syncBlocker(board('a'), undefined, menu(['Sync']))).toBeNull();
    expect(syncBlocker(board('a', 'x'), [{ _id: 'a', apiKeyIsInvalid: true }], menu(['Sync']))).toBeNull();
  });

  it('is blocked while a sync runs', () => {
    expect(syncBlocker(board('a'), [], menu(['Sync']), true)).toBe('syncing');
  });
});

const REJECTED = sourceError('TRIPLETEX_REJECTED', { endpoint: 'GET /ledger/account', status: 403, detail: '' });

function info(status: SyncInfo['status'], percentage: number | null, error: SourceError | null = null): SyncInfo {
  return { status, percentage, lastSyncedAt: null, error };
}
function message(accounts: Array<[string, SyncInfo]>, progress: number, isSyncDone = false): SyncProgressMessage {
  return {
    apiAccounts: accounts.map(([id, syncInfo]) => ({ _id: id, name: `Account ${id}`, syncInfo })),
    progress,
    isSyncDone,
  };
}

describe('syncReducer (SSE messages → popover state)', () => {
  const started = (): SyncView => {
    const s = syncReducer(IDLE_SYNC, { type: 'start', boardId: 'board-1' });
    return syncReducer(s, { type: 'started', apiIds: ['a', 'b'] });
  };

  it('shows the placeholder 30 until the first message, then the real average', () => {
    const starting = syncReducer(IDLE_SYNC, { type: 'start', boardId: 'board-1' });
    expect(starting).toMatchObject({ phase: 'starting', progress: PLACEHOLDER_PROGRESS, known: false });
    const s = syncReducer(started(), {
      type: 'message',
      message: message(
        [
          ['a', info('running', 50)],
          ['b', info('queued', 0)],
        ],
        25,
      ),
    });
    expect(s).toMatchObject({ phase: 'syncing', progress: 25, known: true });
    expect(s.accounts.map((a) => [a._id, a.status, a.percentage])).toEqual([
      ['a', 'running', 50],
      ['b', 'queued', 0],
    ]);
  });

  it('completes on isSyncDone and counts the completion', () => {
    const s = syncReducer(started(), {
      type: 'message',
      message: message(
        [
          ['a', info('done', 100)],
          ['b', info('done', 100)],
        ],
        100,
        true,
      ),
    });
    expect(s).toMatchObject({ phase: 'done', progress: 100, completions: 1 });
    expect(endedCleanly(s)).toBe(true);
  });

  it('completes when every account reaches 100 even before isSyncDone', () => {
    const msg = message(
      [
        ['a', info('done', 100)],
        ['b', info('running', 100)],
      ],
      100,
      false,
    );
    expect(isComplete(msg)).toBe(true);
    expect(syncReducer(started(), { type: 'message', message: msg }).phase).toBe('done');
    expect(
      isComplete(
        message(
          [
            ['a', info('done', 100)],
            ['b', info('running', 99)],
          ],
          99,
        ),
      ),
    ).toBe(false);
    expect(isComplete(message([['a', info('queued', 100)]], 100))).toBe(false);
  });

  it('keeps a failed account and its error, and does not end cleanly', () => {
    const s = syncReducer(started(), {
      type: 'message',
      message: message(
        [
          ['a', info('done', 100)],
          ['b', info('failed', null, REJECTED)],
        ],
        50,
        true,
      ),
    });
    expect(s.phase).toBe('done');
    expect(failedAccounts(s)).toEqual([
      { _id: 'b', name: 'Account b', status: 'failed', percentage: 0, error: REJECTED },
    ]);
    expect(endedCleanly(s)).toBe(false);
  });

  it('clamps odd percentages', () => {
    const s = syncReducer(started(), {
      type: 'message',
      message: message(
        [
          ['a', info('running', 140)],
          ['b', info('running', 10)],
        ],
        -3,
      ),
    });
    expect(s.progress).toBe(0);
    expect(s.accounts[0]?.percentage).toBe(100);
  });

  it('records a start failure without counting a completion', () => {
    const s = syncReducer(syncReducer(IDLE_SYNC, { type: 'start', boardId: 'b' }), {
      type: 'failed',
      code: 'NO_VALID_API_ACCOUNTS',
    });
    expect(s).toMatchObject({ phase: 'done', errorCode: 'NO_VALID_API_ACCOUNTS', completions: 0 });
    expect(endedCleanly(s)).toBe(false);
  });

  it('ignores a second start while syncing and late messages after hiding', () => {
    const s = started();
    expect(syncReducer(s, { type: 'start', boardId: 'other' })).toBe(s);
    const done = syncReducer(s, { type: 'message', message: message([['a', info('done', 100)]], 100, true) });
    const hidden = syncReducer(done, { type: 'hide' });
    expect(hidden).toEqual({ ...IDLE_SYNC, completions: 1 });
    expect(syncReducer(hidden, { type: 'message', message: message([['a', info('running', 10)]], 10) })).toBe(hidden);
  });
});

describe('progressUrl', () => {
  it('puts the ticket and every account id in the query, and no access token', () => {
    const url = new URL(progressUrl('a-b_c+d', ['id-1', 'id-2']), 'http://x');
    expect(url.pathname).toBe('/api/sync-board/progress');
    expect(url.searchParams.get('ticket')).toBe('a-b_c+d');
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.searchParams.getAll('apiIds[]')).toEqual(['id-1', 'id-2']);
  });
});
