import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { SyncStats } from '@saldo/contract';
import { importWarning } from '@saldo/contract/sources/import-warnings';
import { COST_ACCOUNTS, REVENUE_ACCOUNTS } from '@saldo/contract/statements/chart';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import {
  type Connector,
  type LedgerRecord,
  quietContext,
  recordBatches,
  type SyncContext,
} from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
import { apiAccount, ledgerVersion } from '../../db/schema/index.ts';
import { classifyAccount } from '../../engine/classify-account.ts';
import { type MonthlyAmount, summariseMonths, summaryValues } from '../../ledger/month-summary.ts';
import { log } from '../../ops/log.ts';
import { abandonVersion, beginVersion, purgeVersions } from './ledger-versions.ts';
import { ledgerWriter } from './ledger-writer.ts';
import { countVoucherDays, voucherTotals } from './voucher-totals.ts';

export type IngestResult = SyncStats & { months: number };

interface IngestAccount {
  number: number;
  name: string;
  placed: boolean;
  amount: number;
  used: boolean;
  /** Period month → net movement: the account's monthly balances. */
  months: Map<string, number>;
}

const OPENING = 'Inngående balanse';

/** Accounts named one by one in warnings when no rule places them; more are counted. */
const MAX_UNCLASSIFIED_WARNINGS = 20;

/** Rows per write transaction: short transactions, so other writers are never held up for long. */
const ROWS_PER_WRITE = 4000;

/** The stats of an import that has read nothing yet. */
export const noStats = (): SyncStats => ({
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
});

/**
 * Replaces one API account's ledger with what the connector yields.
 *
 * The records are written as a new version of the ledger (sync/ledger-versions.ts) in many short
 * transactions while the source is read; readers go on reading the live version. Derived sums
 * are made while streaming too: voucher totals written beside the postings, monthly balances and
 * party months summed in memory (a few thousand rows) and written after them; then the vouchers on
 * several days are counted. Then one short transaction makes the new version live. No transaction holds the write lock for long, and the
 * event loop gets a turn between them (a job's heartbeat, and requests when it shares a process).
 * A failure or crash before the switch leaves the live ledger untouched; postings are never doubled.
 *
 * Each posting counts in its period month (the source's accounting period, else its date's month),
 * an opening balance at the close of the month before its date's month, and under its account's place in the chart (classifyAccount); an account no rule places is told
 * as a warning with its amount.
 */
export async function ingestLedger(
  db: Db,
  apiAccountId: string,
  connector: Connector,
  ctx: SyncContext = quietContext(),
  options: {
    /** The job attempt, `<job id>:<attempt>`: its version is given up once the attempt no longer runs the job. */
    jobKey?: string;
    /** A condition the switch requires, checked in its transaction (e.g. the attempt still holds the job's lease). */
    switchGuard?: SQL;
    /**
     * How long the replaced version stays readable for requests that began on it; 0 (scripts, tests)
     * deletes it at once. A server passes its grace and purges later (sync/jobs.ts).
     */
    keepRetiredMs?: number;
    /** Checks what was read before the switch (throw to keep the live ledger as it is). */
    beforeSwitch?: () => Promise<void>;
  } = {},
): Promise<IngestResult> {
  const stats = noStats();
  /** `${kind}|${period}|${party}` → revenue (customers, products) or costs (suppliers), report sign */
  const partyMonths = new Map<string, number>();
  /** The periods with postings of their own (not a file's opening balances): the summary's booked months. */
  const posted = new Set<string>();
  /**
   * Per account ID: its place in the chart, its name, whether it is placed, its net amount so far,
   * and its net movement per period month (the monthly balances).
   */
  const accounts = new Map<string, IngestAccount>();
  let company: { name: string; orgNumber?: string } | undefined;

  const version = await beginVersion(db, apiAccountId, options.jobKey ?? null);
  const writer = ledgerWriter(db, apiAccountId, version);
  const vouchers = voucherTotals(writer);
  // The last date and period that passed the format checks: most postings repeat them.
  let checkedDate = '';
  let checkedPeriod = '';
  const flush = async (force = false) => {
    if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('The sync was stopped');
    if (writer.pending === 0 || (!force && writer.pending < ROWS_PER_WRITE)) return;
    await writer.flush();
    // A connector that yields without waiting would otherwise keep timers (the lease's heartbeat) waiting to the end.
    await yieldToLoop();
  };

  /** An account's place, classifying one that was never declared (lines on accounts missing from the chart). */
  const accountOf = (accountId: string, ownNumber: number) => {
    let account = accounts.get(accountId);
    if (!account) {
      const placed = classifyAccount({ number: ownNumber, accountId });
      account = {
        number: placed.number,
        name: '',
        placed: placed.by !== null,
        amount: 0,
        used: false,
        months: new Map(),
      };
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
      customerId?: string | undefined;
      supplierId?: string | undefined;
      productId?: string | undefined;
      description?: string | undefined;
      voucherRef?: string | undefined;
    },
    amount: number,
    opening = false,
  ) => {
    const { date, voucher } = posting;
    const period = posting.period ?? date.slice(0, 7);
    if (!Number.isSafeInteger(amount)) throw new Error(`Posting amount must be integer øre, got ${amount}`);
    if (date !== checkedDate) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`Posting date must be yyyy-mm-dd, got ${date}`);
      checkedDate = date;
    }
    if (period !== checkedPeriod) {
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) throw new Error(`Posting period must be yyyy-mm, got ${period}`);
      checkedPeriod = period;
    }
    if (opening) stats.openingBalances += 1;
    else {
      stats.postings += 1;
      posted.add(period);
      if (amount >= 0) stats.debitTotal += amount;
      else stats.creditTotal -= amount;
      vouchers.add(period, date, voucher, amount, posting.description ?? null);
    }
    const accountId = posting.accountId ?? String(posting.accountNumber);
    const account = accountOf(accountId, posting.accountNumber);
    account.amount += amount;
    account.used = true;
    account.months.set(period, (account.months.get(period) ?? 0) + amount);
    // The top lists' and MRR's sums: revenue by customer and product, costs by supplier (see partyMonth).
    const n = account.number;
    const revenue = n >= REVENUE_ACCOUNTS.from && n <= REVENUE_ACCOUNTS.to;
    if (revenue && posting.customerId) addTo(partyMonths, `customer|${period}|${posting.customerId}`, -amount);
    if (revenue && posting.productId) addTo(partyMonths, `product|${period}|${posting.productId}`, -amount);
    if (n >= COST_ACCOUNTS.from && n <= COST_ACCOUNTS.to && posting.supplierId)
      addTo(partyMonths, `supplier|${period}|${posting.supplierId}`, amount);
    writer.add('posting', [
      date,
      period,
      voucher,
      n,
      accountId,
      amount,
      posting.customerId ?? null,
      posting.supplierId ?? null,
      posting.productId ?? null,
      posting.description ?? null,
      posting.voucherRef ?? null,
    ]);
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
          months: known?.months ?? new Map(),
        });
        writer.add('ledger_account', [accountId, known?.number ?? placed.number, record.name, record.nameEn ?? null]);
        break;
      }
      case 'customer':
      case 'supplier':
        stats[record.kind === 'customer' ? 'customers' : 'suppliers'] += 1;
        writer.add('party', [record.kind, record.id, record.name, record.orgNumber ?? null]);
        break;
      case 'product':
        stats.products += 1;
        writer.add('product', [record.id, record.name, record.price ?? null]);
        break;
      case 'employee':
        stats.employees += 1;
        writer.add('employee', [record.id, record.name, record.startDate, record.endDate ?? null]);
        break;
      case 'opening': {
        // The balance before the first day: it counts at the close of the month before, so it is the
        // opening of the first month's balance sheet and cash flow and no movement of that month.
        const date = dayBefore(`${record.date.slice(0, 8)}01`);
        addPosting(
          { ...record, date, period: date.slice(0, 7), voucher: 'IB', description: OPENING },
          record.amount,
          true,
        );
        break;
      }
      case 'posting':
        addPosting(record, record.amount);
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

  let live = false;
  try {
    for await (const records of recordBatches(connector, recordingCtx)) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('The sync was stopped');
      for (const record of records) {
        add(record);
        if (writer.pending >= ROWS_PER_WRITE) await flush();
      }
    }
    const unplaced = [...accounts].filter(([, a]) => !a.placed && a.used);
    for (const [account, a] of unplaced.slice(0, MAX_UNCLASSIFIED_WARNINGS))
      recordingCtx.warn(importWarning('UNCLASSIFIED_ACCOUNT', { account, name: a.name, amount: a.amount }));
    if (unplaced.length > MAX_UNCLASSIFIED_WARNINGS)
      recordingCtx.warn(importWarning('MORE_WARNINGS', { count: unplaced.length - MAX_UNCLASSIFIED_WARNINGS }));
    vouchers.end();
    const months = new Set<string>();
    const balances: MonthlyAmount[] = [];
    for (const [accountId, a] of accounts)
      for (const [month, amount] of a.months) {
        months.add(month);
        balances.push({ number: a.number, month, amount });
        writer.add('monthly_balance', [a.number, accountId, month, amount]);
        await flush();
      }
    // The statement figures per month (the portfolio's rows), made from the same monthly balances.
    for (const row of summariseMonths(balances, posted)) {
      writer.add('month_summary', [row.month, ...summaryValues(row)]);
      await flush();
    }
    for (const [key, amount] of partyMonths) {
      const first = key.indexOf('|');
      const second = key.indexOf('|', first + 1);
      writer.add('party_month', [key.slice(0, first), key.slice(first + 1, second), key.slice(second + 1), amount]);
      await flush();
    }
    await flush(true);
    if (vouchers.mayRepeat) await countVoucherDays(db, apiAccountId, version);
    if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('The sync was stopped');
    await options.beforeSwitch?.();
    await makeLive(db, apiAccountId, version, { stats, company, guard: options.switchGuard });
    live = true;
    return { ...stats, months: months.size };
  } finally {
    writer.close();
    if (!live) await abandonVersion(db, version).catch(() => undefined);
    // The replaced version once no reader can be on it, or at once; and what this attempt wrote if it failed.
    await purgeVersions(db, { keepRetiredMs: options.keepRetiredMs ?? 0, apiAccountId }).catch((err) =>
      log.error({ err, apiAccountId }, 'Sync: purging old ledger versions failed'),
    );
  }
}

/** yyyy-mm-dd: the day before. */
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const addTo = (map: Map<string, number>, key: string, amount: number) => map.set(key, (map.get(key) ?? 0) + amount);

/**
 * Makes the new version the account's live ledger and retires the old one, in one short transaction
 * that holds only if the version is still being built and `guard` holds (the attempt still has its job).
 */
async function makeLive(
  db: Db,
  apiAccountId: string,
  version: number,
  o: { stats: SyncStats; company: { name: string; orgNumber?: string } | undefined; guard: SQL | undefined },
) {
  const now = new Date();
  const isLive = sql`exists (select 1 from ${ledgerVersion} v where v.id = ${version} and v.state = 'live')`;
  const [made] = await db.batch([
    db
      .update(ledgerVersion)
      .set({ state: 'live', changedAt: now })
      .where(and(eq(ledgerVersion.id, version), eq(ledgerVersion.state, 'building'), o.guard))
      .returning({ id: ledgerVersion.id }),
    db
      .update(ledgerVersion)
      .set({ state: 'retired', changedAt: now })
      .where(
        and(
          eq(ledgerVersion.apiAccountId, apiAccountId),
          eq(ledgerVersion.state, 'live'),
          ne(ledgerVersion.id, version),
          isLive,
        ),
      ),
    db
      .update(apiAccount)
      .set({
        ledgerVersion: version,
        lastSyncedAt: now,
        dataVersion: sql`${apiAccount.dataVersion} + 1`,
        apiKeyIsInvalid: false,
        // The company the source names (a SAF-T header), for the board offered after an import.
        stats: o.company?.name ? { ...o.stats, company: o.company } : o.stats,
        // The organisation number the source states, unless the account already has one.
        ...(o.company?.orgNumber ? { number: sql`coalesce(${apiAccount.number}, ${o.company.orgNumber})` } : {}),
      })
      .where(and(eq(apiAccount.id, apiAccountId), isLive)),
  ]);
  if (made.length === 0) throw new Error('The sync was taken over by another worker');
}
