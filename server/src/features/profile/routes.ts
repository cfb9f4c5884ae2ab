import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Profile } from '@saldo/contract';
import { profileApi } from '@saldo/contract/api/profile';
import { PUBLIC, USER } from '../../access/rules.ts';
import { uploadLimit } from '../../http/body-limit.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ApiError } from '../../http/errors.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { limitedPasswordCheck } from '../auth/password-attempts.ts';
import { passwordProblem } from '../auth/password-policy.ts';
import { AVATAR_MAX_BYTES, type AvatarType, avatarContentType, storableImage } from './avatar.ts';
import { credentialAccount, setPasswordHash, swapAvatar, updateProfile, userById } from './queries.ts';
import { userMenu } from './user-menu.ts';

const AVATAR_PATH = '/api/profile/avatar/';
const AVATAR_FILE = /^[A-Za-z0-9_-]{16,64}\.(png|jpg|svg)$/;

/** What the handlers share, built once per app from its deps. */
const shared = perApp((deps: RouteDeps) => {
  const { db } = deps;
  const avatarsDir = join(deps.uploadsDir, 'avatars');

  async function profileOf(userId: string): Promise<Profile> {
    const u = await userById(db, userId);
    if (!u) throw new ApiError('NO_USER_FOUND');
    return {
      _id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      companyName: u.companyName,
      phoneNumber: u.phoneNumber,
      avatar: u.image,
      isVerified: u.emailVerified,
      role: { name: u.role },
      menu: await userMenu(db, deps.partnerTestEmail, u),
      language: u.language,
    };
  }

  async function replaceAvatar(userId: string, image: string | null) {
    const old = await swapAvatar(db, userId, image);
    const oldFile = old?.startsWith(AVATAR_PATH) ? old.slice(AVATAR_PATH.length) : null;
    if (oldFile && AVATAR_FILE.test(oldFile)) await unlink(join(avatarsDir, oldFile)).catch(() => undefined);
  }
  return { avatarsDir, db, profileOf, replaceAvatar };
});

export const profileRoutes = [
  serve(profileApi.avatarFile, PUBLIC, async (c, deps) => {
    const { avatarsDir } = shared(deps);
    const file = c.req.param('file');
    if (!AVATAR_FILE.test(file)) throw new ApiError('NOT_FOUND');
    const bytes = await readFile(join(avatarsDir, file)).catch(() => null);
    if (!bytes) throw new ApiError('NOT_FOUND');
    const type = file.slice(file.lastIndexOf('.') + 1) as AvatarType;
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': avatarContentType[type],
      'x-content-type-options': 'nosniff',
      // Even opened directly, an SVG avatar can run nothing.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'cache-control': 'private, max-age=86400, immutable',
    });
  }),
  serve(profileApi.me, USER, async (c, deps) => {
    const { profileOf } = shared(deps);
    return c.json(await profileOf(c.get('user').id));
  }),
  serve(profileApi.update, USER, async (c, deps) => {
    const { db, profileOf } = shared(deps);
    const body = c.req.valid('json');
    const id = c.get('user').id;
    const current = await profileOf(id);
    const firstName = body.firstName ?? current.firstName;
    const lastName = body.lastName ?? current.lastName;
    await updateProfile(db, id, {
      firstName,
      lastName,
      name: `${firstName} ${lastName}`,
      ...(body.companyName !== undefined ? { companyName: body.companyName || null } : {}),
      ...(body.phoneNumber !== undefined ? { phoneNumber: body.phoneNumber || null } : {}),
      ...(body.language ? { language: body.language } : {}),
      updatedAt: new Date(),
    });
    return c.json(await profileOf(id));
  }),
  serve(
    profileApi.uploadAvatar,
    USER,
    async (c, deps) => {
      const { avatarsDir, profileOf, replaceAvatar } = shared(deps);
      const form = await c.req.parseBody().catch(() => null);
      const file = form?.avatar;
      if (!(file instanceof File)) throw new ApiError('VALIDATION_FAILED');
      if (file.size > AVATAR_MAX_BYTES) throw new ApiError('FILE_TOO_LARGE');
      const image = storableImage(new Uint8Array(await file.arrayBuffer()));
      if (!image) throw new ApiError('UNSUPPORTED_FILE_TYPE');
      const name = `${randomBytes(18).toString('base64url')}.${image.type}`;
      await mkdir(avatarsDir, { recursive: true });
      await writeFile(join(avatarsDir, name), image.bytes);
      await replaceAvatar(c.get('user').id, AVATAR_PATH + name);
      return c.json(await profileOf(c.get('user').id));
    },
    uploadLimit(AVATAR_MAX_BYTES, 'FILE_TOO_LARGE'),
  ),
  serve(profileApi.deleteAvatar, USER, async (c, deps) => {
    const { profileOf, replaceAvatar } = shared(deps);
    await replaceAvatar(c.get('user').id, null);
    return c.json(await profileOf(c.get('user').id));
  }),
  serve(profileApi.password, USER, async (c, deps) => {
    const { db } = shared(deps);
    const { currentPassword, newPassword } = c.req.valid('json');
    const problem = passwordProblem(newPassword, 'NEW_PASSWORD_TOO_SHORT');
    if (problem) throw new ApiError(problem);
    const me = c.get('user');
    const credential = await credentialAccount(db, me.id);
    const ctx = await deps.auth.$context;
    // Counted like failed logins (issue 25, finding 8): a stolen access token must not be a way to
    // guess the password. Per account, from wherever the guesses come, and per client address.
    const failureKeys = [
      { key: `password:fail:account:${me.id}`, limit: deps.limits.passwordChangeFailuresPerAccount },
      { key: `password:fail:ip:${clientIp(c)}`, limit: deps.limits.passwordChangeFailuresPerIp },
    ];
    const right = await limitedPasswordCheck(db, failureKeys, deps.now?.() ?? Date.now(), async () =>
      credential?.password ? ctx.password.verify({ hash: credential.password, password: currentPassword }) : false,
    );
    if (!credential || !right) throw new ApiError('INVALID_CURRENT_PASSWORD');
    await setPasswordHash(db, credential.id, await ctx.password.hash(newPassword));
    // Every session ends, this one included; the caller continues in a new one.
    await deps.tokens.revokeAll(me.id);
    const tokens = await deps.tokens.issueNewSession(me.id, me.role);
    return c.json({ isUpdated: true, ...tokens });
  }),
];
