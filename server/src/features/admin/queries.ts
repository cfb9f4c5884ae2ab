import type {
  AdminCompany,
  AdminCompanyDetail,
  AdminRegistrations,
  AdminSummary,
  AdminUser,
  LifecycleStatus,
} from '@saldo/contract';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Writer } from '../../db/client.ts';
import {
  apiAccount,
  board,
  boardApiAccount,
  publicShare,
  session,
  subBoard,
  subscription,
  user,
} from '../../db/schema/index.ts';
import { isExpired } from '../api-accounts/queries.ts';
import { newestSubscriptionOf } from '../billing/queries.ts';
import { planOf, type SubscriptionInput } from '../billing/state.ts';
import { widgetCountSql } from '../boards/widget-count.ts';
import { lifecycleStatus } from './lifecycle.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const num = (v: unknown) => Number(v ?? 0);

/** The newest subscription's columns, joined to each user (nulls for none). */
const subscriptionColumns = {
  subStatus: subscription.status,
  subCancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  subCurrentPeriodEnd: subscription.currentPeriodEnd,
};

type WithSubscription = {
  subStatus: string | null;
  subCancelAtPeriodEnd: boolean | null;
  subCurrentPeriodEnd: Date | null;
};

const subscriptionOf = (r: WithSubscription): SubscriptionInput | null =>
  r.subStatus !== null && r.subCurrentPeriodEnd !== null
    ? { status: r.subStatus, cancelAtPeriodEnd: !!r.subCancelAtPeriodEnd, currentPeriodEnd: r.subCurrentPeriodEnd }
    : null;

/**
 * The counts of the admin dashboard: every user with their newest subscription in one query, each
 * counted by lifecycleStatus() (the rule the users list and the read-only guard use). paying: an
 * active or past-due subscription; cancelled: one cancelled or ended.
 */
export async function adminSummary(db: Db, now: Date): Promise<AdminSummary> {
  const rows = await db
    .select({ status: user.status, plan: user.plan, trialEndsAt: user.trialEndsAt, ...subscriptionColumns })
    .from(user)
    .leftJoin(subscription, newestSubscriptionOf(user.id));
  const counts: Record<LifecycleStatus, number> = {
    trial: 0,
    trialEnded: 0,
    active: 0,
    pastDue: 0,
    cancelled: 0,
    ended: 0,
    deactivated: 0,
  };
  let free = 0;
  for (const r of rows) {
    const status = lifecycleStatus(r, subscriptionOf(r), now);
    if (status === 'active' && r.plan === 'free') free += 1;
    else counts[status] += 1;
  }
  const [companies] = await db.select({ n: sql<number>`count(*)` }).from(board);
  return {
    companies: num(companies?.n),
    users: rows.length,
    trial: counts.trial,
    trialEnded: counts.trialEnded,
    paying: counts.active + counts.pastDue,
    cancelled: counts.cancelled + counts.ended,
    free,
    deactivated: counts.deactivated,
  };
}

/** Every user (or those `where` picks), newest first, with what they own. */
export async function adminUsers(db: Db, now: Date, where?: SQL): Promise<AdminUser[]> {
  // Qualified by hand: drizzle leaves columns unqualified in a one-table select, and a bare "id" in
  // the subqueries would be the subquery's own.
  const userId = sql`${user}.${sql.identifier(user.id.name)}`;
  const rows = await db
    .select({
      _id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      companyName: user.companyName,
      role: user.role,
      status: user.status,
      plan: user.plan,
      trialEndsAt: user.trialEndsAt,
      isVerified: user.emailVerified,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
      apiCount: sql<number>`(select count(*) from ${apiAccount} where ${apiAccount.ownerId} = ${userId})`,
      boardCount: sql<number>`(select count(*) from ${board} where ${board.ownerId} = ${userId})`,
      ...subscriptionColumns,
    })
    .from(user)
    .leftJoin(subscription, newestSubscriptionOf(user.id))
    .where(where)
    .orderBy(desc(user.createdAt));
  return rows.map(({ subStatus, subCancelAtPeriodEnd, subCurrentPeriodEnd, ...r }) => {
    const sub = subscriptionOf({ subStatus, subCancelAtPeriodEnd, subCurrentPeriodEnd });
    return {
      ...r,
      plan: planOf(r, sub),
      trialEndsAt: iso(r.trialEndsAt),
      lifecycleStatus: lifecycleStatus(r, sub, now),
      createdAt: r.createdAt.toISOString(),
      lastLoginAt: iso(r.lastLoginAt),
      apiCount: num(r.apiCount),
      boardCount: num(r.boardCount),
    };
  });
}

export async function adminUser(db: Db, now: Date, id: string): Promise<AdminUser | undefined> {
  return (await adminUsers(db, now, eq(user.id, id)))[0];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-mm-dd that is a real day, as midnight UTC; null otherwise. */
export function parseDay(value: string): Date | null {
  if (!DATE.test(value)) return null;
  const d = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value ? null : d;
}

/** The default range: the first day of the month eleven months back, to today (12 calendar months). */
export function defaultRegistrationRange(today: Date): { from: string; to: string } {
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1));
  return { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
}

/** yyyy-mm of every month from `from` to `to` (both yyyy-mm-dd), oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const end = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > end) break;
    months.push(month);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return months;
}

/** Signups from `from` to `to` (whole UTC days, both included): per month and one by one. */
export async function adminRegistrations(db: Db, from: string, to: string): Promise<AdminRegistrations> {
  const start = parseDay(from)!;
  const end = new Date(parseDay(to)!.getTime() + 24 * 60 * 60 * 1000);
  const inRange = and(gte(user.createdAt, start), lt(user.createdAt, end));
  const monthOf = sql<string>`strftime('%Y-%m', ${user.createdAt} / 1000, 'unixepoch')`;
  const perMonth = await db
    .select({
      month: monthOf,
      registrations: sql<number>`count(*)`,
      verified: sql<number>`sum(case when ${user.emailVerified} then 1 else 0 end)`,
    })
    .from(user)
    .where(inRange)
    .groupBy(monthOf);
  const counts = new Map(perMonth.map((r) => [r.month, r]));
  const users = await db
    .select({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name,
      email: user.email,
      companyName: user.companyName,
      createdAt: user.createdAt,
      isVerified: user.emailVerified,
      integrationPartnerId: user.integrationPartnerId,
    })
    .from(user)
    .where(inRange)
    .orderBy(desc(user.createdAt));
  return {
    from,
    to,
    months: monthsBetween(from, to).map((month) => ({
      month,
      registrations: num(counts.get(month)?.registrations),
      verified: num(counts.get(month)?.verified),
    })),
    users: users.map(({ firstName, lastName, ...u }) => ({
      ...u,
      name: `${firstName} ${lastName}`.trim() || u.name,
      createdAt: u.createdAt.toISOString(),
    })),
  };
}

const companyColumns = {
  _id: board.id,
  name: board.name,
  createdAt: board.createdAt,
  // Qualified by hand: drizzle writes a selected column bare, and a bare "id" here would be public_share's.
  publicLinks: sql<number>`(select count(*) from ${publicShare} where ${publicShare.boardId} = "board"."id")`,
  apiCount: sql<number>`(select count(*) from ${boardApiAccount} where ${boardApiAccount.boardId} = ${board.id})`,
  lastSyncedAt: sql<
    number | null
  >`(select max(${apiAccount.lastSyncedAt}) from ${boardApiAccount} inner join ${apiAccount} on ${apiAccount.id} = ${boardApiAccount.apiAccountId} where ${boardApiAccount.boardId} = ${board.id})`,
  widgetCount: widgetCountSql,
  subBoardCount: sql<number>`(select count(*) from ${subBoard} where ${subBoard.boardId} = ${board.id})`,
  ownerId: user.id,
  ownerFirstName: user.firstName,
  ownerLastName: user.lastName,
  ownerName: user.name,
  ownerEmail: user.email,
};

async function companyRows(db: Db, where?: SQL) {
  return db
    .select(companyColumns)
    .from(board)
    .innerJoin(user, eq(user.id, board.ownerId))
    .where(where)
    .orderBy(desc(board.createdAt));
}

/** Every board of the install ("all companies"), newest first. */
export async function adminCompanies(db: Db): Promise<AdminCompany[]> {
  return (await companyRows(db)).map((r) => ({
    _id: r._id,
    name: r.name,
    owner: {
      id: r.ownerId,
      name: `${r.ownerFirstName} ${r.ownerLastName}`.trim() || r.ownerName,
      email: r.ownerEmail,
    },
    apiCount: num(r.apiCount),
    lastSyncedAt: r.lastSyncedAt == null ? null : new Date(Number(r.lastSyncedAt)).toISOString(),
    widgetCount: num(r.widgetCount),
    hasPublicLink: Number(r.publicLinks) > 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** One board with its owner and API accounts (names and state only, never keys); undefined when unknown. */
export async function adminCompany(db: Db, now: Date, id: string): Promise<AdminCompanyDetail | undefined> {
  const [r] = await companyRows(db, eq(board.id, id));
  if (!r) return undefined;
  const owner = await adminUser(db, now, r.ownerId);
  const accounts = await db
    .select({
      _id: apiAccount.id,
      name: apiAccount.name,
      provider: apiAccount.provider,
      integration: apiAccount.integration,
      lastSyncedAt: apiAccount.lastSyncedAt,
      apiKeyIsInvalid: apiAccount.apiKeyIsInvalid,
      expirationDate: apiAccount.expirationDate,
    })
    .from(boardApiAccount)
    .innerJoin(apiAccount, eq(apiAccount.id, boardApiAccount.apiAccountId))
    .where(eq(boardApiAccount.boardId, id))
    .orderBy(apiAccount.name);
  return {
    _id: r._id,
    name: r.name,
    createdAt: r.createdAt.toISOString(),
    hasPublicLink: Number(r.publicLinks) > 0,
    owner: owner!,
    apiAccounts: accounts.map((a) => ({
      _id: a._id,
      name: a.name,
      provider: a.provider,
      type: a.integration ? 'integration' : 'manual',
      lastSyncedAt: iso(a.lastSyncedAt),
      isInvalid: a.apiKeyIsInvalid || isExpired(a, now),
    })),
    subBoardCount: num(r.subBoardCount),
    widgetCount: num(r.widgetCount),
  };
}

type UserRow = typeof user.$inferSelect;

export async function userExists(db: Db, id: string): Promise<boolean> {
  return !!(await db.query.user.findFirst({ where: eq(user.id, id), columns: { id: true } }));
}

export async function setUserStatus(db: Writer, id: string, status: UserRow['status']): Promise<void> {
  await db.update(user).set({ status, updatedAt: new Date() }).where(eq(user.id, id));
}

/** Ends every better-auth session of the user (a deactivated account signs in nowhere). */
export async function deleteSessionsOf(db: Writer, userId: string): Promise<void> {
  await db.delete(session).where(eq(session.userId, userId));
}

export async function setUserPlan(db: Writer, id: string, plan: UserRow['plan']): Promise<void> {
  await db.update(user).set({ plan, updatedAt: new Date() }).where(eq(user.id, id));
}
