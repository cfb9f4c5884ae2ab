import { adminPlanRequest as planBody, adminStatusRequest as statusBody } from '@saldo/contract/schemas';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../http/env.ts';
import { ApiError } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import { accountState } from '../billing/queries.ts';
import {
  adminCompanies,
  adminCompany,
  adminRegistrations,
  adminSummary,
  adminUser,
  adminUsers,
  defaultRegistrationRange,
  deleteSessionsOf,
  parseDay,
  setUserPlan,
  setUserStatus,
  userExists,
} from './queries.ts';

const rangeQuery = z.object({ from: z.string().optional(), to: z.string().optional() });

/** The longest registration range the month table is asked for. */
const MAX_RANGE_YEARS = 20;

const doc = (summary: string) =>
  describeRoute({ tags: ['admin'], summary: `${summary} (SuperAdmin only)`, security: [{ bearer: [] }] });

/** The super-admin area: only the SuperAdmin role gets past its rows in access/route-access.ts, whatever the menu says. */
export function adminRoutes(deps: AppDeps) {
  const { db } = deps;
  const now = () => new Date(deps.now ? deps.now() : Date.now());

  const existing = async (id: string) => {
    if (!(await userExists(db, id))) throw new ApiError('NO_USER_FOUND');
  };

  return new Hono<AppEnv>()
    .get('/admin/summary', doc('Counts of companies and users by lifecycle status'), async (c) =>
      c.json(await adminSummary(db, now())),
    )
    .get('/admin/users', doc('All users'), async (c) => c.json(await adminUsers(db, now())))
    .patch(
      '/admin/users/:id/status',
      doc(
        "Activate or deactivate a user; deactivating ends their sessions at once and suspends their boards' public links, embed tokens and members until they are activated again",
      ),
      validate('json', statusBody),
      async (c) => {
        const id = c.req.param('id');
        const { status } = c.req.valid('json');
        if (status === 'deactivated' && id === c.get('user').id) throw new ApiError('CANNOT_DEACTIVATE_SELF');
        await existing(id);
        await setUserStatus(db, id, status);
        if (status === 'deactivated') {
          // Refresh tokens and better-auth sessions go now; an access token still in flight is
          // refused by authenticate(), which reads the status on every request.
          await deps.tokens.revokeAll(id);
          await deleteSessionsOf(db, id);
        }
        return c.json(await adminUser(db, now(), id));
      },
    )
    .patch(
      '/admin/users/:id/plan',
      doc("Grant ('free') or revoke ('trial') free use"),
      validate('json', planBody),
      async (c) => {
        const id = c.req.param('id');
        const { plan } = c.req.valid('json');
        await existing(id);
        // A running subscription (active, past due, or cancelled but not yet ended) is billing's to end.
        const state = await accountState(db, id, now());
        if (state === 'active' || state === 'pastDue' || state === 'cancelled')
          throw new ApiError('PLAN_SET_BY_BILLING');
        await setUserPlan(db, id, plan);
        return c.json(await adminUser(db, now(), id));
      },
    )
    .get(
      '/admin/registrations',
      doc('Signups per month and one by one, from..to (yyyy-mm-dd; default the last 12 months)'),
      validate('query', rangeQuery),
      async (c) => {
        const query = c.req.valid('query');
        const fallback = defaultRegistrationRange(now());
        const from = query.from || fallback.from;
        const to = query.to || fallback.to;
        const start = parseDay(from);
        const end = parseDay(to);
        if (!start || !end || start > end || end.getUTCFullYear() - start.getUTCFullYear() > MAX_RANGE_YEARS)
          throw new ApiError('INVALID_DATE_RANGE');
        return c.json(await adminRegistrations(db, from, to));
      },
    )
    .get('/admin/companies', doc('All companies (boards) of the install'), async (c) =>
      c.json(await adminCompanies(db)),
    )
    .get('/admin/companies/:id', doc('One company with its owner and API accounts'), async (c) => {
      const company = await adminCompany(db, now(), c.req.param('id'));
      if (!company) throw new ApiError('COMPANY_NOT_FOUND');
      return c.json(company);
    });
}
