import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, createClient, LibsqlError } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HranaServer, startHranaServer } from './hrana-server.ts';
import { splitStatements } from './hrana-values.ts';

/** The local Hrana server against the real remote client, @libsql/client over HTTP, as Saldo uses it. */
const TOKEN = 'hrana-test-token';
let server: HranaServer;
let client: Client;

beforeAll(async () => {
  const dir = mkdtempSync(join(process.env.SALDO_TEST_TMP ?? tmpdir(), 'saldo-hrana-'));
  server = await startHranaServer({ file: join(dir, 'remote.db'), authToken: TOKEN });
  client = createClient({ url: server.url, authToken: TOKEN });
  await client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER, r REAL, s TEXT, b BLOB)');
});

afterAll(async () => {
  client?.close();
  await server?.close();
});

describe('local Hrana server with @libsql/client over HTTP', () => {
  it('executes with every kind of value, integers beyond 2^53 exact as BigInt', async () => {
    const big = 2n ** 62n + 3n;
    const blob = new Uint8Array([0, 1, 254, 255]);
    const insert = await client.execute({
      sql: 'INSERT INTO t (n, r, s, b) VALUES (?, ?, ?, ?)',
      args: [big, 1.5, 'blåbær', blob],
    });
    expect(insert.rowsAffected).toBe(1);
    const id = insert.lastInsertRowid;
    expect(typeof id).toBe('bigint');
    const wide = createClient({ url: server.url, authToken: TOKEN, intMode: 'bigint' });
    const read = await wide.execute({ sql: 'SELECT n, r, s, b, NULL AS z FROM t WHERE id = :id', args: { id: id! } });
    wide.close();
    expect(read.columns).toEqual(['n', 'r', 's', 'b', 'z']);
    expect(read.columnTypes).toEqual(['INTEGER', 'REAL', 'TEXT', 'BLOB', '']);
    const row = read.rows[0]!;
    expect(row.n).toBe(big);
    expect(row.r).toBe(1.5);
    expect(row.s).toBe('blåbær');
    expect(new Uint8Array(row.b as ArrayBuffer)).toEqual(blob);
    expect(row.z).toBeNull();
  });

  it('answers a SQLite error with its code and message, and a syntax error as sqld parses it', async () => {
    const err = await client.execute('INSERT INTO t (id) VALUES (1), (1)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LibsqlError);
    expect((err as LibsqlError).code).toBe('SQLITE_CONSTRAINT');
    expect((err as LibsqlError).message).toMatch(/UNIQUE constraint failed: t\.id/);
    const parse = await client.execute('SELEC 1').catch((e: unknown) => e);
    expect((parse as LibsqlError).code).toBe('SQL_PARSE_ERROR');
    const many = await client.execute('SELECT 1; SELECT 2').catch((e: unknown) => e);
    expect((many as LibsqlError).code).toBe('SQL_MANY_STATEMENTS');
  });

  it('runs a batch as one transaction: a failing statement leaves none of it', async () => {
    await client.execute('DELETE FROM t');
    const err = await client
      .batch(
        [
          { sql: 'INSERT INTO t (id, s) VALUES (?, ?)', args: [10, 'first'] },
          { sql: 'INSERT INTO t (id, s) VALUES (?, ?)', args: [11, 'second'] },
          { sql: 'INSERT INTO t (id, s) VALUES (?, ?)', args: [10, 'again'] },
        ],
        'write',
      )
      .catch((e: unknown) => e);
    expect((err as LibsqlError).code).toBe('SQLITE_CONSTRAINT');
    expect((await client.execute('SELECT count(*) AS c FROM t')).rows[0]!.c).toBe(0);
    const done = await client.batch(
      [
        { sql: 'INSERT INTO t (id, s) VALUES (?, ?)', args: [10, 'first'] },
        { sql: 'INSERT INTO t (id, s) VALUES (?, ?)', args: [11, 'second'] },
        'SELECT s FROM t ORDER BY id',
      ],
      'write',
    );
    expect(done.map((r) => r.rowsAffected)).toEqual([1, 1, 0]);
    expect(done[2]!.rows.map((r) => r.s)).toEqual(['first', 'second']);
  });

  it('holds an interactive transaction across requests: rollback undoes, commit keeps', async () => {
    await client.execute('DELETE FROM t');
    const rolled = await client.transaction('write');
    await rolled.execute({ sql: 'INSERT INTO t (id, s) VALUES (1, ?)', args: ['gone'] });
    expect((await rolled.execute('SELECT count(*) AS c FROM t')).rows[0]!.c).toBe(1);
    expect(server.openStreams()).toBe(1);
    await rolled.rollback();
    expect((await client.execute('SELECT count(*) AS c FROM t')).rows[0]!.c).toBe(0);

    const kept = await client.transaction('write');
    await kept.execute({ sql: 'INSERT INTO t (id, s) VALUES (2, ?)', args: ['kept'] });
    // Another stream's write waits for the transaction, then goes through.
    const other = client.execute({ sql: 'INSERT INTO t (id, s) VALUES (3, ?)', args: ['after'] });
    await kept.execute({ sql: 'UPDATE t SET s = ? WHERE id = 2', args: ['kept!'] });
    await kept.commit();
    await other;
    expect((await client.execute('SELECT s FROM t ORDER BY id')).rows.map((r) => r.s)).toEqual(['kept!', 'after']);
    expect(server.openStreams()).toBe(0);
  });

  it('gives each stream its own connection: a PRAGMA holds only for its stream', async () => {
    const tx = await client.transaction('deferred');
    await tx.execute('PRAGMA query_only = 1');
    expect((await tx.execute('PRAGMA query_only')).rows[0]![0]).toBe(1);
    expect((await client.execute('PRAGMA query_only')).rows[0]![0]).toBe(0);
    await tx.rollback();
  });

  it("starts every stream with foreign keys on, as libSQL's build does, or off when asked", async () => {
    expect((await client.execute('PRAGMA foreign_keys')).rows[0]![0]).toBe(1);
    const dir = mkdtempSync(join(process.env.SALDO_TEST_TMP ?? tmpdir(), 'saldo-hrana-'));
    const plain = await startHranaServer({ file: join(dir, 'plain.db'), foreignKeys: false });
    const plainClient = createClient({ url: plain.url });
    try {
      await plainClient.execute('PRAGMA foreign_keys = ON');
      expect((await plainClient.execute('PRAGMA foreign_keys')).rows[0]![0]).toBe(0);
    } finally {
      plainClient.close();
      await plain.close();
    }
  });

  it('refuses a request without the token, or with another', async () => {
    const before = server.stats.unauthorized;
    for (const authToken of [undefined, 'wrong']) {
      const stranger = createClient({ url: server.url, ...(authToken ? { authToken } : {}) });
      const err = await stranger.execute('SELECT 1').catch((e: unknown) => e);
      stranger.close();
      expect((err as LibsqlError).code).toBe('SERVER_ERROR');
      expect((err as LibsqlError).message).toMatch(/401/);
    }
    expect(server.stats.unauthorized).toBe(before + 2);
  });
});

describe('Hrana pipeline by hand', () => {
  const pipeline = async (path: string, request: object) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    const json = res.headers.get('content-type') === 'application/json';
    // biome-ignore lint/suspicious/noExplicitAny: the protocol's answers, read loosely; every use is asserted
    const body: any = json ? await res.json() : await res.text();
    return { status: res.status, body };
  };
  const stmt = (sql: string) => ({ sql, args: [], named_args: [], want_rows: true });

  it('evaluates batch conditions ok, error, not, and, or', async () => {
    const { status, body } = await pipeline('/v2/pipeline', {
      requests: [
        {
          type: 'batch',
          batch: {
            steps: [
              { stmt: stmt('SELECT 1') },
              { stmt: stmt('SELECT nope') },
              { condition: { type: 'ok', step: 0 }, stmt: stmt('SELECT 2') },
              { condition: { type: 'ok', step: 1 }, stmt: stmt('SELECT 3') },
              { condition: { type: 'error', step: 1 }, stmt: stmt('SELECT 4') },
              { condition: { type: 'not', cond: { type: 'ok', step: 0 } }, stmt: stmt('SELECT 5') },
              {
                condition: {
                  type: 'and',
                  conds: [
                    { type: 'ok', step: 0 },
                    { type: 'error', step: 1 },
                  ],
                },
                stmt: stmt('SELECT 6'),
              },
              {
                condition: {
                  type: 'or',
                  conds: [
                    { type: 'ok', step: 1 },
                    { type: 'ok', step: 3 },
                  ],
                },
                stmt: stmt('SELECT 7'),
              },
            ],
          },
        },
        { type: 'close' },
      ],
    });
    expect(status).toBe(200);
    expect(body.baton).toBeNull();
    const result = body.results[0].response.result;
    const ran = result.step_results.map((r: { rows: { value: string }[][] } | null) => r?.rows[0]?.[0]?.value ?? null);
    expect(ran).toEqual(['1', null, '2', null, '4', null, '6', null]);
    expect(result.step_errors[1].code).toBe('SQLITE_ERROR');
    expect(result.step_errors.filter(Boolean)).toHaveLength(1);
  });

  it('keeps a stream by its baton, one use each; Hrana 3 answers get_autocommit and is_autocommit', async () => {
    const first = await pipeline('/v3/pipeline', {
      requests: [{ type: 'execute', stmt: stmt('BEGIN') }, { type: 'get_autocommit' }],
    });
    expect(first.body.results[1].response.is_autocommit).toBe(false);
    const second = await pipeline('/v3/pipeline', {
      baton: first.body.baton,
      requests: [
        {
          type: 'batch',
          batch: {
            steps: [{ condition: { type: 'is_autocommit' }, stmt: stmt('SELECT 1') }, { stmt: stmt('ROLLBACK') }],
          },
        },
        { type: 'get_autocommit' },
        { type: 'close' },
      ],
    });
    expect(second.body.results[0].response.result.step_results[0]).toBeNull();
    expect(second.body.results[1].response.is_autocommit).toBe(true);
    const reused = await pipeline('/v3/pipeline', { baton: first.body.baton, requests: [{ type: 'close' }] });
    expect(reused.status).toBe(400);
    const v2 = await pipeline('/v2/pipeline', { requests: [{ type: 'get_autocommit' }] });
    expect(v2.status).toBe(400);
  });

  it('stores SQL texts by id for the stream, and runs a sequence', async () => {
    const { body } = await pipeline('/v2/pipeline', {
      requests: [
        { type: 'store_sql', sql_id: 1, sql: 'SELECT ? * 2' },
        { type: 'execute', stmt: { sql_id: 1, args: [{ type: 'integer', value: '21' }], want_rows: true } },
        { type: 'close_sql', sql_id: 1 },
        { type: 'execute', stmt: { sql_id: 1, want_rows: true } },
      ],
    });
    expect(body).toMatch(/SQL text with id 1 was not found/);
    const seq = await pipeline('/v2/pipeline', {
      requests: [
        { type: 'store_sql', sql_id: 1, sql: 'SELECT ? * 2' },
        { type: 'execute', stmt: { sql_id: 1, args: [{ type: 'integer', value: '21' }], want_rows: true } },
        { type: 'sequence', sql: 'CREATE TEMP TABLE q (x); INSERT INTO q VALUES (1); INSERT INTO q VALUES (2);' },
        { type: 'execute', stmt: stmt('SELECT sum(x) FROM q') },
        { type: 'close' },
      ],
    });
    expect(seq.body.results[1].response.result.rows[0][0]).toEqual({ type: 'integer', value: '42' });
    expect(seq.body.results[3].response.result.rows[0][0]).toEqual({ type: 'integer', value: '3' });
  });
});

describe('splitStatements', () => {
  it('counts statements as a parser does: quotes, comments and trigger bodies hold their semicolons', () => {
    expect(splitStatements("SELECT ';' -- a; b\n; /* c; */")).toEqual(["SELECT ';' -- a; b"]);
    expect(splitStatements('SELECT 1; SELECT 2;')).toHaveLength(2);
    expect(splitStatements(' -- nothing\n ')).toEqual([]);
    const trigger = 'CREATE TRIGGER x AFTER INSERT ON t BEGIN UPDATE t SET n = 1; DELETE FROM t; END';
    expect(splitStatements(`${trigger}; SELECT 1`)).toEqual([trigger, 'SELECT 1']);
  });
});
