import { describe, expect, it } from 'vitest';
import { resolveCurrentBoardId } from './current-board';

const boards = [{ _id: 'a' }, { _id: 'b' }];

describe('resolveCurrentBoardId', () => {
  it('keeps the stored board while it exists', () => {
    expect(resolveCurrentBoardId(boards, 'b')).toBe('b');
  });

  it('falls back to the first board when none is stored or the stored one is gone', () => {
    expect(resolveCurrentBoardId(boards, null)).toBe('a');
    expect(resolveCurrentBoardId(boards, 'deleted')).toBe('a');
  });

  it('clears the selection when there are no boards', () => {
    expect(resolveCurrentBoardId([], 'a')).toBeNull();
  });
});
