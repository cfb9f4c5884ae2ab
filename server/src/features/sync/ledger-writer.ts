import type { InStatement } from '@libsql/client';
import Driver from 'libsql';
import { BUSY_TIMEOUT_MS, type Db, databaseFileOf } from '../../db/client.ts';
import { LedgerVersionClosed } from './ledger-versions.ts';

/** The columns a sync writes of each ledger table, after `api_account_id` and `version` (which the writer adds). */
export const LEDGER_COLUMNS = {
  posting: [
    'date',
    'period',
    'voucher',
    'account_number',
    'account_id',
    'amount',
    'customer_id',
    'supplier_id',
    'product_id',
    'description',
    'voucher_ref',
  ],
  ledger_account: ['account_id', 'number', 'name', 'name_en'],
  party: ['kind', 'id', 'name', 'org_number'],
  product: ['id', 'name', 'price'],
  employee: ['id', 'name', 'start_date', 'end_date'],
  monthly_balance: ['account_number', 'account_id', 'month', 'amount'],
  party_month: ['kind', 'month', 'party_id', 'amount'],
} as const;

export type LedgerTable = keyof typeof LEDGER_COLUMNS;
export type Value = string | number | null;

/** A source may list the same account, party or product twice: the last one wins. */
const REPLACE: ReadonlySet<LedgerTable> = new Set(['ledger_account', 'party', 'product', 'employee']);

/** Rows per INSERT statement: 500, or fewer for wide tables (SQLite allows 32 766 variables). */
const rowsPerStatement = (table: LedgerTable) => Math.min(500, Math.floor(32_000 / (LEDGER_COLUMNS[table].length + 2)));

const columnsOf = (table: LedgerTable) => ['api_account_id', 'version', ...LEDGER_COLUMNS[table]];
const verb = (table: LedgerTable) => (REPLACE.has(table) ? 'insert or replace' : 'insert');
const tuple = (n: number) => `(${Array.from({ length: n }, () => '?').join(', ')})`;
const tuples = (table: LedgerTable, rows: number) =>
  Array.from({ length: rows }, () => tuple(columnsOf(table).length)).join(', ');

export interface LedgerWriter {
  /** Queues a row (the table's LEDGER_COLUMNS, in order). */
  add(table: LedgerTable, row: Value[]): void;
  readonly pending: number;
  /**
   * Writes the queued rows in one short transaction, refused (LedgerVersionClosed) once the version
   * is no longer being built: an attempt that lost its job can never write into a version after it.
   */
  flush(): Promise<void>;
  close(): void;
}

/**
 * Writes a new ledger version's rows as fast as libSQL allows. For a `file:` database it opens the
 * driver beneath the client on the same file and prepares each multi-row INSERT once: the client
 * prepares every statement anew, which costs time and native memory that is only given back when V8
 * happens to collect the statements' wrappers (measured: 1.5 GB for a million rows). Other databases
 * (`:memory:`, remote) go through the client, one batch a flush.
 */
export function ledgerWriter(db: Db, apiAccountId: string, version: number): LedgerWriter {
  const queued = new Map<LedgerTable, Value[][]>();
  let pending = 0;
  const file = databaseFileOf(db);
  const write = file ? driverWrite(file, apiAccountId, version) : clientWrite(db, apiAccountId, version);
  return {
    add(table, row) {
      const rows = queued.get(table) ?? [];
      queued.set(table, rows);
      rows.push(row);
      pending += 1;
    },
    get pending() {
      return pending;
    },
    async flush() {
      if (pending === 0) return;
      const batch = [...queued];
      queued.clear();
      pending = 0;
      await write.run(batch);
    },
    close() {
      write.close();
    },
  };
}

interface Write {
  run(batch: [LedgerTable, Value[][]][]): Promise<void>;
  close(): void;
}

function driverWrite(file: string, apiAccountId: string, version: number): Write {
  const driver = new Driver(file, { timeout: BUSY_TIMEOUT_MS });
  const stateOf = driver.prepare('select state from ledger_version where id = ?');
  const statements = new Map<string, ReturnType<typeof driver.prepare>>();
  const statement = (table: LedgerTable, rows: number) => {
    const key = `${table}:${rows}`;
    let s = statements.get(key);
    if (!s) {
      s = driver.prepare(`${verb(table)} into ${table} (${columnsOf(table).join(', ')}) values ${tuples(table, rows)}`);
      statements.set(key, s);
    }
    return s;
  };
  const head = [apiAccountId, version];
  // IMMEDIATE: the version's state is read under the write lock, so a retirement cannot slip in between.
  const insert = driver.transaction((batch: [LedgerTable, Value[][]][]) => {
    if ((stateOf.get(version) as { state?: string } | undefined)?.state !== 'building')
      throw new LedgerVersionClosed(version);
    for (const [table, rows] of batch) {
      const per = rowsPerStatement(table);
      let i = 0;
      for (; i + per <= rows.length; i += per)
        statement(table, per).run(rows.slice(i, i + per).flatMap((r) => [...head, ...r]));
      for (; i < rows.length; i++) statement(table, 1).run([...head, ...rows[i]!]);
    }
  }).immediate;
  return {
    async run(batch) {
      insert(batch);
    },
    close() {
      driver.close();
    },
  };
}

function clientWrite(db: Db, apiAccountId: string, version: number): Write {
  return {
    async run(batch) {
      const statements: InStatement[] = [];
      for (const [table, rows] of batch) {
        const per = rowsPerStatement(table);
        for (let i = 0; i < rows.length; i += per) {
          const chunk = rows.slice(i, i + per);
          // One batch is one transaction; each INSERT holds itself to a version still being built.
          statements.push({
            sql: `${verb(table)} into ${table} (${columnsOf(table).join(', ')})
              select * from (values ${tuples(table, chunk.length)})
              where exists (select 1 from ledger_version where id = ? and state = 'building')`,
            args: [...chunk.flatMap((r) => [apiAccountId, version, ...r]), version],
          });
        }
      }
      const results = await db.$client.batch(statements, 'write');
      if (results.some((r) => r.rowsAffected === 0)) throw new LedgerVersionClosed(version);
    },
    close() {},
  };
}
