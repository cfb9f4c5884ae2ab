import type { AdminUser, LifecycleStatus } from '@saldo/contract';

/** Users whose name or e-mail contains the search text (case-insensitive, extra spaces ignored). */
export function filterUsers<T extends Pick<AdminUser, 'firstName' | 'lastName' | 'email'>>(
  users: readonly T[],
  search: string,
): T[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((u) => {
    const text = `${u.firstName} ${u.lastName} ${u.email}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** The user with exactly this e-mail (case and surrounding spaces ignored), or undefined. */
export function findUserByEmail<T extends Pick<AdminUser, 'email'>>(users: readonly T[], email: string): T | undefined {
  const wanted = email.trim().toLowerCase();
  if (!wanted) return undefined;
  return users.find((u) => u.email.toLowerCase() === wanted);
}

/** Accounts granted free use by a super admin. */
export function freeCustomers<T extends Pick<AdminUser, 'plan'>>(users: readonly T[]): T[] {
  return users.filter((u) => u.plan === 'free');
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The registration page's default range: the first of the month eleven months back, to today (UTC). */
export function defaultRegistrationRange(today: Date): { from: string; to: string } {
  return { from: ymd(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1))), to: ymd(today) };
}

/** True when both are yyyy-mm-dd and from is not after to (the server checks it again). */
export function isValidRange(from: string, to: string): boolean {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  return day.test(from) && day.test(to) && from <= to;
}

/** The CSS modifier of a lifecycle status badge. */
export const LIFECYCLE_TONE: Record<LifecycleStatus, 'valid' | 'running' | 'queued' | 'invalid' | 'failed'> = {
  active: 'valid',
  trial: 'running',
  trialEnded: 'invalid',
  pastDue: 'invalid',
  cancelled: 'queued',
  ended: 'invalid',
  deactivated: 'failed',
};

/**
 * Whether a super admin may grant free use: not over a running subscription (active, past due or
 * cancelled to its period's end), which billing owns; the server refuses it too (PLAN_SET_BY_BILLING).
 */
export function canGrantFree(u: Pick<AdminUser, 'plan' | 'lifecycleStatus'>): boolean {
  if (u.plan === 'free') return false;
  return u.plan === 'trial' || u.lifecycleStatus === 'ended' || u.lifecycleStatus === 'deactivated';
}

/** "Kari Nordmann" from a user row. */
export function fullName(u: Pick<AdminUser, 'firstName' | 'lastName'>): string {
  return `${u.firstName} ${u.lastName}`.trim();
}

/** The totals of a month table. */
export function totals(months: ReadonlyArray<{ registrations: number; verified: number }>) {
  return months.reduce(
    (sum, m) => ({ registrations: sum.registrations + m.registrations, verified: sum.verified + m.verified }),
    { registrations: 0, verified: 0 },
  );
}
