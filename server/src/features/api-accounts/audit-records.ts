import type { AuditRecord } from '../audit/record.ts';

/** The record of an added account: the account's own (no board), or the board made with it. */
export const added = (
  row: { id: string; name: string; provider: string },
  groupId: string | null = null,
): AuditRecord => ({
  action: 'api_account.added',
  groupId,
  target: { apiAccountId: row.id, name: row.name, provider: row.provider },
});
