import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { menuFor } from '../../auth/menu.ts';
import type { LoginResponse } from '../../contract.ts';
import { session, user } from '../../db/schema/index.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { errorResponse, loginBody, loginResponse, refreshBody, tokenPair } from './schemas.ts';

const json = (schema: Parameters<typeof resolver>[0], description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});

export function authRoutes(deps: AppDeps) {
  const roleOf = async (userId: string) =>
    (await deps.db.query.user.findFirst({ where: eq(user.id, userId), columns: { role: true } }))?.role ?? null;

  return new Hono<AppEnv>()
    .post(
      '/auth/login',
      describeRoute({
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        responses: {
          200: json(loginResponse, 'The login response'),
          401: json(errorResponse, 'INCORRECT_CREDENTIALS'),
          403: json(errorResponse, 'EMAIL_IS_NOT_VERIFIED'),
        },
      }),
      validate('json', loginBody),
      async (c) => {
        const { email, password } = c.req.valid('json');
        let token: string;
        try {
          const signedIn = await deps.auth.api.signInEmail({ body: { email, password }, headers: c.req.raw.headers });
          token = signedIn.token;
        } catch (err) {
          if (err instanceof APIError && err.body?.code === 'EMAIL_NOT_VERIFIED')
            throw new ApiError('EMAIL_IS_NOT_VERIFIED');
          if (err instanceof APIError) throw new ApiError('INCORRECT_CREDENTIALS');
          throw err;
        }
        const [row] = await deps.db
          .select({ user, sessionId: session.id })
          .from(session)
          .innerJoin(user, eq(user.id, session.userId))
          .where(eq(session.token, token));
        if (!row) throw new ApiError('INCORRECT_CREDENTIALS');
        const u = row.user;
        const tokens = await deps.tokens.issue(u.id, u.role, row.sessionId);
        await deps.db.update(user).set({ lastLoginAt: new Date() }).where(eq(user.id, u.id));
        const body: LoginResponse = {
          ...tokens,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          companyName: u.companyName,
          phoneNumber: u.phoneNumber,
          isVerified: u.emailVerified,
          role: { name: u.role },
          menu: menuFor(u.role),
          isFirstLoggedIn: u.lastLoginAt === null,
          id: u.id,
        };
        return c.json(body);
      },
    )
    .post(
      '/auth/refresh-token',
      describeRoute({
        tags: ['auth'],
        summary: 'Swap a refresh token for a new token pair (the old refresh token stops working)',
        responses: { 200: json(tokenPair, 'A new token pair'), 401: json(errorResponse, 'INVALID_REFRESH_TOKEN') },
      }),
      validate('json', refreshBody),
      async (c) => c.json(await deps.tokens.rotate(c.req.valid('json').refreshToken, roleOf)),
    )
    .post(
      '/auth/logout',
      describeRoute({ tags: ['auth'], summary: 'End the session of a refresh token' }),
      validate('json', refreshBody),
      async (c) => {
        const revoked = await deps.tokens.revoke(c.req.valid('json').refreshToken);
        if (revoked?.sessionId) await deps.db.delete(session).where(eq(session.id, revoked.sessionId));
        return c.json({ isLoggedOut: true });
      },
    );
}
