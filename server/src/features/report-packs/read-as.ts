// A job that reads the API as a person (a scheduled run as its schedule's owner, a sent pack checked again
// as its board's owner): a session of its own, made for the job and ended when the job is done, so its
// token stops at once and no job holds a person's session.

import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.ts';
import { session } from '../../db/schema/index.ts';
import { type FetchApi, internalReader } from '../../http/internal-api.ts';

export type ReadAsDeps = Pick<AppDeps, 'db' | 'tokens'> & { fetchApi: FetchApi };

export async function readingAs<T>(
  deps: ReadAsDeps,
  who: { id: string; role: string },
  work: (read: (path: string) => Promise<unknown>) => Promise<T>,
): Promise<T> {
  const read = internalReader(deps.fetchApi);
  const own = await deps.tokens.issueNewSession(who.id, who.role);
  try {
    return await work((path) => read(path, own.jwtToken));
  } finally {
    const ended = await deps.tokens.revoke(own.refreshToken);
    if (ended?.sessionId) await deps.db.delete(session).where(eq(session.id, ended.sessionId));
  }
}
