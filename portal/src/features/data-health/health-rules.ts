import type { BoardDataHealth, HealthWarning, Severity } from '@saldo/contract';
import { formatMoney, type Lang } from '@saldo/contract/numbers/format';
import { healthAdvice } from '@saldo/contract/sources/data-health';
import { importWarningText } from '@saldo/contract/sources/import-warnings';

/** What the top bar's badge says: nothing when all is well, else the worst severity and how many warnings. */
export function badgeOf(health: BoardDataHealth | undefined): { severity: Severity; count: number } | null {
  if (!health || health.severity === null) return null;
  const failed = health.sources.filter((s) => s.syncError !== null).length;
  return { severity: health.severity, count: health.counts.error + health.counts.warning + failed };
}

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** A warning as the panel writes it, in the language: the text, what it touches, and what to do. */
export interface WarningRow {
  severity: Severity;
  code: string;
  text: string;
  accounts: string[];
  party: string | null;
  amount: string | null;
  advice: string;
}

/** A source's warnings, errors first (the order within a severity is the sync's). */
export function warningRows(warnings: readonly HealthWarning[], lang: Lang): WarningRow[] {
  return warnings
    .map((w, i) => ({ w, i }))
    .sort((a, b) => ORDER[a.w.severity] - ORDER[b.w.severity] || a.i - b.i)
    .map(({ w }) => ({
      severity: w.severity,
      code: w.code,
      text: importWarningText({ code: w.code, params: w.params } as Parameters<typeof importWarningText>[0], lang),
      accounts: w.accounts,
      party: w.party,
      amount: w.amount === null ? null : formatMoney(w.amount, lang),
      advice: healthAdvice(w.code, lang),
    }));
}
