import type { Client, InArgs, InStatement, InValue, ResultSet } from '@libsql/client';
import Driver from 'libsql';

/**
 * A `file:` client whose SELECTs outside a transaction run on one connection of its own with their
 * statements kept prepared. @libsql/client prepares every statement anew on every call (and asks it
 * for its columns twice): for the short reads every request makes, that costs more CPU than SQLite
 * takes to run them. Everything else (writes, batches, transactions) goes to the client as before.
 * A kept statement holds only its text's compiled form, never rows: each call reads the database as
 * it is now, and SQLite recompiles it itself after a schema change. A SELECT cannot write, so it
 * needs none of the pool's write locking; WAL lets this connection read while another one writes.
 */
type Statement = ReturnType<InstanceType<typeof Driver>['prepare']>;

interface Kept {
  stmt: Statement;
  columns: string[];
  columnTypes: string[];
}

/** Each kept-reads client's change counter (see changeCounterOf). */
const changeCounters = new WeakMap<Client, () => number | undefined>();

/**
 * A number that stays the same while nothing is committed to the client's database file, by any
 * connection of any process, and changes when something is (SQLite's `PRAGMA data_version`, asked on
 * the connection that only reads, so every commit is another connection's). Undefined for a client
 * that is not a kept-reads one (`:memory:`, a remote database), or when it cannot be read.
 */
export function changeCounterOf(client: Client): number | undefined {
  return changeCounters.get(client)?.();
}

export function withCachedReads(client: Client, file: string, busyTimeoutMs: number, maxStatements = 500): Client {
  const reader = new Driver(file, { timeout: busyTimeoutMs });
  const kept = new Map<string, Kept>();
  const dataVersion = reader.prepare('PRAGMA data_version');
  dataVersion.raw(true);

  /** A statement's columns, asked once, not on every call as the client does. */
  const describe = (k: Kept): Kept => {
    const columns = k.stmt.columns();
    k.columns = columns.map((c) => c.name);
    k.columnTypes = columns.map((c) => c.type ?? '');
    return k;
  };

  const keep = (sql: string): Kept => {
    let k = kept.get(sql);
    if (k === undefined) {
      const stmt = reader.prepare(sql);
      stmt.safeIntegers(true);
      stmt.raw(true);
      k = describe({ stmt, columns: [], columnTypes: [] });
      kept.set(sql, k);
      // A server's reads are a fixed few hundred texts; the oldest goes first should there be more.
      if (kept.size > maxStatements) kept.delete(kept.keys().next().value as string);
    }
    return k;
  };

  /** The read on the kept statement; undefined when it could not run so, and the client runs it instead. */
  const fast = (sql: string, args: InArgs): ResultSet | undefined => {
    try {
      const k = keep(sql);
      const raw = k.stmt.all(bindable(args)) as unknown[][];
      // SQLite recompiled it after another connection changed the schema (a `select *` got a column).
      if (raw.length > 0 && raw[0]!.length !== k.columns.length) describe(k);
      const { columns, columnTypes } = k;
      const rows = raw.map((r) => rowOf(r, columns));
      return {
        columns,
        columnTypes,
        rows,
        rowsAffected: 0,
        lastInsertRowid: undefined,
        toJSON: () => ({ columns, columnTypes, rows: rows.map((r) => Array.from(r)), rowsAffected: 0 }),
      } as ResultSet;
    } catch {
      // Invalid SQL, a bad argument, a busy database: dropped, and the client's own run gives the
      // error callers know (or the rows, once the lock is free).
      kept.delete(sql);
      return undefined;
    }
  };

  const execute = async (stmtOrSql: InStatement, maybeArgs?: InArgs): Promise<ResultSet> => {
    const sql = typeof stmtOrSql === 'string' ? stmtOrSql : stmtOrSql.sql;
    const args = typeof stmtOrSql === 'string' ? (maybeArgs ?? []) : (stmtOrSql.args ?? []);
    return (isSelect(sql) && fast(sql, args)) || client.execute({ sql, args });
  };

  const wrapped: Client = {
    execute: execute as Client['execute'],
    batch: client.batch.bind(client),
    migrate: client.migrate.bind(client),
    transaction: client.transaction.bind(client),
    executeMultiple: client.executeMultiple.bind(client),
    sync: client.sync.bind(client),
    close: () => {
      kept.clear();
      reader.close();
      client.close();
    },
    reconnect: client.reconnect.bind(client),
    get closed() {
      return client.closed;
    },
    get protocol() {
      return client.protocol;
    },
  };
  changeCounters.set(wrapped, () => {
    try {
      return Number((dataVersion.get() as unknown[])[0]);
    } catch {
      return undefined;
    }
  });
  return wrapped;
}

/** A statement that only reads: SELECT, not WITH (which may end in a write) nor PRAGMA (which may set). */
const isSelect = (sql: string) => /^\s*select\s/i.test(sql);

/** Arguments as the driver takes them: named ones without their sigil. */
function bindable(args: InArgs): unknown[] | Record<string, unknown> {
  if (Array.isArray(args)) return args.map(valueToSql);
  const out: Record<string, unknown> = {};
  for (const name in args) {
    const bare = name[0] === '@' || name[0] === '$' || name[0] === ':' ? name.slice(1) : name;
    out[bare] = valueToSql(args[name]!);
  }
  return out;
}

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_I64 = -(2n ** 63n);
const MAX_I64 = 2n ** 63n - 1n;

/** As @libsql/client binds a value (its default intMode, 'number'). */
function valueToSql(value: InValue): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError('Only finite numbers can be bound');
  if (value === undefined) throw new TypeError('undefined cannot be bound');
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  if (typeof value === 'bigint' && (value < MIN_I64 || value > MAX_I64)) throw new RangeError('Not a 64-bit integer');
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  return value;
}

function valueFromSql(value: unknown): unknown {
  if (typeof value === 'bigint') {
    if (value < MIN_SAFE || value > MAX_SAFE)
      throw new RangeError('Received integer which cannot be safely represented as a JavaScript number');
    return Number(value);
  }
  if (value instanceof Buffer) return value.buffer;
  return value;
}

/** A row as @libsql/client gives it: values by index (not enumerable) and by column name. */
function rowOf(raw: unknown[], columns: string[]) {
  const row = {} as Record<string | number, unknown>;
  Object.defineProperty(row, 'length', { value: raw.length });
  for (let i = 0; i < raw.length; i++) {
    const value = valueFromSql(raw[i]);
    Object.defineProperty(row, i, { value });
    const column = columns[i]!;
    if (!Object.hasOwn(row, column))
      Object.defineProperty(row, column, { value, enumerable: true, configurable: true, writable: true });
  }
  return row as unknown as ResultSet['rows'][number];
}
