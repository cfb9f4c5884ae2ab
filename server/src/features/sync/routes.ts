import type { SyncProgressMessage } from '@saldo/contract';
import { progressTicketRequest } from '@saldo/contract/schemas';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { authenticateSession } from '../../access/authenticate.ts';
import { issueStreamTicket, streamOf, TICKET_TTL_MS } from '../../access/stream-ticket.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { apiAccountsByIds, isSyncable, latestJobs, syncInfoOf } from '../api-accounts/queries.ts';
import { boardSources, visibleApiAccounts } from '../boards/queries.ts';

const startBody = z.object({ groupId: z.string().min(1).max(100) });

/** The progress stream's route, as the route table names it (a ticket opens it for its apiIds[]). */
const PROGRESS_ROUTE = 'GET /sync-board/progress';

/** How often the progress stream looks at the jobs; the database is the source, so any worker process counts. */
const PROGRESS_POLL_MS = 400;
/** A stream ends after this long even if a sync still runs; EventSource reconnects by itself. */
const PROGRESS_MAX_MS = 10 * 60_000;

export function syncRoutes(deps: AppDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? Date.now();

  async function progressOf(userId: string, ids: readonly string[]): Promise<SyncProgressMessage> {
    const rows = await apiAccountsByIds(db, ids);
    // The user's own accounts, and those behind boards shared with them (an Editor syncs the owner's).
    const visible = new Set(await visibleApiAccounts(db, userId));
    const own = rows.filter((r) => r.ownerId === userId || visible.has(r.id));
    const jobs = await latestJobs(
      db,
      own.map((r) => r.id),
    );
    const apiAccounts = own.map((r) => ({ _id: r.id, name: r.name, syncInfo: syncInfoOf(r, jobs.get(r.id)) }));
    const active = apiAccounts.filter((a) => a.syncInfo.status === 'queued' || a.syncInfo.status === 'running');
    const percentages = apiAccounts.map((a) => a.syncInfo.percentage ?? 0);
    return {
      apiAccounts,
      progress: percentages.length ? Math.floor(percentages.reduce((s, p) => s + p, 0) / percentages.length) : 100,
      isSyncDone: active.length === 0,
    };
  }

  return new Hono<AppEnv>()
    .post(
      '/sync-board',
      describeRoute({
        tags: ['sync'],
        summary: "Start syncing a board's valid API accounts (jobs run in the background)",
        security: [{ bearer: [] }],
      }),
      validate('json', startBody),
      async (c) => {
        const { groupId } = c.req.valid('json');
        const sources = await boardSources(db, c.get('user').id, groupId);
        const accounts = await apiAccountsByIds(db, sources);
        const valid = accounts.filter((a) => isSyncable(a));
        if (valid.length === 0) throw new ApiError('NO_VALID_API_ACCOUNTS');
        const jobs = await deps.sync.enqueue(valid.map((a) => a.id));
        return c.json(
          {
            groupId,
            apiIds: valid.map((a) => a.id),
            jobs: jobs.map((j) => ({ _id: j.id, apiAccountId: j.apiAccountId, status: j.status })),
          },
          202,
        );
      },
    )
    .post(
      '/sync-board/progress/ticket',
      describeRoute({
        tags: ['sync'],
        summary: `A single-use ticket, valid ${TICKET_TTL_MS / 1000} s, that opens the progress stream of these API accounts (\`?ticket=…&apiIds[]=…\`): an EventSource cannot send the access token as a header`,
        security: [{ bearer: [] }],
      }),
      validate('json', progressTicketRequest),
      async (c) => {
        const user = c.get('user');
        const ids = c.req.valid('json').apiIds;
        const stream = streamOf(
          PROGRESS_ROUTE,
          ids.map((id) => ['apiIds[]', id] as const),
        );
        const ticket = await issueStreamTicket(db, { userId: user.id, sessionId: user.sessionId, stream }, now());
        return c.json(ticket, 201);
      },
    )
    .get(
      '/sync-board/progress',
      describeRoute({
        tags: ['sync'],
        summary:
          'Server-Sent Events (`syncing_board`) with each API account’s syncInfo, the average progress and isSyncDone; ends when done',
        security: [{ bearer: [] }],
      }),
      async (c) => {
        const ids = [...new Set([...(c.req.queries('apiIds[]') ?? []), ...(c.req.queries('apiIds') ?? [])])].slice(
          0,
          50,
        );
        if (ids.length === 0) throw new ApiError('VALIDATION_FAILED');
        const { id: userId, sessionId } = c.get('user');
        // A stream outlives its first check: it ends as soon as its session does (logout, reset).
        const signedIn = () =>
          authenticateSession(deps, userId, sessionId).then(
            () => true,
            () => false,
          );
        return streamSSE(c, async (stream) => {
          const started = Date.now();
          let last = '';
          let id = 0;
          while (!stream.aborted && Date.now() - started < PROGRESS_MAX_MS) {
            const message = await progressOf(userId, ids);
            const data = JSON.stringify(message);
            if (data !== last) {
              last = data;
              await stream.writeSSE({ event: 'syncing_board', data, id: String(++id) });
            }
            if (message.isSyncDone) break;
            await stream.sleep(PROGRESS_POLL_MS);
            if (!(await signedIn())) break;
          }
        });
      },
    );
}
