import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { withAuth, withRole } from '../../auth/with-auth.ts';
import { user } from '../../db/schema/index.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';

/** The super-admin area: only the SuperAdmin role gets past withRole, whatever the menu says. */
export function adminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('/admin/*', withAuth(deps), withRole('SuperAdmin'))
    .get(
      '/admin/users',
      describeRoute({ tags: ['admin'], summary: 'All users (SuperAdmin only)', security: [{ bearer: [] }] }),
      async (c) => {
        const rows = await deps.db
          .select({
            _id: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            companyName: user.companyName,
            role: user.role,
            status: user.status,
            isVerified: user.emailVerified,
            createdAt: user.createdAt,
            lastLoginAt: user.lastLoginAt,
          })
          .from(user)
          .orderBy(desc(user.createdAt));
        return c.json(rows);
      },
    );
}
