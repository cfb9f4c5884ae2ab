import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth.ts';
import { cascadeRef } from './columns.ts';
import { apiAccount } from './ledger.ts';

/**
 * One uploaded file of a SAF-T source (uploads/saft/<id>.xml). A source keeps every file it was given:
 * the newest file covering a month gives that month, and its ledger is rebuilt from its files
 * (connectors/saft/saft-file-set.ts). The first file of a source from before this table has the
 * source's own id, as its file on disk always had.
 */
export const saftFile = sqliteTable(
  'saft_file',
  {
    id: text('id').primaryKey(),
    apiAccountId: cascadeRef('api_account_id', () => apiAccount.id),
    fileName: text('file_name').notNull().default(''),
    bytes: integer('bytes').notNull(),
    /** SHA-256 of the file's bytes, hex: the same file uploaded again is recognised. Null for a file from before (filled in when first needed). */
    contentHash: text('content_hash'),
    /** The first and last month (yyyy-mm) the file covers, as its import read them; null until read. */
    periodFrom: text('period_from'),
    periodTo: text('period_to'),
    uploadedAt: integer('uploaded_at', { mode: 'timestamp_ms' }).notNull(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('saft_file_account_idx').on(t.apiAccountId, t.uploadedAt),
    index('saft_file_hash_idx').on(t.contentHash),
  ],
);
