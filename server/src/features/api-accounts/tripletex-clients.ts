import { randomUUID } from 'node:crypto';
import type { TripletexBulkItem, TripletexBulkResult, TripletexCompany } from '@saldo/contract';
import { type ErrorCode, errors } from '@saldo/contract/errors/errors';
import type { TripletexCredentials } from '../../connectors/factory.ts';
import {
  createTripletexClient,
  type TripletexClient,
  type TtxClientCompany,
} from '../../connectors/tripletex/client.ts';
import { ConnectorError } from '../../connectors/types.ts';
import { ApiError } from '../../http/errors.ts';
import type { RouteDeps } from '../../http/serve.ts';
import { log } from '../../ops/log.ts';
import { audited, type Who } from '../audit/record.ts';
import { added } from './audit-records.ts';
import { insertSourceWithBoard, tripletexSourcesOf } from './queries.ts';

/**
 * Connecting all of an accountant's Tripletex clients from one employee token, with the product's own
 * consumer token (TRIPLETEX_CONSUMER_TOKEN): list the companies the token may log into, then make a
 * source and a board per company and queue its sync. A source made here keeps only the employee token
 * and the company id (sealed); the consumer token is the product's, read at each sync.
 */

/** The most client companies one listing reads (Tripletex pages by 1000). */
const MAX_COMPANIES = 5000;
/** Companies checked with Tripletex at once: a batch of a hundred does not wait a hundred round trips. */
const CHECKS_AT_ONCE = 4;

type Deps = Pick<
  RouteDeps,
  'db' | 'secrets' | 'sync' | 'tripletexBaseUrl' | 'tripletexConsumerToken' | 'boardQuantity'
>;

function clientFor(deps: Deps, employeeToken: string, companyId?: number): TripletexClient {
  if (!deps.tripletexConsumerToken) throw new ApiError('TRIPLETEX_NOT_CONFIGURED');
  return createTripletexClient({
    baseUrl: deps.tripletexBaseUrl,
    consumerToken: deps.tripletexConsumerToken,
    employeeToken,
    ...(companyId !== undefined ? { companyId } : {}),
    maxRetries: 1,
  });
}

/** Tripletex's refusal as `refused`, its silence as TRIPLETEX_UNREACHABLE; anything else is ours and thrown on. */
function asApiError(err: unknown, refused: ErrorCode): unknown {
  if (!(err instanceof ConnectorError)) return err;
  return new ApiError(err.kind === 'invalid-credentials' ? refused : 'TRIPLETEX_UNREACHABLE');
}

/** The client companies the employee token may log into, after checking the token itself. */
async function companiesOf(deps: Deps, employeeToken: string): Promise<TtxClientCompany[]> {
  const client = clientFor(deps, employeeToken);
  // The token first: a wrong or expired one is told apart from a good one without client access.
  await client.get('/token/session/>whoAmI').catch((err: unknown) => {
    throw asApiError(err, 'TRIPLETEX_EMPLOYEE_TOKEN_INVALID');
  });
  const companies: TtxClientCompany[] = [];
  try {
    for await (const page of client.clientCompanies()) {
      companies.push(...page.filter((c) => Number.isSafeInteger(c.id) && c.id > 0));
      if (companies.length >= MAX_COMPANIES) break;
    }
  } catch (err) {
    throw asApiError(err, 'TRIPLETEX_NO_CLIENT_ACCESS');
  }
  return companies.slice(0, MAX_COMPANIES);
}

/** The Tripletex companies the owner has as sources: by the id a bulk connection notes, or the company id sealed with the keys. */
async function connectedCompanies(deps: Deps, ownerId: string): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const row of await tripletexSourcesOf(deps.db, ownerId)) {
    const noted = row.settings.tripletexCompanyId;
    if (typeof noted === 'number') {
      ids.add(noted);
      continue;
    }
    if (!row.credentials) continue;
    try {
      const { companyId } = JSON.parse(deps.secrets.open(row.credentials)) as TripletexCredentials;
      if (companyId) ids.add(Number(companyId));
    } catch {
      // Sealed with another key: that source says so at its next sync; it connects no company here.
    }
  }
  return ids;
}

const nameOf = (company: TtxClientCompany) =>
  (company.name ?? '')
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .trim()
    .slice(0, 100) || `Tripletex ${company.id}`;

export async function listClientCompanies(
  deps: Deps,
  ownerId: string,
  employeeToken: string,
): Promise<TripletexCompany[]> {
  const companies = await companiesOf(deps, employeeToken);
  const connected = await connectedCompanies(deps, ownerId);
  return companies.map((c) => ({
    id: c.id,
    name: nameOf(c),
    organizationNumber: c.organizationNumber || null,
    connected: connected.has(c.id),
  }));
}

/** Runs `task` over `items`, at most `limit` at a time, answers in the items' order (by hand: a dozen lines, no library needed). */
async function inTurns<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Whether Tripletex serves this company's ledger to the token: null when it does, else why not. */
async function reach(deps: Deps, employeeToken: string, companyId: number): Promise<ErrorCode | null> {
  try {
    await clientFor(deps, employeeToken, companyId).get('/ledger/account', { from: 0, count: 1, fields: 'id' });
    return null;
  } catch (err) {
    const mapped = asApiError(err, 'TRIPLETEX_COMPANY_NOT_ACCESSIBLE');
    if (!(mapped instanceof ApiError)) throw mapped;
    return mapped.code === 'TRIPLETEX_UNREACHABLE' ? 'TRIPLETEX_COMPANY_FAILED' : mapped.code;
  }
}

const failed = (id: number, name: string | null, code: ErrorCode): TripletexBulkItem => ({
  id,
  name,
  status: 'failed',
  apiAccountId: null,
  boardId: null,
  error: { code, message: errors[code].en },
});

export interface BulkRequest {
  employeeToken: string;
  companyIds: readonly number[];
  expirationDate?: string;
  /** Every board made carries these tags (already checked and kept once each). */
  tags?: readonly string[];
}

/**
 * Connects each company asked for, one at a time and each all or nothing (its source, board and the link
 * between them in one transaction, then its sync queued): a company that fails is reported and those
 * before and after it are kept. A company that is a source already is skipped.
 */
export async function connectClientCompanies(
  deps: Deps,
  who: Who & { actorId: string },
  request: BulkRequest,
): Promise<TripletexBulkResult> {
  const ownerId = who.actorId;
  const { employeeToken } = request;
  const byId = new Map((await companiesOf(deps, employeeToken)).map((c) => [c.id, c]));
  const connected = await connectedCompanies(deps, ownerId);
  const ids = [...new Set(request.companyIds)];
  const todo = (id: number) => byId.has(id) && !connected.has(id);
  const reached = await inTurns(ids, CHECKS_AT_ONCE, (id) =>
    todo(id) ? reach(deps, employeeToken, id) : Promise.resolve(null),
  );

  const companies: TripletexBulkItem[] = [];
  const apiAccountIds: string[] = [];
  for (const [i, id] of ids.entries()) {
    const company = byId.get(id);
    if (!company) {
      companies.push(failed(id, null, 'TRIPLETEX_COMPANY_NOT_ACCESSIBLE'));
      continue;
    }
    const name = nameOf(company);
    const skipped = { id, name, apiAccountId: null, boardId: null, error: null };
    if (connected.has(id)) {
      companies.push({ ...skipped, status: 'skipped' });
      continue;
    }
    const refusal = reached[i];
    if (refusal) {
      companies.push(failed(id, name, refusal));
      continue;
    }
    const apiAccountId = randomUUID();
    const boardId = randomUUID();
    const now = new Date();
    const credentials: TripletexCredentials = { employeeToken, companyId: String(id) };
    try {
      const account = {
        id: apiAccountId,
        ownerId,
        name,
        number: company.organizationNumber?.slice(0, 50) || null,
        provider: 'tripletex' as const,
        settings: { tripletexCompanyId: id },
        credentials: deps.secrets.seal(JSON.stringify(credentials)),
        // As a source added by hand with the product's consumer token would be fingerprinted.
        credentialsFingerprint: deps.secrets.fingerprint(
          `${deps.tripletexConsumerToken}\u0000${employeeToken}\u0000${id}`,
        ),
        expirationDate: request.expirationDate ?? null,
        createdAt: now,
      };
      // The source, its board and its audit record: all or nothing.
      await audited(
        deps.db,
        who,
        (tx) =>
          insertSourceWithBoard(tx, {
            account,
            board: { id: boardId, ownerId, name, tags: [...(request.tags ?? [])], createdAt: now, updatedAt: now },
          }),
        () => added(account, boardId),
      );
    } catch (err) {
      // Never the token: the error's message only, and which company.
      log.error({ company: id, message: (err as Error).message }, 'Connecting a Tripletex company failed');
      companies.push(failed(id, name, 'INTERNAL_ERROR'));
      continue;
    }
    // Queued at once, so a source made is syncing even if a later company's step fails the call.
    await deps.sync.enqueue([apiAccountId]);
    connected.add(id);
    apiAccountIds.push(apiAccountId);
    companies.push({ id, name, status: 'connected', apiAccountId, boardId, error: null });
  }
  if (apiAccountIds.length) deps.boardQuantity?.boardsChanged(ownerId);
  return { companies, apiAccountIds };
}
