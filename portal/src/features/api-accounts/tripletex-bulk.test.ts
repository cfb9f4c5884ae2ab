import type { ApiAccount, TripletexBulkItem } from '@saldo/contract';
import { describe, expect, it } from 'vitest';
import { batchOf, chunksOf, errorOf, MAX_TAGS, rowOf, tagsFit } from './tripletex-bulk';

const item = (over: Partial<TripletexBulkItem>): TripletexBulkItem => ({
  id: 1,
  name: 'Fjordbris Bakeri AS',
  status: 'connected',
  apiAccountId: 'a1',
  boardId: 'b1',
  error: null,
  ...over,
});
const account = (syncInfo: Partial<ApiAccount['syncInfo']>) =>
  ({
    _id: 'a1',
    syncInfo: { status: 'queued', percentage: 0, lastSyncedAt: null, error: null, ...syncInfo },
  }) as ApiAccount;

describe('connecting Tripletex clients in calls of a few', () => {
  it('sends every id once, in order, at most `size` a call', () => {
    expect(chunksOf([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(chunksOf([], 5)).toEqual([]);
  });

  it("shows a connected company's sync from the account list, and what the others came to", () => {
    const answered = { state: 'answered', item: item({}) } as const;
    expect(rowOf({ state: 'waiting' }, [])).toEqual({ status: 'waiting', percent: 0 });
    expect(rowOf(answered, [])).toEqual({ status: 'queued', percent: 0 });
    expect(rowOf(answered, [account({ status: 'running', percentage: 40 })])).toEqual({
      status: 'syncing',
      percent: 40,
    });
    expect(rowOf(answered, [account({ status: 'done', percentage: 100 })])).toEqual({ status: 'synced', percent: 100 });
    expect(rowOf(answered, [account({ status: 'failed' })])).toEqual({ status: 'syncFailed', percent: 100 });
    const failed = { state: 'answered', item: item({ status: 'failed', apiAccountId: null, boardId: null }) } as const;
    expect(rowOf(failed, [])).toEqual({ status: 'failed', percent: 100 });
    expect(rowOf({ state: 'refused', code: 'TRIPLETEX_EMPLOYEE_TOKEN_INVALID' }, [])).toEqual({
      status: 'failed',
      percent: 100,
    });
    expect(errorOf({ state: 'refused', code: 'TRIPLETEX_EMPLOYEE_TOKEN_INVALID' })).toBe(
      'TRIPLETEX_EMPLOYEE_TOKEN_INVALID',
    );
    expect(
      errorOf({
        state: 'answered',
        item: item({ status: 'failed', error: { code: 'TRIPLETEX_COMPANY_FAILED', message: '' } }),
      }),
    ).toBe('TRIPLETEX_COMPANY_FAILED');
    expect(errorOf(answered)).toBeNull();
  });

  it('averages the batch and is done when every company is through', () => {
    expect(
      batchOf([
        { status: 'synced', percent: 100 },
        { status: 'syncing', percent: 50 },
        { status: 'failed', percent: 100 },
        { status: 'waiting', percent: 0 },
      ]),
    ).toEqual({ percent: 62, through: 2, done: false });
    expect(
      batchOf([
        { status: 'skipped', percent: 100 },
        { status: 'syncFailed', percent: 100 },
      ]),
    ).toEqual({ percent: 100, through: 2, done: true });
  });
});

describe('the tags of the boards a bulk connection makes', () => {
  it('fit when at most 20, each at most 40 characters, as the server takes them', () => {
    expect(tagsFit([])).toBe(true);
    expect(tagsFit(['Bygg', 'x'.repeat(40)])).toBe(true);
    expect(tagsFit(['x'.repeat(41)])).toBe(false);
    expect(tagsFit(Array.from({ length: MAX_TAGS }, (_, i) => `t${i}`))).toBe(true);
    expect(tagsFit(Array.from({ length: MAX_TAGS + 1 }, (_, i) => `t${i}`))).toBe(false);
  });
});
