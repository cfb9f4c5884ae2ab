import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, EMPTY_DRAFT } from './alert-rules';

describe('the alert form', () => {
  it('sends an amount in øre, typed in kroner with a decimal comma', () => {
    expect(bodyOf({ ...EMPTY_DRAFT, name: ' Underskudd ', threshold: '-1 000,50' })).toEqual({
      name: 'Underskudd',
      metric: 'result',
      comparison: 'below',
      threshold: -100_050,
      period: 'lastMonth',
      scope: { kind: 'all' },
    });
  });

  it('sends a ratio and a change as typed, and a board or a tag scope', () => {
    expect(
      bodyOf({ ...EMPTY_DRAFT, metric: 'equityRatio', threshold: '20', scope: 'tag', tag: ' bygg ' }),
    ).toMatchObject({
      threshold: 20,
      scope: { kind: 'tag', tag: 'bygg' },
    });
    expect(
      bodyOf({
        ...EMPTY_DRAFT,
        metric: 'revenue',
        comparison: 'changeBelow',
        threshold: '-20',
        scope: 'board',
        groupId: 'b1',
      }),
    ).toMatchObject({ threshold: -20, scope: { kind: 'board', groupId: 'b1' } });
  });

  it('refuses a threshold that is no number, and gives the data age no change comparison', () => {
    expect(bodyOf({ ...EMPTY_DRAFT, threshold: 'ti' })).toBeNull();
    expect(bodyOf({ ...EMPTY_DRAFT, threshold: ' ' })).toBeNull();
    expect(
      bodyOf({ ...EMPTY_DRAFT, metric: 'dataAgeDays', comparison: 'changeAbove', threshold: '7' })?.comparison,
    ).toBe('below');
  });

  it('reads a rule back with its amount in kroner', () => {
    const draft = draftOf({
      _id: 'r',
      name: 'Lite kontanter',
      metric: 'cash',
      comparison: 'below',
      threshold: 5_000_000,
      period: 'lastMonth',
      scope: { kind: 'board', groupId: 'b1', name: 'Tapet AS' },
      boards: [],
      createdAt: '',
      updatedAt: '',
    });
    expect([draft.threshold, draft.scope, draft.groupId]).toEqual(['50000', 'board', 'b1']);
  });
});
