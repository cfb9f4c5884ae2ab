import { describe, expect, it } from 'vitest';
import { type Assigned, matchesAssignment, NO_ASSIGNMENT_FILTER, responsiblesIn, tagsIn } from './assignment-filter';

const kari = { id: 'u2', name: 'Kari Klient' };
const ola = { id: 'u3', name: 'Ola Revisor' };
const ROWS: Array<Assigned & { name: string }> = [
  { name: 'Nordlys', tags: ['Bygg', 'Oslo'], responsible: ola },
  { name: 'Fjord', tags: ['bygg'], responsible: kari },
  { name: 'Ås', tags: [], responsible: null },
  { name: 'Elv', tags: ['Oslo', 'Årsoppgjør'], responsible: kari },
];
const names = (f: typeof NO_ASSIGNMENT_FILTER) => ROWS.filter((r) => matchesAssignment(r, f)).map((r) => r.name);

describe('filtering boards by tag and responsible accountant', () => {
  it('offers each tag and each responsible once, in Norwegian order', () => {
    expect(tagsIn(ROWS)).toEqual(['bygg', 'Bygg', 'Oslo', 'Årsoppgjør']);
    expect(responsiblesIn(ROWS)).toEqual([
      ['u2', 'Kari Klient'],
      ['u3', 'Ola Revisor'],
    ]);
  });

  it('keeps every row with no choice, and those with the tag and the responsible when chosen (tags as written)', () => {
    expect(names(NO_ASSIGNMENT_FILTER)).toEqual(['Nordlys', 'Fjord', 'Ås', 'Elv']);
    expect(names({ tag: 'Oslo', responsible: '' })).toEqual(['Nordlys', 'Elv']);
    expect(names({ tag: 'Bygg', responsible: '' })).toEqual(['Nordlys']);
    expect(names({ tag: '', responsible: 'u2' })).toEqual(['Fjord', 'Elv']);
    expect(names({ tag: 'Oslo', responsible: 'u2' })).toEqual(['Elv']);
    expect(names({ tag: 'Bygg', responsible: 'u2' })).toEqual([]);
  });
});
