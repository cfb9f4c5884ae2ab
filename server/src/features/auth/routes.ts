import type { LoginResponse, SignupResponse } from '@saldo/contract';
import { loginResponse, refreshResponse, signupResponse } from '@saldo/contract/schemas';
import { APIError } from 'better-auth/api';
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { menuFor } from '../../access/menu.ts';
import { hitLimit } from '../../access/rate-limit.ts';
import type { AppDeps } from '../../app-deps.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { verificationMail } from '../../mail/templates.ts';
import { usesOthersBoardsOnly } from '../billing/payer.ts';
import { viewsBoardsOnly } from '../boards/access.ts';
import { acceptableInvitation, acceptInvitation } from '../team/queries.ts';
import { consumeVerificationToken, createVerificationToken, verificationTokenUser } from './email-verification.ts';
import { limitedPasswordCheck, passwordMatches } from './password-attempts.ts';
import { passwordProblem } from './password-policy.ts';
import {
  activeRoleOf,
  completeSignup,
  deleteSession,
  makeSuperAdmin,
  markEmailVerified,
  recordLogin,
  sessionWithUser,
  type UserRow,
  userByEmail,
  userById,
} from './queries.ts';
import { resetTokenUser } from './reset-tokens.ts';
import { emailBody, errorResponse, loginBody, refreshBody, resetBody, signupBody, verifyBody } from './schemas.ts';

const json = (schema: Parameters<typeof resolver>[0], description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});
const error = (codes: string) => json(errorResponse, codes);

export function authRoutes(deps: AppDeps) {
  const { db, limits } = deps;
  const now = () => deps.now?.() ?? Date.now();
  const roleOf = (userId: string) => activeRoleOf(db, userId);
  const findByEmail = (email: string) => userByEmail(db, email);
  /** Failed logins and failed passwords on the verify page share one budget (access/rate-limit.ts). */
  const loginFailureKeys = (email: string, ip: string) => [
    { key: `login:fail:ip:${ip}`, limit: limits.loginFailuresPerIp },
    { key: `login:fail:account:${email}:${ip}`, limit: limits.loginFailuresPerAccountClient },
  ];
  const checkPartner = (id: string | undefined) => {
    if (id !== undefined && !deps.integrationPartners.includes(id)) throw new ApiError('INTEGRATION_NOT_FOUND');
  };
  const sendVerification = async (u: { id: string; email: string; firstName: string; language: 'nor' | 'en' }) => {
    const token = await createVerificationToken(db, u.id);
    const url = `${deps.baseUrl}/verify-account?token=${encodeURIComponent(token)}`;
    await deps.mailer.send(verificationMail(u.email, u.firstName, url, u.language));
  };

  return new Hono<AppEnv>()
    .post(
      '/auth/signup',
      describeRoute({
        tags: ['auth'],
        summary: 'Create an account; a verification link is e-mailed',
        responses: {
          201: json(
            signupResponse,
            'The new user. No tokens until the address is verified: only a signup from an invitation, whose link proved the address, is signed in',
          ),
          400: error('VALIDATION_FAILED, PASSWORD_TOO_SHORT, WEAK_PASSWORD, TERMS_NOT_ACCEPTED'),
          409: error('USER_ALREADY_EXISTS'),
        },
      }),
      validate('json', signupBody),
      async (c) => {
        const body = c.req.valid('json');
        if (!body.termsAccepted) throw new ApiError('TERMS_NOT_ACCEPTED');
        const problem = passwordProblem(body.password);
        if (problem) throw new ApiError(problem);
        checkPartner(body.integrationPartnerId);
        await hitLimit(db, `signup:ip:${clientIp(c)}`, limits.signupPerIp);
        if (await findByEmail(body.email)) throw new ApiError('USER_ALREADY_EXISTS');
        // Signing up from an invitation: its link proved the address, which must be the invited one.
        const invited = body.invitationToken ? await acceptableInvitation(db, body.invitationToken, now()) : null;
        if (invited && invited.email !== body.email) throw new ApiError('USER_GROUP_MISMATCH');
        let userId: string;
        try {
          const created = await deps.auth.api.signUpEmail({
            body: {
              email: body.email,
              password: body.password,
              name: `${body.firstName} ${body.lastName}`,
              firstName: body.firstName,
              lastName: body.lastName,
              companyName: body.companyName || undefined,
              phoneNumber: body.phoneNumber || undefined,
            },
          });
          userId = created.user.id;
        } catch (err) {
          // Two signups racing for one e-mail: the unique index decides, and the loser hears why.
          if (err instanceof APIError && /exist/i.test(String(err.body?.code)))
            throw new ApiError('USER_ALREADY_EXISTS');
          console.error('Signup failed', err instanceof Error ? err.message : err);
          throw new ApiError('ERROR_CREATING_ACCOUNT');
        }
        const language = body.language ?? 'nor';
        // A configured SuperAdmin address gets its role at a login, which needs a verified address
        // (see /auth/login), never here: whoever signs up first with it must prove they read its mail.
        await completeSignup(db, userId, {
          language,
          role: 'User',
          integrationPartnerId: body.integrationPartnerId ?? null,
          emailVerified: !!invited,
        });
        const response: SignupResponse = { firstName: body.firstName, email: body.email };
        if (!invited) {
          // No session before the address is verified: whoever signed up may not be its owner, and a
          // session kept from now would outlive the owner's verification (issue 25, finding 5).
          await sendVerification({ id: userId, email: body.email, firstName: body.firstName, language });
          return c.json(response, 201);
        }
        await acceptInvitation(db, invited, userId, now());
        return c.json({ ...response, ...(await deps.tokens.issueNewSession(userId, 'User')) }, 201);
      },
    )
    .post(
      '/auth/login',
      describeRoute({
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        responses: {
          200: json(loginResponse, 'The login response'),
          401: error('INCORRECT_CREDENTIALS'),
          403: error('EMAIL_IS_NOT_VERIFIED, ACCOUNT_DEACTIVATED'),
          404: error('INTEGRATION_NOT_FOUND'),
          429: error('TOO_MANY_REQUESTS'),
        },
      }),
      validate('json', loginBody),
      async (c) => {
        const { email, password, integrationPartnerId } = c.req.valid('json');
        checkPartner(integrationPartnerId);
        // Counted as failures before the password is checked (so parallel guesses cannot slip past
        // the limit), and given back unless the password was wrong: successes never count.
        let token: string | undefined;
        const right = await limitedPasswordCheck(db, loginFailureKeys(email, clientIp(c)), now(), async () => {
          try {
            token = (await deps.auth.api.signInEmail({ body: { email, password }, headers: c.req.raw.headers })).token;
            return true;
          } catch (err) {
            if (err instanceof APIError && err.body?.code === 'EMAIL_NOT_VERIFIED')
              throw new ApiError('EMAIL_IS_NOT_VERIFIED');
            if (err instanceof APIError) return false;
            throw err;
          }
        });
        const row: { user: UserRow; sessionId: string } | undefined =
          right && token ? await sessionWithUser(db, token) : undefined;
        if (!row) throw new ApiError('INCORRECT_CREDENTIALS');
        let u = row.user;
        if (u.status !== 'active') {
          await deleteSession(db, row.sessionId);
          throw new ApiError('ACCOUNT_DEACTIVATED');
        }
        // A configured SuperAdmin address is promoted here, in a session made after its verification
        // (better-auth refuses a login before it), and never earlier (issue 25, finding 5).
        if (u.emailVerified && u.role !== 'SuperAdmin' && deps.superAdminEmails.includes(u.email.toLowerCase())) {
          await makeSuperAdmin(db, u.id);
          u = { ...u, role: 'SuperAdmin' };
        }
        const tokens = await deps.tokens.issue(u.id, u.role, row.sessionId);
        await recordLogin(db, u.id);
        const body: LoginResponse = {
          ...tokens,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          companyName: u.companyName,
          phoneNumber: u.phoneNumber,
          isVerified: u.emailVerified,
          role: { name: u.role },
          menu: menuFor(u.role, {
            partnerTester: deps.partnerTestEmail === u.email.toLowerCase(),
            viewsOnly: await viewsBoardsOnly(db, u.id),
            member: await usesOthersBoardsOnly(db, u.id),
          }),
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
        responses: { 200: json(refreshResponse, 'A new token pair'), 401: error('INVALID_REFRESH_TOKEN') },
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
        // Ending the session stops its access tokens too (authenticate() requires a live session).
        if (revoked?.sessionId) await deleteSession(db, revoked.sessionId);
        return c.json({ isLoggedOut: true });
      },
    )
    .post(
      '/auth/password/request-reset',
      describeRoute({
        tags: ['auth'],
        summary: 'E-mail a password reset link (valid one hour, usable once)',
        responses: { 404: error('USER_NOT_FOUND'), 429: error('TOO_MANY_REQUESTS') },
      }),
      validate('json', emailBody),
      async (c) => {
        const { email } = c.req.valid('json');
        await hitLimit(db, `reset:ip:${clientIp(c)}`, limits.resetPerIp);
        // The spec answers an unknown address with 'User does not exists', so this call does tell
        // whether an address has an account; the per-IP limit above keeps that from being mined.
        if (!(await findByEmail(email))) throw new ApiError('USER_NOT_FOUND');
        await hitLimit(db, `reset:account:${email}`, limits.resetPerAccount);
        await deps.auth.api.requestPasswordReset({ body: { email } });
        return c.json({ isSent: true });
      },
    )
    .patch(
      '/auth/password/reset',
      describeRoute({
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset e-mail',
        description:
          'The link was mailed to the address, so using it also verifies the address (and, as any new password does, ends every session).',
        responses: { 400: error('INVALID_RESET_TOKEN, PASSWORD_TOO_SHORT, WEAK_PASSWORD') },
      }),
      validate('json', resetBody),
      async (c) => {
        const { token, password } = c.req.valid('json');
        const problem = passwordProblem(password);
        if (problem) throw new ApiError(problem);
        const pendingUserId = await resetTokenUser(deps.auth, token, now());
        try {
          await deps.auth.api.resetPassword({ body: { newPassword: password, token } });
        } catch (err) {
          if (err instanceof APIError) throw new ApiError('INVALID_RESET_TOKEN');
          throw err;
        }
        // A new password ends every session, ours as well as better-auth's. The token came by mail, so
        // its user has proved the address: one who never verified it (say, because someone else signed up
        // with it and chose the password) is verified now, with a password of their own.
        if (pendingUserId !== undefined) {
          await deps.tokens.revokeAll(pendingUserId);
          await markEmailVerified(db, pendingUserId);
        }
        return c.json({ isReset: true });
      },
    )
    .patch(
      '/auth/account/verify',
      describeRoute({
        tags: ['auth'],
        summary:
          'Verify the e-mail address with the token from the verification e-mail and the password chosen at signup',
        description:
          'The token proves the mailbox, the password proves the signup: whoever signed up with an address may not own it, ' +
          'so verification needs both, and ends every session made before it. Without `password` the token is only checked ' +
          '(400 VERIFICATION_PASSWORD_REQUIRED while it is valid). A wrong password counts as a failed login (429 past the limit) ' +
          'and leaves the token usable; who does not know the password resets it, which verifies the address too.',
        responses: {
          400: error('INVALID_VERIFICATION_TOKEN, VERIFICATION_PASSWORD_REQUIRED'),
          401: error('INCORRECT_CREDENTIALS'),
          429: error('TOO_MANY_REQUESTS'),
        },
      }),
      validate('json', verifyBody),
      async (c) => {
        const { token, password } = c.req.valid('json');
        const pendingId = await verificationTokenUser(db, token, now());
        const u = pendingId ? await userById(db, pendingId) : undefined;
        if (!u) throw new ApiError('INVALID_VERIFICATION_TOKEN');
        if (!u.emailVerified) {
          if (password === undefined) throw new ApiError('VERIFICATION_PASSWORD_REQUIRED');
          const right = await limitedPasswordCheck(db, loginFailureKeys(u.email, clientIp(c)), now(), () =>
            passwordMatches(db, deps.auth, u.id, password),
          );
          if (!right) throw new ApiError('INCORRECT_CREDENTIALS');
        }
        // Used once: of two requests with the same token, one verifies.
        if ((await consumeVerificationToken(db, token, now())) !== u.id)
          throw new ApiError('INVALID_VERIFICATION_TOKEN');
        if (!u.emailVerified) {
          // Sessions first, so no session from before the verification ever meets a verified account.
          await deps.tokens.revokeAll(u.id);
          await markEmailVerified(db, u.id);
        }
        return c.json(true);
      },
    )
    .post(
      '/auth/account/send/verification-email',
      describeRoute({
        tags: ['auth'],
        summary: 'Send the verification e-mail again',
        responses: {
          404: error('EMAIL_NOT_FOUND'),
          409: error('EMAIL_ALREADY_VERIFIED'),
          429: error('TOO_MANY_REQUESTS'),
        },
      }),
      validate('json', emailBody),
      async (c) => {
        const { email } = c.req.valid('json');
        await hitLimit(db, `verification:ip:${clientIp(c)}`, limits.resetPerIp);
        const u = await findByEmail(email);
        if (!u) throw new ApiError('EMAIL_NOT_FOUND');
        if (u.emailVerified) throw new ApiError('EMAIL_ALREADY_VERIFIED');
        await hitLimit(db, `verification:account:${email}`, limits.verificationPerAccount);
        await sendVerification(u);
        return c.json({ isSent: true });
      },
    );
}
