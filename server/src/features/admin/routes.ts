import { adminApi } from '@saldo/contract/api/admin';
import { SUPER_ADMIN } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { perApp, type RouteDeps, serve } from '../../http/serve.ts';
import { audited, whoOf } from '../audit/record.ts';
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

/** The longest registration range the month table is asked for. */
const MAX_RANGE_YEARS = 20;

/** The super-admin area: only the SuperAdmin role gets past its rows in access/route-access.ts, whatever the menu says. */
/** What the handlers share, built once per app from its deps. */
const shared = perApp((deps: RouteDeps) => {
  const { db } = deps;
  const now = () => new Date(deps.now ? deps.now() : Date.now());

  const existing = async (id: string) => {
    if (!(await userExists(db, id))) throw new ApiError('NO_USER_FOUND');
  };
  return { db, existing, now };
});

export const adminRoutes = [
  serve(adminApi.summary, SUPER_ADMIN, async (c, deps) => {
    const { db, now } = shared(deps);
    return c.json(await adminSummary(db, now()));
  }),
  serve(adminApi.users, SUPER_ADMIN, async (c, deps) => {
    const { db, now } = shared(deps);
    return c.json(await adminUsers(db, now()));
  }),
  serve(adminApi.status, SUPER_ADMIN, async (c, deps) => {
    const { db, existing, now } = shared(deps);
    const id = c.req.param('id');
    const { status } = c.req.valid('json');
    if (status === 'deactivated' && id === c.get('user').id) throw new ApiError('CANNOT_DEACTIVATE_SELF');
    await existing(id);
    // Better-auth sessions go with the change, refresh tokens right after; an access token still in
    // flight is refused by authenticate(), which reads the status on every request.
    await audited(
      db,
      whoOf(c, now().getTime()),
      async (tx) => {
        await setUserStatus(tx, id, status);
        if (status === 'deactivated') await deleteSessionsOf(tx, id);
      },
      () => ({ action: 'admin.user_status_changed', groupId: null, target: { userId: id, status } }),
    );
    if (status === 'deactivated') await deps.tokens.revokeAll(id);
    return c.json(await adminUser(db, now(), id));
  }),
  serve(adminApi.plan, SUPER_ADMIN, async (c, deps) => {
    const { db, existing, now } = shared(deps);
    const id = c.req.param('id');
    const { plan } = c.req.valid('json');
    await existing(id);
    // A running subscription (active, past due, or cancelled but not yet ended) is billing's to end.
    const state = await accountState(db, id, now());
    if (state === 'active' || state === 'pastDue' || state === 'cancelled') throw new ApiError('PLAN_SET_BY_BILLING');
    await audited(
      db,
      whoOf(c, now().getTime()),
      (tx) => setUserPlan(tx, id, plan),
      () => ({ action: 'admin.user_plan_changed', groupId: null, target: { userId: id, plan } }),
    );
    return c.json(await adminUser(db, now(), id));
  }),
  serve(adminApi.registrations, SUPER_ADMIN, async (c, deps) => {
    const { db, now } = shared(deps);
    const query = c.req.valid('query');
    const fallback = defaultRegistrationRange(now());
    const from = query.from || fallback.from;
    const to = query.to || fallback.to;
    const start = parseDay(from);
    const end = parseDay(to);
    if (!start || !end || start > end || end.getUTCFullYear() - start.getUTCFullYear() > MAX_RANGE_YEARS)
      throw new ApiError('INVALID_DATE_RANGE');
    return c.json(await adminRegistrations(db, from, to));
  }),
  serve(adminApi.companies, SUPER_ADMIN, async (c, deps) => {
    const { db } = shared(deps);
    return c.json(await adminCompanies(db));
  }),
  serve(adminApi.company, SUPER_ADMIN, async (c, deps) => {
    const { db, now } = shared(deps);
    const company = await adminCompany(db, now(), c.req.param('id'));
    if (!company) throw new ApiError('COMPANY_NOT_FOUND');
    return c.json(company);
  }),
];
