import type { Auth } from '../auth/auth.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';

export interface SessionUser {
  id: string;
  email: string;
  role: string;
}

/** What every feature's routes get: the database and the auth services, no globals. */
export interface AppDeps {
  db: Db;
  auth: Auth;
  tokens: TokenService;
  databaseUrl: string;
  portalDist?: string;
  sdkDist?: string;
  examplesDir?: string;
}

export interface AppEnv {
  Variables: { user: SessionUser };
}
