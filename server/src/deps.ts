import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAuth } from './auth/auth.ts';
import { createTokenService } from './auth/tokens.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import type { AppDeps } from './http/env.ts';

/**
 * The auth secret: AUTH_SECRET when set, otherwise one generated on first start and kept in the
 * data folder (readable by the owner only), so tokens survive restarts of a local install.
 */
export function authSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): string {
  if (config.authSecret) return config.authSecret;
  const file = join(config.dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function createDeps(config: Config): Promise<AppDeps> {
  const { db } = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  const secret = authSecret(config);
  return {
    db,
    auth: createAuth(db, { secret, baseUrl: config.baseUrl, trustedOrigins: [config.baseUrl] }),
    tokens: createTokenService(db, secret),
    databaseUrl: config.databaseUrl,
    portalDist: config.portalDist,
    sdkDist: config.sdkDist,
    examplesDir: config.examplesDir,
  };
}
