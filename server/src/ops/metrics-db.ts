import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { scheduledJob, syncJob } from '../db/schema/index.ts';
import type { DatabaseFigures } from './metrics.ts';

/** The job queues and the database file, as /metrics reads them at scrape time. */
export function databaseFigures(db: Db, databaseUrl: string): DatabaseFigures {
  return {
    async syncJobs() {
      const rows = await db
        .select({ state: syncJob.status, n: sql<number>`count(*)` })
        .from(syncJob)
        .groupBy(syncJob.status);
      const byState: Record<string, number> = { queued: 0, running: 0, done: 0, failed: 0 };
      for (const r of rows) byState[r.state] = Number(r.n);
      return byState;
    },
    async scheduledJobs() {
      const rows = await db
        .select({
          kind: scheduledJob.kind,
          state: sql<string>`case when ${scheduledJob.status} = 'queued' and ${scheduledJob.runAt} <= ${Date.now()} then 'due' else ${scheduledJob.status} end`,
          n: sql<number>`count(*)`,
        })
        .from(scheduledJob)
        .groupBy(sql`1`, sql`2`);
      return rows.map((r) => ({ kind: r.kind, state: r.state, n: Number(r.n) }));
    },
    databaseFile: databaseUrl.startsWith('file:') ? databaseUrl.slice('file:'.length).split('?')[0]! : null,
  };
}
