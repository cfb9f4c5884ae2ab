// Filtering a list of boards by their tag and their responsible accountant: the board list (/group) and
// the portfolio share it. Pure, so the unit tests and the pages share it.

import type { Assigned, AssignmentFilter } from '@saldo/contract/kpis/portfolio-table';

// The rule itself is the contract's (the portfolio's table and its Excel export apply it too).
export { type Assigned, type AssignmentFilter, matchesAssignment } from '@saldo/contract/kpis/portfolio-table';

export const NO_ASSIGNMENT_FILTER: AssignmentFilter = { tag: '', responsible: '' };

/** The tags of the rows, each once, in the order people read them. */
export const tagsIn = (rows: readonly Assigned[]): string[] =>
  [...new Set(rows.flatMap((r) => r.tags))].sort((a, b) => a.localeCompare(b, 'nb'));

/** The responsible accountants of the rows, each once, by name: [id, name]. */
export const responsiblesIn = (rows: readonly Assigned[]): Array<[id: string, name: string]> =>
  [
    ...new Map(rows.flatMap((r) => (r.responsible ? [[r.responsible.id, r.responsible.name] as const] : []))).entries(),
  ].sort(([, a], [, b]) => a.localeCompare(b, 'nb'));
