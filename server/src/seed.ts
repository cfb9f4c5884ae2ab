import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEMO_COMPANY, DEMO_SEED, demoPeriod } from './connectors/demo/demo-company.ts';
import { demoConnector } from './connectors/demo/demo-connector.ts';
import type { Db } from './db/client.ts';
import { apiAccount, board, boardApiAccount, user } from './db/schema/index.ts';
import type { Auth } from './features/auth/auth.ts';
import { type IngestResult, ingestLedger } from './features/sync/ingest.ts';

export const DEMO_USER = {
  email: 'demo@saldo.no',
  password: 'Demo1234',
  firstName: 'Demo',
  lastName: 'Bruker',
} as const;
export interface SeedResult {
  userId: string;
  boardId: string;
  apiAccountId: string;
  ingested: IngestResult | null;
}

/**
 * First start: a verified demo user with one board over one demo API account, synced.
 * Runs again harmlessly: an existing demo user is left as it is.
 */
export async function seedDemo(db: Db, auth: Auth, today = new Date()): Promise<SeedResult | null> {
  const existing = await db.query.user.findFirst({ where: eq(user.email, DEMO_USER.email) });
  if (existing) return null;
  const { user: created } = await auth.api.signUpEmail({
    body: {
      email: DEMO_USER.email,
      password: DEMO_USER.password,
      name: `${DEMO_USER.firstName} ${DEMO_USER.lastName}`,
      firstName: DEMO_USER.firstName,
      lastName: DEMO_USER.lastName,
      companyName: DEMO_COMPANY,
    },
  });
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, created.id));
  const now = new Date();
  const apiAccountId = randomUUID();
  const boardId = randomUUID();
  await db.insert(apiAccount).values({
    id: apiAccountId,
    ownerId: created.id,
    name: `${DEMO_COMPANY} (demo)`,
    provider: 'demo',
    number: '912345678',
    settings: { seed: DEMO_SEED },
    createdAt: now,
  });
  await db
    .insert(board)
    .values({ id: boardId, ownerId: created.id, name: DEMO_COMPANY, createdAt: now, updatedAt: now });
  await db.insert(boardApiAccount).values({ boardId, apiAccountId });
  const ingested = await ingestLedger(db, apiAccountId, demoConnector({ seed: DEMO_SEED, ...demoPeriod(today) }));
  return { userId: created.id, boardId, apiAccountId, ingested };
}
