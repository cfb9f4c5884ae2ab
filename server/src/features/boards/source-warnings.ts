import type { SyncStats } from '@saldo/contract';
import { withSeverity, worst } from '@saldo/contract/sources/data-health';
import { asImportWarning } from '../api-accounts/queries.ts';

// Whether a source's last sync warned of an error (the data notice): read with a board's sources
// (queries.ts boardRoleAndSources) and by the notice of a link's or a token's data (data-health/).

/**
 * Each source's stats text and whether it warns of an error, as last read: the text is compared on
 * every call, so a sync's new stats count at once, and parsed only when it has changed.
 */
const errorsOfStats = new Map<string, { text: string; errors: boolean }>();
const MAX_KEPT_STATS = 2000;

export function warnsOfError(id: string, text: string | null): boolean {
  if (text === null) return false;
  const kept = errorsOfStats.get(id);
  if (kept?.text === text) return kept.errors;
  const stats = JSON.parse(text) as SyncStats | null;
  const errors = worst(withSeverity((stats?.warnings ?? []).map(asImportWarning))) === 'error';
  errorsOfStats.delete(id);
  errorsOfStats.set(id, { text, errors });
  if (errorsOfStats.size > MAX_KEPT_STATS) errorsOfStats.delete(errorsOfStats.keys().next().value as string);
  return errors;
}
