import type { ApiAccount, Board } from '@saldo/contract';

/**
 * The name of the board offered over a source: the company its file names, with the organisation
 * number ("Fjellbekk Regnskap AS (987654321)"), else the source's own name. At most 100 characters,
 * the longest name a board takes.
 */
export function boardNameOf(account: Pick<ApiAccount, 'name' | 'stats'>): string {
  const company = account.stats?.company;
  const name = company?.name.trim()
    ? `${company.name.trim()}${company.orgNumber ? ` (${company.orgNumber})` : ''}`
    : account.name;
  return name.slice(0, 100);
}

/** A board of the user's own that already holds the source, if any. */
export function boardOver(boards: readonly Board[], accountId: string): Board | undefined {
  return boards.find((board) => board.role === 'owner' && board.apis.includes(accountId));
}
