import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.ts';

/** The migrations up to and including `tag`, in a folder of their own. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'saldo-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** A fresh database file migrated up to the migration `tag` (and no further). */
async function databaseUpTo(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), 'saldo-migrate-'));
  const client = createClient({ url: `file:${join(dir, 'saldo.db')}` });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: migrationsUpTo(tag) });
  return { client, db };
}

describe('migration 0015: ledger versions', () => {
  it('keeps a ledger synced before versions as each account’s first live version', async () => {
    const { client, db } = await databaseUpTo('0014_billing');
    await client.executeMultiple(`
      insert into user (id, name, email, email_verified, created_at, updated_at) values ('u', 'U', 'u@x.no', 1, 0, 0);
      insert into api_account (id, owner_id, name, type, created_at, data_version) values ('a', 'u', 'A', 'demo', 0, 4), ('b', 'u', 'B', 'demo', 0, 1);
      insert into posting (api_account_id, date, period, voucher, account_number, account_id, amount) values
        ('a', '2025-01-02', '2025-01', '1', 3000, '3000', -100), ('b', '2025-01-02', '2025-01', '1', 3000, '3000', -7);
      insert into monthly_balance (api_account_id, account_number, account_id, month, amount) values ('a', 3000, '3000', '2025-01', -100), ('b', 3000, '3000', '2025-01', -7);
      insert into ledger_account (api_account_id, account_id, number, name) values ('a', '3000', 3000, 'Salg'), ('b', '3000', 3000, 'Salg');
      insert into sync_job (id, api_account_id, status, created_at) values ('j1', 'a', 'queued', 1), ('j2', 'a', 'queued', 2);
    `);
    await migrate(db, { migrationsFolder });

    const accounts = (await client.execute('select id, ledger_version, data_version from api_account order by id'))
      .rows;
    const [a, b] = accounts as unknown as { id: string; ledger_version: number; data_version: number }[];
    expect(a!.ledger_version).not.toBe(b!.ledger_version);
    expect(a!.data_version).toBe(4);
    const versions = (await client.execute('select id, api_account_id, state from ledger_version order by id')).rows;
    expect(versions.map((v) => [v.api_account_id, v.state, v.id])).toEqual([
      ['a', 'live', a!.ledger_version],
      ['b', 'live', b!.ledger_version],
    ]);
    for (const table of ['posting', 'monthly_balance', 'ledger_account']) {
      const rows = (
        await client.execute(
          `select t.api_account_id from ${table} t join api_account a on a.id = t.api_account_id and a.ledger_version = t.version order by 1`,
        )
      ).rows;
      expect(
        rows.map((r) => r.api_account_id),
        table,
      ).toEqual(['a', 'b']);
    }
    // The second queued job of one account was a race's double: given up, the first one kept.
    const jobs = (await client.execute('select id, status from sync_job order by id')).rows;
    expect(jobs.map((j) => [j.id, j.status])).toEqual([
      ['j1', 'queued'],
      ['j2', 'failed'],
    ]);
    client.close();
  });
});

describe('migration 0019: SAF-T files', () => {
  it("keeps each SAF-T source's one file from before as its first file, at the source's own id", async () => {
    const { client, db } = await databaseUpTo('0018_board_fiscal_year');
    await client.executeMultiple(`
      insert into user (id, name, email, email_verified, created_at, updated_at) values ('u', 'U', 'u@x.no', 1, 0, 0);
      insert into api_account (id, owner_id, name, type, settings, created_at) values
        ('s', 'u', 'S', 'saft', '{"fileName":"hovedbok.xml","bytes":1234}', 7), ('d', 'u', 'D', 'demo', '{}', 8);
    `);
    await migrate(db, { migrationsFolder });
    const files = (
      await client.execute(
        'select id, api_account_id, file_name, bytes, content_hash, period_from, uploaded_at, uploaded_by from saft_file',
      )
    ).rows;
    expect(files.map((f) => ({ ...f }))).toEqual([
      {
        id: 's',
        api_account_id: 's',
        file_name: 'hovedbok.xml',
        bytes: 1234,
        content_hash: null,
        period_from: null,
        uploaded_at: 7,
        uploaded_by: 'u',
      },
    ]);
    client.close();
  });
});
