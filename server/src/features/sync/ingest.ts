import { randomUUID } from 'node:crypto';
import type { SyncStats } from '@saldo/contract';
import { importWarning } from '@saldo/contract/import-warnings';
import { eq, sql } from 'drizzle-orm';
import { type Connector, type LedgerRecord, quietContext, type SyncContext } from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
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
} from '../../db/schema/index.ts';
import { classifyAccount } from './classify-account.ts';
import { STAGING_COLUMNS, type StagingRow, stagingWriter } from './staging-writer.ts';

export type IngestResult = SyncStats & { months: number };

const OPENING = 'Inngående balanse';

/** Accounts named one by one in warnings when no rule places them; more are counted. */
const MAX_UNCLASSIFIED_WARNINGS = 20;

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
 *
 * Each posting counts in its period month (the source's accounting period, else its date's month)
 * and under its account's place in the chart (classifyAccount); an account no rule places is told
 * as a warning with its amount.
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
  /** `${accountId}|${chart number}|${period}` → net movement */
  const monthly = new Map<string, number>();
  /** Per account ID: its place in the chart, its name, whether it is placed, and its net amount so far. */
  const accounts = new Map<string, { number: number; name: string; placed: boolean; amount: number; used: boolean }>();
  let company: { name: string; orgNumber?: string } | undefined;
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

  /** An account's place, classifying one that was never declared (lines on accounts missing from the chart). */
  const accountOf = (accountId: string, ownNumber: number) => {
    let account = accounts.get(accountId);
    if (!account) {
      const placed = classifyAccount({ number: ownNumber });
      account = { number: placed.number, name: '', placed: placed.by !== null, amount: 0, used: false };
      accounts.set(accountId, account);
    }
    return account;
  };

  const addPosting = (
    posting: {
      date: string;
      period?: string | undefined;
      voucher: string;
      accountNumber: number;
      accountId?: string | undefined;
    },
    amount: number,
    extra: Partial<Record<string, string | null>>,
    opening = false,
  ) => {
    const { date, voucher } = posting;
    const period = posting.period ?? date.slice(0, 7);
    if (!Number.isSafeInteger(amount)) throw new Error(`Posting amount must be integer øre, got ${amount}`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`Posting date must be yyyy-mm-dd, got ${date}`);
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) throw new Error(`Posting period must be yyyy-mm, got ${period}`);
    if (opening) stats.openingBalances += 1;
    else {
      stats.postings += 1;
      if (amount >= 0) stats.debitTotal += amount;
      else stats.creditTotal -= amount;
    }
    const accountId = posting.accountId ?? String(posting.accountNumber);
    const account = accountOf(accountId, posting.accountNumber);
    account.amount += amount;
    account.used = true;
    const key = `${accountId}|${account.number}|${period}`;
    monthly.set(key, (monthly.get(key) ?? 0) + amount);
    row('posting', { date, period, voucher, key: accountId, number: account.number, amount, ...extra });
  };

  const add = (record: LedgerRecord) => {
    switch (record.kind) {
      case 'company':
        company = { name: record.name, ...(record.orgNumber ? { orgNumber: record.orgNumber } : {}) };
        break;
      case 'account': {
        stats.accounts += 1;
        const accountId = record.accountId ?? String(record.number);
        const placed = classifyAccount(record);
        const known = accounts.get(accountId);
        accounts.set(accountId, {
          number: known?.number ?? placed.number,
          name: record.name,
          placed: known?.placed ?? placed.by !== null,
          amount: known?.amount ?? 0,
          used: known?.used ?? false,
        });
        row('account', {
          key: accountId,
          number: known?.number ?? placed.number,
          name: record.name,
          name_en: record.nameEn ?? null,
        });
        break;
      }
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
        addPosting({ ...record, voucher: 'IB' }, record.amount, { description: OPENING }, true);
        break;
      case 'posting':
        addPosting(record, record.amount, {
          customer_id: record.customerId ?? null,
          supplier_id: record.supplierId ?? null,
          product_id: record.productId ?? null,
          description: record.description ?? null,
          voucher_ref: record.voucherRef ?? null,
        });
        break;
    }
  };

  const recordingCtx: SyncContext = {
    signal: ctx.signal,
    progress: (part, fraction) => ctx.progress(part, fraction),
    warn: (warning) => {
      stats.warnings.push(warning);
      ctx.warn(warning);
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
    const unplaced = [...accounts].filter(([, a]) => !a.placed && a.used);
    for (const [account, a] of unplaced.slice(0, MAX_UNCLASSIFIED_WARNINGS))
      recordingCtx.warn(importWarning('UNCLASSIFIED_ACCOUNT', { account, name: a.name, amount: a.amount }));
    if (unplaced.length > MAX_UNCLASSIFIED_WARNINGS)
      recordingCtx.warn(importWarning('MORE_WARNINGS', { count: unplaced.length - MAX_UNCLASSIFIED_WARNINGS }));
    const months = new Set([...monthly.keys()].map((k) => k.slice(k.lastIndexOf('|') + 1))).size;
    await swap(db, apiAccountId, jobId, monthly, stats, company, options.beforeSwap);
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
  company: { name: string; orgNumber?: string } | undefined,
  beforeSwap?: (tx: Tx) => Promise<void>,
) {
  const balances = [...monthly].map(([key, amount]) => {
    const last = key.lastIndexOf('|');
    const middle = key.lastIndexOf('|', last - 1);
    return {
      apiAccountId,
      accountId: key.slice(0, middle),
      accountNumber: Number(key.slice(middle + 1, last)),
      month: key.slice(last + 1),
      amount,
    };
  });
  await db.transaction(async (tx) => {
    await beforeSwap?.(tx);
    for (const table of [posting, monthlyBalance, voucherTotal, partyMonth, ledgerAccount, party, product, employee]) {
      await tx.delete(table).where(eq(table.apiAccountId, apiAccountId));
    }
    // A source may list the same account, party or product twice; the last one wins.
    await tx.run(sql`insert or replace into ledger_account (api_account_id, account_id, number, name, name_en)
      select ${apiAccountId}, key, number, name, name_en from staging_record where job_id = ${jobId} and kind = 'account'`);
    await tx.run(sql`insert or replace into party (api_account_id, kind, id, name, org_number)
      select ${apiAccountId}, kind, key, name, org_number from staging_record
      where job_id = ${jobId} and kind in ('customer', 'supplier')`);
    await tx.run(sql`insert or replace into product (api_account_id, id, name, price)
      select ${apiAccountId}, key, name, amount from staging_record where job_id = ${jobId} and kind = 'product'`);
    await tx.run(sql`insert or replace into employee (api_account_id, id, name, start_date, end_date)
      select ${apiAccountId}, key, name, date, end_date from staging_record where job_id = ${jobId} and kind = 'employee'`);
    await tx.run(sql`insert into posting
        (api_account_id, date, period, voucher, account_number, account_id, amount, customer_id, supplier_id, product_id, description, voucher_ref)
      select ${apiAccountId}, date, period, voucher, number, key, amount, customer_id, supplier_id, product_id, description, voucher_ref
      from staging_record where job_id = ${jobId} and kind = 'posting'`);
    // The top lists' and MRR's monthly sums by period, in report sign (see partyMonth).
    await tx.run(sql`insert into party_month (api_account_id, kind, month, party_id, amount)
      select api_account_id, 'customer', period, customer_id, -sum(amount) from posting
        where api_account_id = ${apiAccountId} and account_number between 3000 and 3999 and customer_id is not null
        group by 3, 4
      union all
      select api_account_id, 'product', period, product_id, -sum(amount) from posting
        where api_account_id = ${apiAccountId} and account_number between 3000 and 3999 and product_id is not null
        group by 3, 4
      union all
      select api_account_id, 'supplier', period, supplier_id, sum(amount) from posting
        where api_account_id = ${apiAccountId} and account_number between 4000 and 7999 and supplier_id is not null
        group by 3, 4`);
    // The opening balances (voucher IB) are not a transaction.
    await tx.run(sql`insert into voucher_total (api_account_id, period, date, voucher, debit, description, days)
      select api_account_id, period, date, voucher, debit, description, count(*) over (partition by voucher) from (
        select api_account_id, period, date, voucher, sum(case when amount > 0 then amount else 0 end) as debit,
          max(description) as description
        from posting where api_account_id = ${apiAccountId} and voucher != 'IB' group by period, date, voucher)`);
    for (let i = 0; i < balances.length; i += 500) {
      await tx.insert(monthlyBalance).values(balances.slice(i, i + 500));
    }
    await tx
      .update(apiAccount)
      .set({
        lastSyncedAt: new Date(),
        dataVersion: sql`${apiAccount.dataVersion} + 1`,
        apiKeyIsInvalid: false,
        stats,
        // The organisation number the source states, unless the account already has one.
        ...(company?.orgNumber ? { number: sql`coalesce(${apiAccount.number}, ${company.orgNumber})` } : {}),
      })
      .where(eq(apiAccount.id, apiAccountId));
  });
}
