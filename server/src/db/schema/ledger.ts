import type { SyncStats } from '@saldo/contract';
import { REVENUE_ACCOUNTS } from '@saldo/contract/statements/chart';
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { cascadeRef } from './columns.ts';

/** A source of accounting data: a Tripletex account, a SAF-T file or the demo company. */
export const apiAccount = sqliteTable(
  'api_account',
  {
    id: text('id').primaryKey(),
    ownerId: cascadeRef('owner_id', () => user.id),
    name: text('name').notNull(),
    // The column kept its first name; in the API `type` is the spec's integration/manual.
    provider: text('type', { enum: ['demo', 'tripletex', 'saft'] }).notNull(),
    /** Organisation number or the source's own company number. */
    number: text('number'),
    /** Connector settings without secrets (demo seed, SAF-T file name). */
    settings: text('settings', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    /** Secrets (Tripletex tokens) sealed with AES-256-GCM; never returned or logged. */
    credentials: text('credentials'),
    /** HMAC of the secrets, so a second account with the same keys is recognised without decrypting. */
    credentialsFingerprint: text('credentials_fingerprint'),
    /** The last day the keys are valid, yyyy-mm-dd; after it the account counts as invalid. */
    expirationDate: text('expiration_date'),
    integration: integer('integration', { mode: 'boolean' }).notNull().default(false),
    apiKeyIsInvalid: integer('api_key_is_invalid', { mode: 'boolean' }).notNull().default(false),
    /** What the last successful sync brought: counts, debit and credit totals, warnings. */
    stats: text('stats', { mode: 'json' }).$type<SyncStats>(),
    lastSyncedAt: integer('last_synced_at', { mode: 'timestamp_ms' }),
    /** Bumped by every sync that swaps data in; keys the read caches. */
    dataVersion: integer('data_version').notNull().default(0),
    /**
     * The ledger version readers see: the rows of the ledger tables whose `version` is this. A sync
     * writes a new version beside it and switches this column in one short transaction (ledgerVersion).
     */
    ledgerVersion: integer('ledger_version').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('api_account_owner_idx').on(t.ownerId),
    index('api_account_fingerprint_idx').on(t.ownerId, t.credentialsFingerprint),
  ],
);

/**
 * What every row of the ledger tables starts with: its source, and the ledger version it belongs to
 * (ledgerVersion.id); readers read the account's live one. Fresh columns for each table.
 */
const versionedRow = () => ({
  apiAccountId: cascadeRef('api_account_id', () => apiAccount.id),
  version: integer('version').notNull(),
});

/**
 * An account of a source. `accountId` is the source's own ID (`1920`, or a sub-account such as
 * `1920PKEY92783`); `number` is its place in the NS 4102 chart, by which statements and widgets sum
 * it (see engine/classify-account.ts): its own number, or where its standard account or grouping
 * puts it, or a number no line takes (Unclassified).
 */
export const ledgerAccount = sqliteTable(
  'ledger_account',
  {
    ...versionedRow(),
    accountId: text('account_id').notNull(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
  },
  (t) => [primaryKey({ columns: [t.apiAccountId, t.version, t.accountId] })],
);

export const party = sqliteTable(
  'party',
  {
    ...versionedRow(),
    kind: text('kind', { enum: ['customer', 'supplier'] }).notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    orgNumber: text('org_number'),
  },
  (t) => [primaryKey({ columns: [t.apiAccountId, t.version, t.kind, t.id] })],
);

export const product = sqliteTable(
  'product',
  {
    ...versionedRow(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    /** øre, excluding VAT */
    price: integer('price'),
  },
  (t) => [primaryKey({ columns: [t.apiAccountId, t.version, t.id] })],
);

export const employee = sqliteTable(
  'employee',
  {
    ...versionedRow(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
  },
  (t) => [primaryKey({ columns: [t.apiAccountId, t.version, t.id] })],
);

/**
 * One line of the general ledger. `amount` is øre, debit positive, credit negative. `period` (yyyy-mm)
 * is the month the line counts in: the source's accounting period where it has one (SAF-T), else the
 * month of `date`. `accountNumber` is the account's place in the chart (ledger_account.number).
 */
export const posting = sqliteTable(
  'posting',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ...versionedRow(),
    date: text('date').notNull(),
    period: text('period').notNull(),
    voucher: text('voucher').notNull(),
    accountNumber: integer('account_number').notNull(),
    accountId: text('account_id').notNull(),
    amount: integer('amount').notNull(),
    customerId: text('customer_id'),
    supplierId: text('supplier_id'),
    productId: text('product_id'),
    description: text('description'),
    /** The source's own ID of the voucher where it has one (Tripletex), to link to it in the source's web app. */
    voucherRef: text('voucher_ref'),
  },
  (t) => [
    // Ranges are read by period, and the days at a range's ends by date within their period.
    index('posting_source_period_idx').on(t.apiAccountId, t.version, t.period, t.date),
    // Top-customer style widgets read only revenue lines; a partial index keeps them cheap.
    index('posting_revenue_idx')
      .on(t.apiAccountId, t.version, t.period, t.date, t.customerId)
      .where(
        sql`account_number between ${sql.raw(String(REVENUE_ACCOUNTS.from))} and ${sql.raw(String(REVENUE_ACCOUNTS.to))}`,
      ),
  ],
);

/** Net movement of one account in one period month (øre), maintained by the sync. */
export const monthlyBalance = sqliteTable(
  'monthly_balance',
  {
    ...versionedRow(),
    accountNumber: integer('account_number').notNull(),
    accountId: text('account_id').notNull(),
    month: text('month').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiAccountId, t.version, t.month, t.accountId] })],
);

/**
 * Revenue per customer and product, and costs per supplier, per month (øre, in report sign: revenue
 * and costs both positive), maintained by the sync, so the top lists and MRR sum months instead of
 * every posting. Customers and products are read off revenue accounts (3000–3999), suppliers off
 * costs (4000–7999), as the widgets do.
 */
export const partyMonth = sqliteTable(
  'party_month',
  {
    ...versionedRow(),
    kind: text('kind', { enum: ['customer', 'supplier', 'product'] }).notNull(),
    month: text('month').notNull(),
    partyId: text('party_id').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiAccountId, t.version, t.kind, t.month, t.partyId] })],
);

/**
 * Debit total (øre) of one voucher on one day of one period, maintained by the sync next to the postings, so the
 * largest-transactions widget sums tens of thousands of rows instead of grouping every posting of the
 * period. Keyed by day because voucher numbers may start over each year.
 */
export const voucherTotal = sqliteTable(
  'voucher_total',
  {
    ...versionedRow(),
    date: text('date').notNull(),
    /** The period month of the voucher's postings. */
    period: text('period').notNull(),
    voucher: text('voucher').notNull(),
    debit: integer('debit').notNull(),
    description: text('description'),
    /** On how many days the voucher has postings; nearly always 1, and then this row is the whole voucher. */
    days: integer('days').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.apiAccountId, t.version, t.period, t.date, t.voucher] })],
);

/**
 * The statement figures of one source in one month (øre), kept by the sync beside the ledger version
 * it summarises (ledger/month-summary.ts), so the portfolio reads a few rows per board instead of
 * summing the ledger on request. P&L figures are the month's movement, balance figures what stands
 * at the month's end; one row per month from the source's first month to its last, gaps included.
 */
export const monthSummary = sqliteTable(
  'month_summary',
  {
    ...versionedRow(),
    month: text('month').notNull(),
    revenue: integer('revenue').notNull(),
    costOfGoods: integer('cost_of_goods').notNull(),
    grossProfit: integer('gross_profit').notNull(),
    operatingResult: integer('operating_result').notNull(),
    resultBeforeTax: integer('result_before_tax').notNull(),
    result: integer('result').notNull(),
    cashAndBank: integer('cash_and_bank').notNull(),
    equity: integer('equity').notNull(),
    totalAssets: integer('total_assets').notNull(),
    currentAssets: integer('current_assets').notNull(),
    shortTermDebt: integer('short_term_debt').notNull(),
    totalDebt: integer('total_debt').notNull(),
    // The lines the rest of the KPI library reads (portfolio KPI columns, migration 0025; rows
    // summarised before it were deleted there and are summarised again on their first read).
    depreciation: integer('depreciation').notNull().default(0),
    payroll: integer('payroll').notNull().default(0),
    otherOperatingExpenses: integer('other_operating_expenses').notNull().default(0),
    cashCosts: integer('cash_costs').notNull().default(0),
    inventory: integer('inventory').notNull().default(0),
    tradeReceivables: integer('trade_receivables').notNull().default(0),
    tradePayables: integer('trade_payables').notNull().default(0),
    /** 1 when the month has postings of its own, 0 for a gap or a file's opening balances only (ledger/booked.ts). */
    booked: integer('booked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.apiAccountId, t.version, t.month] })],
);
