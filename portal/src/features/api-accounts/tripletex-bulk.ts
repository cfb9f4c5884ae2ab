import type { ApiAccount, TripletexBulkItem, TripletexBulkResult, TripletexCompany } from '@saldo/contract';
import { api } from '../../lib/api';

/**
 * "Connect all Tripletex clients": the employee token's companies, and connecting those chosen a few at
 * a time (each call makes their sources and boards and queues their syncs), so the dialog shows every
 * company's step as it happens; then each source's sync, from the account list the page polls.
 */

/** Companies per call: small enough that each answer comes within seconds, so the rows move. */
export const BULK_CHUNK = 5;

export function listTripletexClients(employeeToken: string): Promise<TripletexCompany[]> {
  return api.post('/api-account/tripletex/companies', { body: { employeeToken } });
}

/** The most tags a board takes, and the longest tag (as the server checks a board's tags). */
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;

/** Whether the tags typed for the new boards are within what a board takes. */
export const tagsFit = (tags: readonly string[]) =>
  tags.length <= MAX_TAGS && tags.every((tag) => tag.length <= MAX_TAG_LENGTH);

/** Connects these companies; each board made carries `tags` (none: no tags). */
export function connectTripletexClients(
  employeeToken: string,
  companyIds: number[],
  tags: readonly string[] = [],
): Promise<TripletexBulkResult> {
  return api.post('/api-account/tripletex/bulk', {
    body: { employeeToken, companyIds, ...(tags.length ? { tags: [...tags] } : {}) },
  });
}

/** The ids in calls of at most `size`, in order. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Where one chosen company is: not sent yet, being connected, what its call answered, or the call's refusal. */
export type CompanyStep =
  | { state: 'waiting' }
  | { state: 'connecting' }
  | { state: 'answered'; item: TripletexBulkItem }
  | { state: 'refused'; code: string };

/** What a row shows: its step, and for a connected company its sync as the account list has it. */
export type RowStatus =
  | 'waiting'
  | 'connecting'
  | 'queued'
  | 'syncing'
  | 'synced'
  | 'syncFailed'
  | 'skipped'
  | 'failed';

export interface Row {
  status: RowStatus;
  /** 0–100: how far this company is, for the batch's bar. */
  percent: number;
}

export function rowOf(step: CompanyStep, accounts: readonly ApiAccount[]): Row {
  if (step.state === 'refused') return { status: 'failed', percent: 100 };
  if (step.state !== 'answered') return { status: step.state, percent: 0 };
  const { item } = step;
  if (item.status !== 'connected') return { status: item.status, percent: 100 };
  const account = accounts.find((a) => a._id === item.apiAccountId);
  // Made, and its sync queued: the list has not been read again yet.
  if (!account) return { status: 'queued', percent: 0 };
  const sync = account.syncInfo;
  switch (sync.status) {
    case 'done':
    case 'idle':
      return { status: 'synced', percent: 100 };
    case 'failed':
      return { status: 'syncFailed', percent: 100 };
    case 'running':
      return { status: 'syncing', percent: sync.percentage ?? 0 };
    case 'queued':
      return { status: 'queued', percent: 0 };
  }
}

/** Why a company got nothing: its own answer's error, or the refusal of the whole call. */
export function errorOf(step: CompanyStep): string | null {
  if (step.state === 'refused') return step.code;
  return step.state === 'answered' ? (step.item.error?.code ?? null) : null;
}

/** The batch: how far it is on average (0–100), how many companies are through, and whether all are. */
export function batchOf(rows: readonly Row[]): { percent: number; through: number; done: boolean } {
  const through = rows.filter((r) => ['synced', 'syncFailed', 'skipped', 'failed'].includes(r.status)).length;
  const percent = rows.length ? Math.floor(rows.reduce((sum, r) => sum + r.percent, 0) / rows.length) : 100;
  return { percent, through, done: through === rows.length };
}
