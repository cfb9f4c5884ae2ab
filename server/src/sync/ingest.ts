import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Connector, type LedgerRecord, quietContext, type SyncContext } from '../connectors/types.ts';
import type { SyncStats } from '../contract.ts';
import type { Db } from '../db/client.ts';
import {
  apiAccount,
  employee,
  ledgerAccount,
  monthlyBalance,
  party,
  partyMonth,
  posting,
  product,
  stagingRecord,
  voucherTotal,
} from '../db/schema/index.ts';
import { STAGING_COLUMNS, type StagingRow, stagingWriter } from './staging-writer.ts';

export type IngestResult = SyncStats & { months: number };

const OPENING = 'Inngående balanse';

/** Rows per write transaction: short transactions, so other writers are never held up for long. */
const ROWS_PER_WRITE = 4000;

/**
 * Replaces one API account's ledger with what the connector yields.
 *
 * The records are written to a staging table in many short transactions while the source is read,
 * then swapped into the live tables in one transaction. Readers see the old ledger until the swap
 * and the new one after it; a failure or crash before the swap leaves the old ledger untouched and
 * postings are never doubled. Monthly balances are summed while streaming (a few thousand rows)
 * instead of by a GROUP BY over every posting afterwards.
 */
export async function ingestLedger(
  db: Db,
  apiAccountId: string,
  connector: Connector,
  ctx: SyncContext = quietContext(),
  options: {
    /** Key of the staged rows; a job passes `<job id>:<attempt>` so attempts never share rows. */
    stagingKey?: string;
    /** Runs inside the swap transaction; throwing cancels the swap (e.g. the worker lost its lease). */
    beforeSwap?: (tx: Tx) => Promise<void>;
  } = {},
): Promise<IngestResult> {
  const jobId = options.stagingKey ?? `ingest-${randomUUID()}`;
  const stats: SyncStats = {
    accounts: 0,
    customers: 0,
    suppliers: 0,
    products: 0,
    employees: 0,
    postings: 0,
    debitTotal: 0,
    creditTotal: 0,
    openingBalances: 0,
    warnings: [],
  };
  const monthly = new Map<string, number>();
  let pending: StagingRow[] = [];

  const writer = stagingWriter(db);
  const flush = async (force: boolean) => {
    if (pending.length === 0 || (!force && pending.length < ROWS_PER_WRITE)) return;
    const rows = pending;
    pending = [];
    await writer.write(rows);
  };

  const row = (kind: string, values: Partial<Record<(typeof STAGING_COLUMNS)[number], string | number | null>>) => {
    pending.push(STAGING_COLUMNS.map((c) => (c === 'job_id' ? jobId : c === 'kind' ? kind : (values[c] ?? null))));
  };

  const addPosting = (
    date: string,
    voucher: string,
    accountNumber: number,
    amount: number,
    extra: Partial<Record<string, string | null>>,
    opening = false,
  ) => {
    if (!Number.isSafeInteger(amount)) throw new Error(`Posting amount must be integer øre, got ${amount}`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`Posting date must be yyyy-mm-dd, got ${date}`);
    if (opening) stats.openingBalances += 1;
    else {
      stats.postings += 1;
      if (amount >= 0) stats.debitTotal += amount;
      else stats.creditTotal -= amount;
    }
    const key = `${accountNumber}|${date.slice(0, 7)}`;
    monthly.set(key, (monthly.get(key) ?? 0) + amount);
    row('posting', { date, voucher, number: accountNumber, amount, ...extra });
  };

  const add = (record: LedgerRecord) => {
    switch (record.kind) {
      case 'account':
        stats.accounts += 1;
        row('account', { number: record.number, name: record.name, name_en: record.nameEn ?? null });
        break;
      case 'customer':
      case 'supplier':
        stats[record.kind === 'customer' ? 'customers' : 'suppliers'] += 1;
        row(record.kind, { key: record.id, name: record.name, org_number: record.orgNumber ?? null });
        break;
      case 'product':
        stats.products += 1;
        row('product', { key: record.id, name: record.name, amount: record.price ?? null });
        break;
      case 'employee':
        stats.employees += 1;
        row('employee', {
          key: record.id,
          name: record.name,
          date: record.startDate,
          end_date: record.endDate ?? null,
        });
        break;
      case 'opening':
        addPosting(record.date, 'IB', record.accountNumber, record.amount, { description: OPENING }, true);
        break;
      case 'posting':
        addPosting(record.date, record.voucher, record.accountNumber, record.amount, {
          customer_id: record.customerId ?? null,
          supplier_id: record.supplierId ?? null,
          product_id: record.productId ?? null,
          description: record.description ?? null,
        });
        break;
    }
  };

  const recordingCtx: SyncContext = {
    signal: ctx.signal,
    progress: (part, fraction) => ctx.progress(part, fraction),
    warn: (message) => {
      stats.warnings.push(message);
      ctx.warn(message);
    },
  };

  await clearStaging(db, jobId);
  try {
    for await (const record of connector.read(recordingCtx)) {
      add(record);
      await flush(false);
    }
    await flush(true);
    if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('The sync was stopped');
    const months = new Set([...monthly.keys()].map((k) => k.slice(k.indexOf('|') + 1))).size;
    await swap(db, apiAccountId, jobId, monthly, stats, options.beforeSwap);
    return { ...stats, months };
  } finally {
    writer.close();
    await clearStaging(db, jobId);
  }
}

/** Removes what a job staged; also run before a retried job starts, for a crashed attempt's rows. */
export async function clearStaging(db: Db, jobId: string): Promise<void> {
  await db.delete(stagingRecord).where(eq(stagingRecord.jobId, jobId));
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function swap(
  db: Db,
  apiAccountId: string,
  jobId: string,
  monthly: Map<string, number>,
  stats: SyncStats,
  beforeSwap?: (tx: Tx) => Promise<void>,
) {
  const balances = [...monthly].map(([key, amount]) => {
    const bar = key.indexOf('|');
    return { apiAccountId, accountNumber: Number(key.slice(0, bar)), month: key.slice(bar + 1), amount };
  });
  await db.transaction(async (tx) => {
    await beforeSwap?.(tx);
    for (const table of [posting, monthlyBalance, voucherTotal, partyMonth, ledgerAccount, party, product, employee]) {
      await tx.delete(table).where(eq(table.apiAccountId, apiAccountId));
    }
    // A source may list the same account, party or product twice; the last one wins.
    await tx.run(sql`insert or replace into ledger_account (api_account_id, number, name, name_en)
      select ${apiAccountId}, number, name, name_en from staging_record where job_id = ${jobId} and kind = 'account'`);
    await tx.run(sql`insert or replace into party (api_account_id, kind, id, name, org_number)
      select ${apiAccountId}, kind, key, name, org_number from staging_record
      where job_id = ${jobId} and kind in ('customer', 'supplier')`);
    await tx.run(sql`insert or replace into product (api_account_id, id, name, price)
      select ${apiAccountId}, key, name, amount from staging_record where job_id = ${jobId} and kind = 'product'`);
    await tx.run(sql`insert or replace into employee (api_account_id, id, name, start_date, end_date)
      select ${apiAccountId}, key, name, date, end_date from staging_record where job_id = ${jobId} and kind = 'employee'`);
    await tx.run(sql`insert into posting
        (api_account_id, date, voucher, account_number, amount, customer_id, supplier_id, product_id, description)
      select ${apiAccountId}, date, voucher, number, amount, customer_id, supplier_id, product_id, description
      from staging_record where job_id = ${jobId} and kind = 'posting'`);
    // The top lists' and MRR's monthly sums, in report sign (see partyMonth).
    await tx.run(sql`insert into party_month (api_account_id, kind, month, party_id, amount)
      select api_account_id, 'customer', substr(date, 1, 7), customer_id, -sum(amount) from posting
        where api_account_id = ${apiAccountId} and account_number between 3000 and 3999 and customer_id is not null
        group by 3, 4
      union all
      select api_account_id, 'product', substr(date, 1, 7), product_id, -sum(amount) from posting
        where api_account_id = ${apiAccountId} and account_number between 3000 and 3999 and product_id is not null
        group by 3, 4
      union all
      select api_account_id, 'supplier', substr(date, 1, 7), supplier_id, sum(amount) from posting
        where api_account_id = ${apiAccountId} and account_number between 4000 and 7999 and supplier_id is not null
        group by 3, 4`);
    // The opening balances (voucher IB) are not a transaction.
    await tx.run(sql`insert into voucher_total (api_account_id, date, voucher, debit, description, days)
      select api_account_id, date, voucher, debit, description, count(*) over (partition by voucher) from (
        select api_account_id, date, voucher, sum(case when amount > 0 then amount else 0 end) as debit,
          max(description) as description
        from posting where api_account_id = ${apiAccountId} and voucher != 'IB' group by date, voucher)`);
    for (let i = 0; i < balances.length; i += 500) {
      await tx.insert(monthlyBalance).values(balances.slice(i, i + 500));
    }
    await tx
      .update(apiAccount)
      .set({ lastSyncedAt: new Date(), dataVersion: sql`${apiAccount.dataVersion} + 1`, apiKeyIsInvalid: false, stats })
      .where(eq(apiAccount.id, apiAccountId));
  });
}
