// One company, one ledger on a board: two SAF-T sources of the same company (registration number)
// whose files cover a month in common would count that month twice. The board refuses the second
// source (422 BOARD_SOURCES_OVERLAP), naming the source that already covers which months: next
// month's file goes on that source ("Upload new file"). Refusing is simpler and more honest than
// counting the overlap once: no figure on the board is ever a choice between two files the user
// cannot see. The months are those the sources' files were read to cover (saft_file.period_from/to);
// the sync applies the same rule to what it has just read (overlapOnBoards), so a later file or an
// import that finished after the source was added cannot bring an overlap in either.

import { type SourceError, sourceError } from '@saldo/contract/sources/source-errors';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiAccount, boardApiAccount, saftFile } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { registrationKey } from './saft-file-routes.ts';

interface Covering {
  id: string;
  name: string;
  number: string;
  ranges: { from: string; to: string }[];
}

/**
 * Refuses board `boardId` over `wanted` when two SAF-T sources of one company overlap; the one the
 * board has already is named as covering the months, the other as the one being added.
 */
export async function assertNoOverlappingSources(db: Db, boardId: string, wanted: readonly string[]): Promise<void> {
  if (wanted.length < 2) return;
  const current = new Set(
    (
      await db
        .select({ id: boardApiAccount.apiAccountId })
        .from(boardApiAccount)
        .where(eq(boardApiAccount.boardId, boardId))
    ).map((r) => r.id),
  );
  const found = await overlapOf(db, [
    ...wanted.filter((id) => current.has(id)),
    ...wanted.filter((id) => !current.has(id)),
  ]);
  if (found)
    throw new ApiError('BOARD_SOURCES_OVERLAP', {
      source: { id: found.earlier.id, name: found.earlier.name },
      adding: { id: found.adding.id, name: found.adding.name },
      error: found.error,
    });
}

/**
 * The same rule when source `apiAccountId` has read its files anew (`read`: each file's months, not yet
 * stored): on a board that holds it, another SAF-T source of the company covering a month it now covers
 * (a later "Upload new file" reaching into the other's months, or a source added to the board before its
 * first import had read its months). The other source is named as covering the months; null if none.
 */
export async function overlapOnBoards(
  db: Db,
  apiAccountId: string,
  read: ReadonlyMap<string, { from: string; to: string } | null>,
): Promise<SourceError | null> {
  const boards = db
    .select({ id: boardApiAccount.boardId })
    .from(boardApiAccount)
    .where(eq(boardApiAccount.apiAccountId, apiAccountId));
  const others = await db
    .selectDistinct({ id: boardApiAccount.apiAccountId })
    .from(boardApiAccount)
    .where(and(inArray(boardApiAccount.boardId, boards), ne(boardApiAccount.apiAccountId, apiAccountId)));
  if (others.length === 0) return null;
  return (await overlapOf(db, [...others.map((o) => o.id), apiAccountId], read))?.error ?? null;
}

/**
 * Of `ids` in order, the first source that overlaps one before it (same registration number, a month
 * in common), with that earlier one and their common months; `read` overrides files' stored months.
 */
async function overlapOf(
  db: Db,
  ids: readonly string[],
  read: ReadonlyMap<string, { from: string; to: string } | null> = new Map(),
): Promise<{ earlier: Covering; adding: Covering; error: SourceError } | null> {
  const rows = await db
    .select({
      id: apiAccount.id,
      name: apiAccount.name,
      number: apiAccount.number,
      file: saftFile.id,
      from: saftFile.periodFrom,
      to: saftFile.periodTo,
    })
    .from(apiAccount)
    .innerJoin(saftFile, eq(saftFile.apiAccountId, apiAccount.id))
    .where(and(inArray(apiAccount.id, [...ids]), eq(apiAccount.provider, 'saft')));
  const sources = new Map<string, Covering>();
  for (const r of rows) {
    if (!r.number || !registrationKey(r.number)) continue;
    const source = sources.get(r.id) ?? { id: r.id, name: r.name, number: r.number, ranges: [] };
    sources.set(r.id, source);
    const range = read.has(r.file) ? read.get(r.file) : r.from && r.to ? { from: r.from, to: r.to } : null;
    if (range) source.ranges.push(range);
  }
  const ordered = ids.map((id) => sources.get(id)).filter((s): s is Covering => s !== undefined);
  for (const [i, adding] of ordered.entries())
    for (const earlier of ordered.slice(0, i)) {
      if (registrationKey(earlier.number) !== registrationKey(adding.number)) continue;
      const common = overlap(earlier.ranges, adding.ranges);
      if (common)
        return {
          earlier,
          adding,
          error: sourceError('SAFT_SOURCES_OVERLAP', {
            source: earlier.name,
            adding: adding.name,
            registration: earlier.number,
            ...common,
          }),
        };
    }
  return null;
}

/** The months two sets of ranges have in common, from the first to the last such month; null when none. */
function overlap(a: Covering['ranges'], b: Covering['ranges']): { from: string; to: string } | null {
  let from: string | undefined;
  let to: string | undefined;
  for (const x of a)
    for (const y of b) {
      const start = x.from > y.from ? x.from : y.from;
      const end = x.to < y.to ? x.to : y.to;
      if (start > end) continue;
      if (from === undefined || start < from) from = start;
      if (to === undefined || end > to) to = end;
    }
  return from && to ? { from, to } : null;
}
