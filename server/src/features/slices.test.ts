import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The shape issue 13 asks of the server: one folder per feature, database access in each feature's
// queries.ts, routes thin, the report engine free of HTTP errors. Read from the sources, so a file that
// drifts back fails here rather than in review.
const src = new URL('../', import.meta.url);
const features = new URL('./', import.meta.url);
const dirs = (url: URL) =>
  readdirSync(url, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** A query builder called on the database or a transaction: `db.select(`, `tx\n  .insert(`, `db.transaction(`. */
const DB_CALL =
  /\b(db|tx)\s*\.\s*(select|selectDistinct|insert|update|delete|transaction|query|run|all|get|values|batch|execute|\$count|\$with)\s*[(.<]/g;

/** Routes files not yet moved over; the list only shrinks (it is empty: keep it so). */
const NOT_YET: readonly string[] = [];

function dbCalls(text: string): string[] {
  return [...text.matchAll(DB_CALL)].map((m) => m[0].replace(/\s+/g, ''));
}

describe('server feature slices', () => {
  it('has no top-level folder with the name of a feature', () => {
    const top = dirs(src).filter((d) => d !== 'features');
    expect(top.filter((d) => dirs(features).includes(d))).toEqual([]);
  });

  it('finds a query builder call however it is written (so the next test can fail)', () => {
    expect(
      dbCalls(
        'await db.select().from(x); await tx\n  .insert(y); deps.db.transaction(async () => {}); deps.db.all<{ n: number }>(q)',
      ),
    ).toEqual(['db.select(', 'tx.insert(', 'db.transaction(', 'db.all<']);
    expect(dbCalls('await boardsOf(db, id); const selected = 1; db2.select')).toEqual([]);
  });

  it('keeps database calls out of every routes.ts: they live in the feature’s queries.ts as (db, params) functions', () => {
    const offenders: Record<string, string[]> = {};
    for (const feature of dirs(features)) {
      if (NOT_YET.includes(feature)) continue;
      let text: string;
      try {
        text = readFileSync(new URL(`${feature}/routes.ts`, features), 'utf8');
      } catch {
        continue; // a feature without routes
      }
      // Query operators (eq, and, sql) in a routes file mean a query is being built there.
      const calls = [...dbCalls(text), ...(/from 'drizzle-orm/.test(text) ? ["import from 'drizzle-orm'"] : [])];
      if (calls.length) offenders[feature] = calls;
    }
    expect(offenders).toEqual({});
  });

  it('throws no HTTP error from the report engine (reports/ and engine/ outside their routes)', () => {
    const offenders: string[] = [];
    for (const [dir, url] of [
      ['features/reports', new URL('reports/', features)],
      ['engine', new URL('engine/', src)],
    ] as const) {
      for (const file of readdirSync(url, { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === 'routes.ts') continue;
        const text = readFileSync(new URL(file, url), 'utf8');
        if (/ApiError|HTTPException|http\/errors|from 'hono/.test(text)) offenders.push(`${dir}/${file}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
