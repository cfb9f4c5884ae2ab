import type { LoginResponse, SignupResponse } from '@saldo/contract';
import { authApi } from '@saldo/contract/api/auth';
import { APIError } from 'better-auth/api';
import { hitLimit } from '../../access/rate-limit.ts';
import { PUBLIC } from '../../access/rules.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ApiError } from '../../http/errors.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { verificationMail } from '../../mail/templates.ts';
import { log } from '../../ops/log.ts';
import { userMenu } from '../profile/user-menu.ts';
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

/** What the handlers share, built once per app from its deps. */
const authOf = perApp((deps: RouteDeps) => {
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
  return { checkPartner, db, findByEmail, limits, loginFailureKeys, now, roleOf, sendVerification };
});

export const authRoutes = [
  serve(authApi.signup, PUBLIC, async (c, deps) => {
    const { checkPartner, db, findByEmail, limits, now, sendVerification } = authOf(deps);
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
      if (err instanceof APIError && /exist/i.test(String(err.body?.code))) throw new ApiError('USER_ALREADY_EXISTS');
      log.error({ err }, 'Signup failed');
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
  }),
  serve(authApi.login, PUBLIC, async (c, deps) => {
    const { checkPartner, db, loginFailureKeys, now } = authOf(deps);
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
      menu: await userMenu(db, deps.partnerTestEmail, u),
      isFirstLoggedIn: u.lastLoginAt === null,
      id: u.id,
    };
    return c.json(body);
  }),
  serve(authApi.refresh, PUBLIC, async (c, deps) => {
    const { roleOf } = authOf(deps);
    return c.json(await deps.tokens.rotate(c.req.valid('json').refreshToken, roleOf));
  }),
  serve(authApi.logout, PUBLIC, async (c, deps) => {
    const { db } = authOf(deps);
    const revoked = await deps.tokens.revoke(c.req.valid('json').refreshToken);
    // Ending the session stops its access tokens too (authenticate() requires a live session).
    if (revoked?.sessionId) await deleteSession(db, revoked.sessionId);
    return c.json({ isLoggedOut: true });
  }),
  serve(authApi.requestReset, PUBLIC, async (c, deps) => {
    const { db, findByEmail, limits } = authOf(deps);
    const { email } = c.req.valid('json');
    await hitLimit(db, `reset:ip:${clientIp(c)}`, limits.resetPerIp);
    // The spec answers an unknown address with 'User does not exists', so this call does tell
    // whether an address has an account; the per-IP limit above keeps that from being mined.
    if (!(await findByEmail(email))) throw new ApiError('USER_NOT_FOUND');
    await hitLimit(db, `reset:account:${email}`, limits.resetPerAccount);
    await deps.auth.api.requestPasswordReset({ body: { email } });
    return c.json({ isSent: true });
  }),
  serve(authApi.reset, PUBLIC, async (c, deps) => {
    const { db, now } = authOf(deps);
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
  }),
  serve(authApi.verify, PUBLIC, async (c, deps) => {
    const { db, loginFailureKeys, now } = authOf(deps);
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
    if ((await consumeVerificationToken(db, token, now())) !== u.id) throw new ApiError('INVALID_VERIFICATION_TOKEN');
    if (!u.emailVerified) {
      // Sessions first, so no session from before the verification ever meets a verified account.
      await deps.tokens.revokeAll(u.id);
      await markEmailVerified(db, u.id);
    }
    return c.json(true);
  }),
  serve(authApi.resendVerification, PUBLIC, async (c, deps) => {
    const { db, findByEmail, limits, sendVerification } = authOf(deps);
    const { email } = c.req.valid('json');
    await hitLimit(db, `verification:ip:${clientIp(c)}`, limits.resetPerIp);
    const u = await findByEmail(email);
    if (!u) throw new ApiError('EMAIL_NOT_FOUND');
    if (u.emailVerified) throw new ApiError('EMAIL_ALREADY_VERIFIED');
    await hitLimit(db, `verification:account:${email}`, limits.verificationPerAccount);
    await sendVerification(u);
    return c.json({ isSent: true });
  }),
];
