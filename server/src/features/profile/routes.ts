import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { menuFor } from '../../auth/menu.ts';
import { withAuth } from '../../auth/with-auth.ts';
import type { Profile } from '../../contract.ts';
import { user } from '../../db/schema/index.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';

export function profileRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/profile/me',
    describeRoute({ tags: ['profile'], summary: 'The signed-in user', security: [{ bearer: [] }] }),
    withAuth(deps),
    async (c) => {
      const u = await deps.db.query.user.findFirst({ where: eq(user.id, c.get('user').id) });
      if (!u) throw new ApiError('UNAUTHORIZED');
      const body: Profile = {
        _id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        companyName: u.companyName,
        phoneNumber: u.phoneNumber,
        avatar: u.image,
        isVerified: u.emailVerified,
        role: { name: u.role },
        menu: menuFor(u.role),
      };
      return c.json(body);
    },
  );
}
