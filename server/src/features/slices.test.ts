import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOT_JSON } from '@saldo/contract/api/index';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Served } from '../http/serve.ts';

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

// Issue 28: one declaration per route. A route is declared once, in the contract (api/<topic>.ts, or a
// widget's registry entry), and served once beside its handler in its feature with its access rule;
// the route table, the response map, the OpenAPI document and the contract's route types are derived.
const contractSrc = new URL('../../contract/src/', import.meta.url);

/** The production sources under a folder (no tests), by their path from `root`. */
function sources(root: URL, under = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(new URL(under, root), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('.d.ts')) continue;
    out.set(`${under}${file}`, readFileSync(new URL(`${under}${file}`, root), 'utf8'));
  }
  return out;
}

/** What a file imports (static, dynamic and re-exports). */
const importsOf = (text: string) =>
  [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1] ?? '').filter(Boolean);

describe('the access and http layers', () => {
  it('finds an import of a feature however it is written (so the next test can fail)', () => {
    expect(
      importsOf(
        "import { a } from '../features/boards/queries.ts';\nexport type { B } from '../features/x.ts';\nawait import('../features/y.ts');",
      ).filter((from) => from.includes('features/')),
    ).toHaveLength(3);
  });

  it('import nothing from features/: what they need of a feature, the composition root hands them', () => {
    const offenders: string[] = [];
    for (const layer of ['access/', 'http/']) {
      for (const [file, text] of sources(src, layer))
        for (const from of importsOf(text)) if (/(^|\/)features\//.test(from)) offenders.push(`${file} → ${from}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('one declaration per route', () => {
  let served: typeof import('../served.ts');
  let doc: { paths: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    served = await import('../served.ts');
    const { createTestApp } = await import('../test/create-test-app.ts');
    const t = await createTestApp();
    doc = await (await t.request('/api/openapi.json')).json();
  });

  /** What a served route lacks of its access rule, its response rule and its entry in the reference. */
  function missing(route: Served, paths: typeof doc.paths): string[] {
    const key = `${route.route.method} ${route.route.path}`;
    const lacks: string[] = [];
    const kinds = ['public', 'loopback', 'user', 'menu', 'role', 'viewer'];
    if (!route.access || !kinds.includes(route.access.kind)) lacks.push(`${key}: no access rule`);
    const rule = route.route.response as unknown;
    const isRule =
      rule === NOT_JSON ||
      (typeof rule === 'object' && rule !== null && ('events' in rule || ('status' in rule && 'schema' in rule)));
    if (!isRule) lacks.push(`${key}: no response rule`);
    const operation = paths[route.route.path.replace(/:(\w+)/g, '{$1}')]?.[route.route.method.toLowerCase()];
    if (!route.route.hidden && !operation) lacks.push(`${key}: no OpenAPI operation`);
    return lacks;
  }

  it('fails on a served route without an access rule, a response rule or an OpenAPI entry', () => {
    const bare = {
      route: { method: 'GET', path: '/nowhere/:id', tag: 't', summary: 's', response: undefined },
      access: undefined,
      handler: () => new Response(),
    } as unknown as Served;
    expect(missing(bare, {})).toEqual([
      'GET /nowhere/:id: no access rule',
      'GET /nowhere/:id: no response rule',
      'GET /nowhere/:id: no OpenAPI operation',
    ]);
  });

  it('gives every served route an access rule, a response rule and an OpenAPI entry', () => {
    const all = Object.values(served.servedRoutes).flat();
    expect(all.length).toBeGreaterThan(100);
    expect(all.flatMap((route) => missing(route, doc.paths))).toEqual([]);
    // And the derived tables name exactly the served routes, once each.
    const keys = all.map((s) => `${s.route.method} ${s.route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(served.routeAccess).sort()).toEqual([...keys].sort());
    expect(Object.keys(served.routeResponses).sort()).toEqual([...keys].sort());
  });

  it('names no route in more than one production file of the server or the contract', () => {
    const all = Object.values(served.servedRoutes).flat();
    const files = new Map([...sources(src)].concat([...sources(contractSrc)].map(([f, t]) => [`contract/${f}`, t])));
    // The portal's page paths (its menu) share a few names with API paths; they name pages, not routes.
    // The test helpers (test/) are no production code.
    files.delete('access/menu.ts');
    for (const file of files.keys()) if (file.startsWith('test/')) files.delete(file);
    const named = new Map<string, Set<string>>();
    for (const { route } of all) {
      const key = `${route.method} ${route.path}`;
      for (const [file, text] of files) {
        const quoted = (s: string) => [`'${s}'`, `"${s}"`, `\`${s}\``].some((q) => text.includes(q));
        if (quoted(key) || quoted(route.path) || quoted(`/api${route.path}`))
          named.set(key, new Set([...(named.get(key) ?? []), file]));
      }
    }
    const twice = [...named].filter(([, where]) => where.size > 1).map(([key, where]) => `${key}: ${[...where]}`);
    expect(twice).toEqual([]);
    // Each route is found where it is declared (the test would find a second place): most in api/.
    expect(
      [...named.values()].filter((where) => [...where].some((f) => f.startsWith('contract/api/'))).length,
    ).toBeGreaterThan(80);
  });
});

/** What a folder's production files import, relative specifiers resolved to paths from src/ ('db/client.ts'). */
const resolvedImports = (folder: string) => {
  const root = fileURLToPath(src);
  return [...sources(src, folder)].map(([file, text]) => ({
    file,
    imports: importsOf(text).map((s) => (s.startsWith('.') ? relative(root, resolve(root, dirname(file), s)) : s)),
  }));
};

const offendersOf = (folder: string, banned: (target: string) => boolean) =>
  resolvedImports(folder).flatMap(({ file, imports }) => imports.filter(banned).map((target) => `${file} → ${target}`));

describe('the edges between the server’s layers (issue 28)', () => {
  it('reads imports however they are written (so the tests below can fail)', () => {
    const seen = resolvedImports('connectors/').find((f) => f.file === 'connectors/factory.ts');
    expect(seen?.imports).toContain('connectors/demo/demo-company.ts');
    expect(seen?.imports).toContain('@saldo/contract');
  });

  it('keeps the connectors to yielding records: they import neither the database nor a feature (nor the seed, which does)', () => {
    expect(offendersOf('connectors/', (t) => /^(db|features)\//.test(t) || t === 'seed.ts')).toEqual([]);
  });

  it('keeps the report engine pure: it imports only itself and the contract', () => {
    expect(offendersOf('engine/', (t) => !t.startsWith('engine/') && !t.startsWith('@saldo/contract'))).toEqual([]);
  });
});

describe('the server stays behind its own door (issue 28)', () => {
  const repo = fileURLToPath(new URL('../../../', import.meta.url));
  const serverDir = resolve(repo, 'server');
  /** Every source file of the other packages (not their builds, dependencies or browser journeys) and what it imports. */
  function clientImports(): Array<{ file: string; from: string }> {
    const out: Array<{ file: string; from: string }> = [];
    for (const pkg of ['portal', 'sdk', 'storybook', 'examples']) {
      for (const file of readdirSync(resolve(repo, pkg), { recursive: true, encoding: 'utf8' })) {
        if (/(^|\/)(node_modules|dist|storybook-static|\.vitest)(\/|$)/.test(file)) continue;
        if (!/\.(ts|tsx|mts|mjs|js|jsx)$/.test(file) || `${pkg}/${file}`.startsWith('portal/e2e/')) continue;
        const path = resolve(repo, pkg, file);
        for (const from of importsOf(readFileSync(path, 'utf8').replaceAll('"', "'")))
          out.push({ file: `${pkg}/${file}`, from: from.startsWith('.') ? resolve(dirname(path), from) : from });
      }
    }
    return out;
  }

  it('reads the other packages’ imports (so the next test can fail)', () => {
    const seen = clientImports();
    expect(seen.filter((i) => i.from.startsWith('@saldo/contract')).length).toBeGreaterThan(50);
  });

  it('is imported by no file outside server/ but the portal’s browser journeys: the others use the contract or fixtures', () => {
    const offenders = clientImports().filter(
      ({ from }) => from.startsWith('@saldo/server') || from === serverDir || from.startsWith(`${serverDir}/`),
    );
    expect(offenders.map(({ file, from }) => `${file} → ${relative(repo, from) || from}`)).toEqual([]);
  });
});

// Issue 28: one ledger read model. Monthly movements and balances, booked months, the data version key,
// the live-ledger snapshot and the data cache live in ledger/, which reads the database and nothing of a
// feature; the features that show figures read it there rather than each other.
describe('one ledger read model (issue 28)', () => {
  /** The features that show the ledger's figures: none reaches into another for them. */
  const READERS = ['reports', 'widgets', 'kpis', 'budgets', 'exports'] as const;
  /**
   * Imports between them that are a feature's public service rather than a ledger read, each with its
   * reason. The list only shrinks.
   */
  const ALLOWED: Record<string, string> = {
    // The widget registry's one data function per type (widgets/data.ts): the KPI and budget types' own
    // features compute them, as reports compute the statements.
    'features/widgets/data.ts → features/kpis/widget.ts': 'the kpi widget type is the KPI library’s',
    'features/widgets/data.ts → features/budgets/widget.ts': 'the budget widget type is the budget’s',
    // A statement compared with the budget is the budget's statement, from its cells (budgets owns them).
    'features/reports/routes.ts → features/budgets/statement.ts': 'a statement’s budget comparison',
  };

  it('reads imports between features however they are written (so the tests below can fail)', () => {
    const seen = resolvedImports('features/widgets/').find((f) => f.file === 'features/widgets/data.ts');
    expect(seen?.imports).toContain('features/kpis/widget.ts');
  });

  it('has a ledger/ that imports only the database, the engine, the contract and itself: never a feature', () => {
    const files = resolvedImports('ledger/');
    expect(files.map((f) => f.file)).toContain('ledger/snapshot.ts');
    // Besides its own packages: the query builder, Node's own modules, and the request's scope (scope.ts,
    // which imports nothing of the server) where the snapshot keeps the versions a request reads.
    const allowed = (t: string) =>
      /^(db|engine|ledger)\//.test(t) ||
      t === 'scope.ts' ||
      /^(@saldo\/contract|drizzle-orm)(\/|$)/.test(t) ||
      t.startsWith('node:');
    expect(
      files.flatMap(({ file, imports }) => imports.filter((t) => !allowed(t)).map((t) => `${file} → ${t}`)),
    ).toEqual([]);
  });

  it('keeps reports, widgets, kpis, budgets and exports from importing each other (but the listed services)', () => {
    const crossing = READERS.flatMap((feature) =>
      offendersOf(`features/${feature}/`, (t) =>
        READERS.some((other) => other !== feature && t.startsWith(`features/${other}/`)),
      ),
    );
    expect(crossing.filter((edge) => !(edge in ALLOWED))).toEqual([]);
    // An allowed edge no longer there leaves the list.
    expect(Object.keys(ALLOWED).filter((edge) => !crossing.includes(edge))).toEqual([]);
  });
});
