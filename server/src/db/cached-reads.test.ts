import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, createClient, type InStatement, LibsqlError } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { withCachedReads } from './cached-reads.ts';

const opened: Client[] = [];
afterEach(() => {
  for (const c of opened.splice(0)) c.close();
});

/** A database file with one table; the client as openDatabase wraps it, and the statements that reached the plain client. */
async function setUp() {
  const file = join(mkdtempSync(join(tmpdir(), 'saldo-cached-reads-')), 'saldo.db');
  const plain = createClient({ url: `file:${file}` });
  await plain.execute('PRAGMA journal_mode = WAL');
  await plain.executeMultiple(`
    create table t (id text primary key, n integer, big integer, flag integer, data blob, note text);
    insert into t values ('a', 1, 9007199254740991, 1, x'0102', null), ('b', 2, 0, 0, null, 'b-note');
  `);
  const reachedPlain: string[] = [];
  const execute = plain.execute.bind(plain) as (s: InStatement) => ReturnType<Client['execute']>;
  const counted = Object.assign(Object.create(null), {
    ...Object.fromEntries(
      (['batch', 'migrate', 'transaction', 'executeMultiple', 'sync', 'close', 'reconnect'] as const).map((m) => [
        m,
        (plain[m] as (...a: unknown[]) => unknown).bind(plain),
      ]),
    ),
    execute: (s: InStatement) => {
      reachedPlain.push(typeof s === 'string' ? s : s.sql);
      return execute(s);
    },
    closed: false,
    protocol: 'file',
  }) as Client;
  const client = withCachedReads(counted, file, 5000);
  // Another connection, as another process would have.
  const other = createClient({ url: `file:${file}` });
  opened.push(client, other);
  return { client, plain, other, reachedPlain };
}

describe('withCachedReads', () => {
  it('answers a SELECT as the client does: columns, values by index and by name, integers, blobs', async () => {
    const { client, plain } = await setUp();
    const sql = 'select id, n, big, flag, data, note from t order by id';
    const [ours, theirs] = [await client.execute(sql), await plain.execute(sql)];
    expect(ours.columns).toEqual(theirs.columns);
    expect(ours.columnTypes).toEqual(theirs.columnTypes);
    expect(ours.rows.map((r) => ({ ...r }))).toEqual(theirs.rows.map((r) => ({ ...r })));
    expect(ours.rows.map((r) => Array.from(r))).toEqual(theirs.rows.map((r) => Array.from(r)));
    expect(Object.keys(ours.rows[0]!)).toEqual(['id', 'n', 'big', 'flag', 'data', 'note']);
    expect(ours.rows[0]!.big).toBe(9007199254740991);
    expect(new Uint8Array(ours.rows[0]!.data as ArrayBuffer)).toEqual(new Uint8Array([1, 2]));
    // Positional and named arguments, booleans and dates bound as the client binds them.
    const named = await client.execute({
      sql: 'select id from t where n = :n and flag = $flag',
      args: { n: 1, flag: true },
    });
    expect(named.rows.map((r) => r.id)).toEqual(['a']);
    const positional = await client.execute({ sql: 'select id from t where n > ? order by id', args: [new Date(0)] });
    expect(positional.rows.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('keeps a SELECT prepared: the second call does not reach the client', async () => {
    const { client, reachedPlain } = await setUp();
    for (let i = 0; i < 3; i++) await client.execute({ sql: 'select n from t where id = ?', args: ['a'] });
    expect(reachedPlain).toEqual([]);
  });

  it('reads what another connection committed since, on the kept statement', async () => {
    const { client, other } = await setUp();
    const read = async () => (await client.execute({ sql: 'select n from t where id = ?', args: ['a'] })).rows[0]?.n;
    expect(await read()).toBe(1);
    await other.execute("update t set n = 42 where id = 'a'");
    expect(await read()).toBe(42);
    await other.execute("delete from t where id = 'a'");
    expect(await read()).toBeUndefined();
  });

  it('sees another connection’s new column in a kept `select *`', async () => {
    const { client, other } = await setUp();
    const sql = "select * from t where id = 'b'";
    expect(Object.keys((await client.execute(sql)).rows[0]!)).toHaveLength(6);
    await other.execute("alter table t add column extra text default 'x'");
    const row = (await client.execute(sql)).rows[0]!;
    expect(row.extra).toBe('x');
  });

  it('leaves writes, PRAGMAs and CTEs to the client, and answers bad SQL with the client’s error', async () => {
    const { client, plain, reachedPlain } = await setUp();
    await client.execute({ sql: "insert into t (id, n) values ('c', 3)", args: [] });
    await client.execute('pragma foreign_keys = on');
    await client.execute('with x as (select 1) select * from x');
    expect(reachedPlain).toEqual([
      "insert into t (id, n) values ('c', 3)",
      'pragma foreign_keys = on',
      'with x as (select 1) select * from x',
    ]);
    expect((await plain.execute("select n from t where id = 'c'")).rows[0]!.n).toBe(3);
    const failure = await client.execute('select nope from t').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LibsqlError);
    expect((failure as LibsqlError).code).toBe('SQLITE_ERROR');
    expect(reachedPlain.at(-1)).toBe('select nope from t');
  });
});
