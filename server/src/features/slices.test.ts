import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** A folder's production files (not tests) and what each imports: relative specifiers resolved to paths under src/. */
function importsUnder(folder: string): Array<{ file: string; imports: string[] }> {
  const root = fileURLToPath(src);
  const dir = resolve(root, folder);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mts|mjs)$/.test(f) && !/\.test\.ts$/.test(f))
    .map((f) => {
      const path = resolve(dir, f);
      const text = readFileSync(path, 'utf8');
      const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/g)].map(
        (m) => m[1]!,
      );
      const dynamic = [...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!);
      return {
        file: relative(root, path),
        imports: [...specifiers, ...dynamic].map((s) =>
          s.startsWith('.') ? relative(root, resolve(dirname(path), s)) : s,
        ),
      };
    });
}

const offendersOf = (folder: string, banned: (target: string) => boolean) =>
  importsUnder(folder).flatMap(({ file, imports }) => imports.filter(banned).map((target) => `${file} → ${target}`));

describe('the edges between the server’s layers (issue 28)', () => {
  it('reads imports however they are written (so the tests below can fail)', () => {
    const seen = importsUnder('connectors').find((f) => f.file === 'connectors/factory.ts');
    expect(seen?.imports).toContain('connectors/demo/demo-company.ts');
    expect(seen?.imports).toContain('@saldo/contract');
  });

  it('keeps the connectors to yielding records: they import neither the database nor a feature (nor the seed, which does)', () => {
    expect(offendersOf('connectors', (t) => /^(db|features)\//.test(t) || t === 'seed.ts')).toEqual([]);
  });

  it('keeps the report engine pure: it imports only itself and the contract', () => {
    expect(offendersOf('engine', (t) => !t.startsWith('engine/') && !t.startsWith('@saldo/contract'))).toEqual([]);
  });
});
