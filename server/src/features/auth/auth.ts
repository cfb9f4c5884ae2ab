import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../../db/client.ts';
import { schema } from '../../db/client.ts';
import { log } from '../../ops/log.ts';

export interface AuthOptions {
  secret: string;
  baseUrl: string;
  trustedOrigins?: string[];
  /** Sends the reset e-mail; better-auth makes, stores and later consumes the random token. */
  sendResetPassword?: (user: { id: string; email: string; name: string }, token: string) => Promise<void>;
}

export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/**
 * better-auth owns users, password hashing and credential checks. The spec's own routes
 * (the login route and friends, features/auth/routes.ts) call it server-side and answer in the spec's shapes.
 */
export function createAuth(db: Db, options: AuthOptions) {
  return betterAuth({
    database: drizzleAdapter(db, {
      provider: 'sqlite',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    secret: options.secret,
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    trustedOrigins: options.trustedOrigins ?? [],
    telemetry: { enabled: false },
    // Its warnings and errors go to the server's log, as lines of the request they happened in; of
    // what it passes along, only an error is kept (the rest could hold a user's input).
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const err = args.find((a) => a instanceof Error);
        log[level]({ from: 'better-auth', ...(err ? { err } : {}) }, message);
      },
    },
    // Only the SHA-256 of a verification identifier is stored, so a reset token (`reset-password:<token>`)
    // read from the database or a backup cannot reset a password. See reset-tokens.ts.
    verification: { storeIdentifier: 'hashed' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        if (!options.sendResetPassword) throw new Error('Password reset mail is not configured');
        await options.sendResetPassword(user, token);
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true },
        lastName: { type: 'string', required: true },
        companyName: { type: 'string', required: false },
        phoneNumber: { type: 'string', required: false },
        role: { type: 'string', required: false, defaultValue: 'User', input: false },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
