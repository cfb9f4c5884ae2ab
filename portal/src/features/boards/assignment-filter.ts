// Filtering a list of boards by their tag and their responsible accountant: the board list (/group) and
// the portfolio share it. Pure, so the unit tests and the pages share it.

/** What a board's row carries of its assignment (a Board, a portfolio row). */
export interface Assigned {
  tags: readonly string[];
  responsible: { id: string; name: string } | null;
}

/** A tag and a responsible accountant's id to keep; '' keeps every row. */
export interface AssignmentFilter {
  tag: string;
  responsible: string;
}

export const NO_ASSIGNMENT_FILTER: AssignmentFilter = { tag: '', responsible: '' };

/** The tags of the rows, each once, in the order people read them. */
export const tagsIn = (rows: readonly Assigned[]): string[] =>
  [...new Set(rows.flatMap((r) => r.tags))].sort((a, b) => a.localeCompare(b, 'nb'));

/** The responsible accountants of the rows, each once, by name: [id, name]. */
export const responsiblesIn = (rows: readonly Assigned[]): Array<[id: string, name: string]> =>
  [
    ...new Map(rows.flatMap((r) => (r.responsible ? [[r.responsible.id, r.responsible.name] as const] : []))).entries(),
  ].sort(([, a], [, b]) => a.localeCompare(b, 'nb'));

/** Whether a row has the filter's tag and responsible accountant (each when chosen). */
export const matchesAssignment = (row: Assigned, f: AssignmentFilter): boolean =>
  (!f.tag || row.tags.includes(f.tag)) && (!f.responsible || row.responsible?.id === f.responsible);
