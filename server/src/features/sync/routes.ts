import type { SyncProgressMessage } from '@saldo/contract';
import { routeKey } from '@saldo/contract/api/define';
import { syncApi } from '@saldo/contract/api/sync';
import { streamSSE } from 'hono/streaming';
import { authenticateSession } from '../../access/authenticate.ts';
import { on, USER, write } from '../../access/rules.ts';
import { issueStreamTicket, streamOf } from '../../access/stream-ticket.ts';
import { ApiError } from '../../http/errors.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { apiAccountsByIds, isSyncable, latestJobs, syncInfoOf } from '../api-accounts/queries.ts';
import { readableSources } from '../boards/held.ts';
import { visibleApiAccounts } from '../boards/queries.ts';

/** The progress stream's route, as the route table names it (a ticket opens it for its apiIds[]). */
const PROGRESS_ROUTE = routeKey(syncApi.progress);

/** How often the progress stream looks at the jobs; the database is the source, so any worker process counts. */
const PROGRESS_POLL_MS = 400;
/** A stream ends after this long even if a sync still runs; EventSource reconnects by itself. */
const PROGRESS_MAX_MS = 10 * 60_000;

/** What the handlers share, built once per app from its deps. */
const shared = perApp((deps: RouteDeps) => {
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
  return { db, now, progressOf };
});

export const syncRoutes = [
  serve(syncApi.start, write('SyncBoard', on('body:groupId', 'edit'), 'Sync'), async (c, deps) => {
    const { db } = shared(deps);
    const { groupId } = c.req.valid('json');
    const sources = await readableSources(c, db, groupId);
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
  }),
  serve(syncApi.ticket, USER, async (c, deps) => {
    const { db, now } = shared(deps);
    const user = c.get('user');
    const ids = c.req.valid('json').apiIds;
    const stream = streamOf(
      PROGRESS_ROUTE,
      ids.map((id) => ['apiIds[]', id] as const),
    );
    const ticket = await issueStreamTicket(db, { userId: user.id, sessionId: user.sessionId, stream }, now());
    return c.json(ticket, 201);
  }),
  serve(syncApi.progress, { kind: 'user', ticket: true }, async (c, deps) => {
    const { progressOf } = shared(deps);
    const ids = [...new Set([...(c.req.queries('apiIds[]') ?? []), ...(c.req.queries('apiIds') ?? [])])].slice(0, 50);
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
  }),
];
