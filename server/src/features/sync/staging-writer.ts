import type { InStatement } from '@libsql/client';
import Driver from 'libsql';
import { type Db, databaseFileOf } from '../../db/client.ts';

export const STAGING_COLUMNS = [
  'job_id',
  'kind',
  'key',
  'number',
  'name',
  'name_en',
  'org_number',
  'date',
  'period',
  'end_date',
  'voucher',
  'amount',
  'customer_id',
  'supplier_id',
  'product_id',
  'description',
  'voucher_ref',
] as const;
export type StagingRow = (string | number | null)[];

/** Rows per INSERT statement (17 columns: far under SQLite's 32 766 variables). */
const ROWS_PER_STATEMENT = 500;

const insertSql = (rows: number) =>
  `insert into staging_record (${STAGING_COLUMNS.join(', ')}) values ${Array.from(
    { length: rows },
    () => `(${STAGING_COLUMNS.map(() => '?').join(', ')})`,
  ).join(', ')}`;

export interface StagingWriter {
  /** Writes the rows in one short transaction. */
  write(rows: StagingRow[]): Promise<void>;
  close(): void;
}

/**
 * Writes staged rows as fast as libSQL allows. For a `file:` database it opens the driver beneath
 * the client on the same file and prepares the multi-row INSERT once: the client prepares every
 * statement of every batch anew, which costs time and native memory that is only given back when
 * V8 happens to collect the statements' wrappers (measured: 1.5 GB for a million rows when the
 * parsing ran in another thread). Other databases (`:memory:`, remote) go through the client.
 */
export function stagingWriter(db: Db): StagingWriter {
  const file = databaseFileOf(db);
  if (!file) return clientWriter(db);
  const driver = new Driver(file);
  driver.exec('PRAGMA busy_timeout = 5000');
  const full = driver.prepare(insertSql(ROWS_PER_STATEMENT));
  const one = driver.prepare(insertSql(1));
  const insert = driver.transaction((rows: StagingRow[]) => {
    let i = 0;
    for (; i + ROWS_PER_STATEMENT <= rows.length; i += ROWS_PER_STATEMENT)
      full.run(rows.slice(i, i + ROWS_PER_STATEMENT).flat());
    for (; i < rows.length; i++) one.run(rows[i]!);
  });
  return {
    async write(rows) {
      insert(rows);
    },
    close() {
      driver.close();
    },
  };
}

function clientWriter(db: Db): StagingWriter {
  const full = insertSql(ROWS_PER_STATEMENT);
  return {
    async write(rows) {
      const statements: InStatement[] = [];
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
        statements.push({
          sql: chunk.length === ROWS_PER_STATEMENT ? full : insertSql(chunk.length),
          args: chunk.flat(),
        });
      }
      await db.$client.batch(statements, 'write');
    },
    close() {},
  };
}
