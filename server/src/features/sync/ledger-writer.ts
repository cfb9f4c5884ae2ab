import type { InStatement } from '@libsql/client';
import Driver from 'libsql';
import { BUSY_TIMEOUT_MS, type Db, databaseFileOf } from '../../db/client.ts';
import { monthSummary } from '../../db/schema/index.ts';
import { SUMMARY_FIGURES } from '../../ledger/month-summary.ts';
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
  voucher_total: ['period', 'date', 'voucher', 'debit', 'description'],
  // In the order of SUMMARY_FIGURES (ledger/month-summary.ts), whose values ingest.ts writes here.
  month_summary: ['month', ...SUMMARY_FIGURES.map((id) => monthSummary[id].name), 'booked'],
} as const;

export type LedgerTable = keyof typeof LEDGER_COLUMNS;
export type Value = string | number | null;

/** A source may list the same account, party or product twice: the last one wins. */
const REPLACE: ReadonlySet<LedgerTable> = new Set(['ledger_account', 'party', 'product', 'employee']);

/**
 * Rows per INSERT statement. Preparing one costs more than its rows in proportion (measured: 4 ms
 * for 100 posting rows, 90–140 ms for 500, for each table and remainder size an import prepares),
 * while running it costs the same per row either way.
 */
const rowsPerStatement = (table: LedgerTable) => Math.min(100, Math.floor(32_000 / (LEDGER_COLUMNS[table].length + 2)));

const columnsOf = (table: LedgerTable) => ['api_account_id', 'version', ...LEDGER_COLUMNS[table]];
const verb = (table: LedgerTable) => (REPLACE.has(table) ? 'insert or replace' : 'insert');
/**
 * A voucher met again (another run of its lines on the same day) is added to its row; the
 * description kept is the greatest, nulls ignored, as `max(description)` over its lines gives it.
 */
const onConflict = (table: LedgerTable) =>
  table === 'voucher_total'
    ? ` on conflict (api_account_id, version, period, date, voucher) do update set
        debit = voucher_total.debit + excluded.debit,
        description = case when excluded.description is null then voucher_total.description
          when voucher_total.description is null then excluded.description
          else max(voucher_total.description, excluded.description) end`
    : '';
/**
 * `rows` tuples whose first two values are the parameters ?1 and ?2 (account and version, bound once
 * per statement) and the rest numbered from ?3 on: a row binds only its own values.
 */
const tuples = (table: LedgerTable, rows: number) => {
  const width = LEDGER_COLUMNS[table].length;
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    const own = Array.from({ length: width }, (_, c) => `?${3 + r * width + c}`);
    out.push(`(?1, ?2, ${own.join(', ')})`);
  }
  return out.join(', ');
};

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

/** Per table, its queued rows' values one after another (a row is LEDGER_COLUMNS[table].length values). */
type Queued = Map<LedgerTable, Value[]>;

/**
 * Writes a new ledger version's rows as fast as libSQL allows. For a `file:` database it opens the
 * driver beneath the client on the same file and prepares each multi-row INSERT once: the client
 * prepares every statement anew, which costs time and native memory that is only given back when V8
 * happens to collect the statements' wrappers (measured: 1.5 GB for a million rows). Other databases
 * (`:memory:`, remote) go through the client, one batch a flush. Rows are queued flat, so a flush
 * hands the driver slices of one array instead of building an array per row.
 */
export function ledgerWriter(db: Db, apiAccountId: string, version: number): LedgerWriter {
  let queued: Queued = new Map();
  let pending = 0;
  const file = databaseFileOf(db);
  const write = file ? driverWrite(file, apiAccountId, version) : clientWrite(db, apiAccountId, version);
  return {
    add(table, row) {
      let values = queued.get(table);
      if (!values) {
        values = [];
        queued.set(table, values);
      }
      for (let i = 0; i < row.length; i++) values.push(row[i]!);
      pending += 1;
    },
    get pending() {
      return pending;
    },
    async flush() {
      if (pending === 0) return;
      const batch = queued;
      queued = new Map();
      pending = 0;
      await write.run(batch);
    },
    close() {
      write.close();
    },
  };
}

interface Write {
  run(batch: Queued): Promise<void>;
  close(): void;
}

/** The parameters of one INSERT of rows `from` up to `to` of `values`: account and version, then the rows' values. */
function argsOf(head: readonly Value[], values: Value[], width: number, from: number, to: number): Value[] {
  const args = new Array<Value>(2 + (to - from) * width);
  args[0] = head[0]!;
  args[1] = head[1]!;
  for (let i = from * width, j = 2; i < to * width; i++, j++) args[j] = values[i]!;
  return args;
}

function driverWrite(file: string, apiAccountId: string, version: number): Write {
  const driver = new Driver(file, { timeout: BUSY_TIMEOUT_MS });
  // A building version is read by nobody: losing its last writes to a power cut costs only the sync,
  // which fails and runs again. The switch commits on a connection that syncs (FULL), and its sync of
  // the WAL makes every frame written before it durable, so a live version is never missing rows.
  driver.exec('PRAGMA synchronous = NORMAL');
  const stateOf = driver.prepare('select state from ledger_version where id = ?');
  const statements = new Map<string, ReturnType<typeof driver.prepare>>();
  const statement = (table: LedgerTable, rows: number) => {
    const key = `${table}:${rows}`;
    let s = statements.get(key);
    if (!s) {
      s = driver.prepare(
        `${verb(table)} into ${table} (${columnsOf(table).join(', ')}) values ${tuples(table, rows)}${onConflict(table)}`,
      );
      statements.set(key, s);
    }
    return s;
  };
  const head: Value[] = [apiAccountId, version];
  // IMMEDIATE: the version's state is read under the write lock, so a retirement cannot slip in between.
  const insert = driver.transaction((batch: Queued) => {
    if ((stateOf.get(version) as { state?: string } | undefined)?.state !== 'building')
      throw new LedgerVersionClosed(version);
    for (const [table, values] of batch) {
      const width = LEDGER_COLUMNS[table].length;
      const rows = values.length / width;
      const per = rowsPerStatement(table);
      let i = 0;
      for (; i + per <= rows; i += per) statement(table, per).run(argsOf(head, values, width, i, i + per));
      // The rest in statements of 64, 32, … rows: a few prepared statements per table, not one per count.
      for (let n = 64; i < rows; n >>= 1)
        for (; n > 0 && i + n <= rows; i += n) statement(table, n).run(argsOf(head, values, width, i, i + n));
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
  const head: Value[] = [apiAccountId, version];
  return {
    async run(batch) {
      const statements: InStatement[] = [];
      for (const [table, values] of batch) {
        const width = LEDGER_COLUMNS[table].length;
        const rows = values.length / width;
        const per = rowsPerStatement(table);
        for (let i = 0; i < rows; i += per) {
          const to = Math.min(rows, i + per);
          // One batch is one transaction; each INSERT holds itself to a version still being built.
          statements.push({
            sql: `${verb(table)} into ${table} (${columnsOf(table).join(', ')})
              select * from (values ${tuples(table, to - i)})
              where exists (select 1 from ledger_version where id = ?2 and state = 'building')${onConflict(table)}`,
            args: argsOf(head, values, width, i, to),
          });
        }
      }
      const results = await db.$client.batch(statements, 'write');
      if (results.some((r) => r.rowsAffected === 0)) throw new LedgerVersionClosed(version);
    },
    close() {},
  };
}
