import { describe, expect, it } from 'vitest';
import { currentAfterCreate, currentAfterDelete, filterByNamePrefix, tagsOf, truncateName } from './board-rules';
import { resolveCurrentBoardId } from './current-board';

const boards = [
  { _id: 'a', name: 'Nordlys AS' },
  { _id: 'b', name: 'nordic Holding' },
  { _id: 'c', name: 'Fjord Invest' },
];

describe('filterByNamePrefix', () => {
  it('matches the start of the name, ignoring case', () => {
    expect(filterByNamePrefix(boards, 'NOR').map((b) => b._id)).toEqual(['a', 'b']);
    expect(filterByNamePrefix(boards, 'fj').map((b) => b._id)).toEqual(['c']);
  });
  it('does not match inside the name', () => {
    expect(filterByNamePrefix(boards, 'invest')).toEqual([]);
  });
  it('returns everything for an empty or blank query', () => {
    expect(filterByNamePrefix(boards, '  ')).toHaveLength(3);
  });
});

describe('current board rules', () => {
  it('a created board becomes current', () => {
    expect(currentAfterCreate({ _id: 'new' })).toBe('new');
  });
  it('after deleting the current board the first remaining becomes current', () => {
    expect(currentAfterDelete(boards, 'a', 'a')).toBe('b');
    expect(currentAfterDelete(boards, 'b', 'b')).toBe('a');
  });
  it('deleting another board keeps the current one', () => {
    expect(currentAfterDelete(boards, 'c', 'b')).toBe('b');
  });
  it('deleting the last board clears the selection', () => {
    expect(currentAfterDelete([{ _id: 'a' }], 'a', 'a')).toBeNull();
  });
  it('on load the first board becomes current when none is', () => {
    expect(resolveCurrentBoardId(boards, null)).toBe('a');
  });
});

describe('truncateName', () => {
  it('keeps names of up to 13 characters', () => {
    expect(truncateName('Salg og drift')).toBe('Salg og drift');
  });
  it('cuts longer names at 13 characters with an ellipsis', () => {
    expect(truncateName('Salg og drift 2026')).toBe('Salg og drift…');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(truncateName('ÆØÅæøå😀😀😀😀😀😀😀😀')).toBe('ÆØÅæøå😀😀😀😀😀😀😀…');
  });
});

describe('tagsOf', () => {
  it('reads tags typed with commas: trimmed, empty ones dropped, each once', () => {
    expect(tagsOf(' bygg, Oslo ,, bygg ')).toEqual(['bygg', 'Oslo']);
  });
});
