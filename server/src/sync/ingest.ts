import { eq, sql } from 'drizzle-orm';
import { type Connector, type LedgerRecord, quietContext, type SyncContext } from '../connectors/types.ts';
import type { Db } from '../db/client.ts';
import { apiAccount, employee, ledgerAccount, monthlyBalance, party, posting, product } from '../db/schema/index.ts';

/** Rows per multi-row INSERT: far fewer statements than rows (see STACK-NOTES), well under SQLite's variable limit. */
const CHUNK = 400;

export interface IngestResult {
  accounts: number;
  parties: number;
  products: number;
  employees: number;
  postings: number;
  months: number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Replaces one API account's ledger with what the connector yields, in one transaction:
 * a failure anywhere leaves the previous data as it was, and postings are never doubled.
 * Monthly balances are rebuilt in SQL and the account's data version is bumped so cached
 * reads of boards using it go stale.
 */
export async function ingestLedger(
  db: Db,
  apiAccountId: string,
  connector: Connector,
  ctx: SyncContext = quietContext(),
): Promise<IngestResult> {
  const result: IngestResult = { accounts: 0, parties: 0, products: 0, employees: 0, postings: 0, months: 0 };
  const buffers = {
    accounts: [] as (typeof ledgerAccount.$inferInsert)[],
    parties: [] as (typeof party.$inferInsert)[],
    products: [] as (typeof product.$inferInsert)[],
    employees: [] as (typeof employee.$inferInsert)[],
    postings: [] as (typeof posting.$inferInsert)[],
  };

  await db.transaction(async (tx) => {
    for (const table of [posting, monthlyBalance, ledgerAccount, party, product, employee]) {
      await tx.delete(table).where(eq(table.apiAccountId, apiAccountId));
    }
    const flush = async (force: boolean) => {
      // Postings refer to accounts and parties only by number/id, so order between tables is free.
      if (force || buffers.accounts.length >= CHUNK) await insertAll(tx, ledgerAccount, buffers.accounts);
      if (force || buffers.parties.length >= CHUNK) await insertAll(tx, party, buffers.parties);
      if (force || buffers.products.length >= CHUNK) await insertAll(tx, product, buffers.products);
      if (force || buffers.employees.length >= CHUNK) await insertAll(tx, employee, buffers.employees);
      if (force || buffers.postings.length >= CHUNK) await insertAll(tx, posting, buffers.postings);
    };
    for await (const record of connector.read(ctx)) {
      add(record);
      await flush(false);
    }
    await flush(true);
    await tx.run(sql`
      insert into monthly_balance (api_account_id, account_number, month, amount)
      select api_account_id, account_number, substr(date, 1, 7), sum(amount)
      from posting where api_account_id = ${apiAccountId}
      group by account_number, substr(date, 1, 7)`);
    const [months] = await tx
      .select({ n: sql<number>`count(distinct ${monthlyBalance.month})` })
      .from(monthlyBalance)
      .where(eq(monthlyBalance.apiAccountId, apiAccountId));
    result.months = months?.n ?? 0;
    await tx
      .update(apiAccount)
      .set({ lastSyncedAt: new Date(), dataVersion: sql`${apiAccount.dataVersion} + 1`, apiKeyIsInvalid: false })
      .where(eq(apiAccount.id, apiAccountId));
  });
  return result;

  function add(record: LedgerRecord) {
    switch (record.kind) {
      case 'account':
        result.accounts += 1;
        buffers.accounts.push({
          apiAccountId,
          number: record.number,
          name: record.name,
          nameEn: record.nameEn ?? null,
        });
        break;
      case 'customer':
      case 'supplier':
        result.parties += 1;
        buffers.parties.push({
          apiAccountId,
          kind: record.kind,
          id: record.id,
          name: record.name,
          orgNumber: record.orgNumber ?? null,
        });
        break;
      case 'product':
        result.products += 1;
        buffers.products.push({ apiAccountId, id: record.id, name: record.name, price: record.price ?? null });
        break;
      case 'employee':
        result.employees += 1;
        buffers.employees.push({
          apiAccountId,
          id: record.id,
          name: record.name,
          startDate: record.startDate,
          endDate: record.endDate ?? null,
        });
        break;
      case 'opening':
        if (!Number.isSafeInteger(record.amount)) throw new Error(`Opening balance must be integer øre, got ${record.amount}`);
        buffers.postings.push({
          apiAccountId,
          date: record.date,
          voucher: 'IB',
          accountNumber: record.accountNumber,
          amount: record.amount,
          description: 'Inngående balanse',
        });
        break;
      case 'posting':
        if (!Number.isSafeInteger(record.amount))
          throw new Error(`Posting amount must be integer øre, got ${record.amount}`);
        result.postings += 1;
        buffers.postings.push({
          apiAccountId,
          date: record.date,
          voucher: record.voucher,
          accountNumber: record.accountNumber,
          amount: record.amount,
          customerId: record.customerId ?? null,
          supplierId: record.supplierId ?? null,
          productId: record.productId ?? null,
          description: record.description ?? null,
        });
        break;
    }
  }
}

async function insertAll<T extends Record<string, unknown>>(
  tx: Tx,
  table: Parameters<Tx['insert']>[0],
  rows: T[],
): Promise<void> {
  while (rows.length > 0) {
    const chunk = rows.splice(0, CHUNK);
    await tx.insert(table).values(chunk as never);
  }
}
