import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { asSent, json, list, route } from './define.ts';

const ONLY = ' (SuperAdmin only)';

export const adminApi = {
  summary: route({
    method: 'GET',
    path: '/admin/summary',
    tag: 'admin',
    summary: `Counts of companies and users by lifecycle status${ONLY}`,
    response: json(api.adminSummary),
  }),
  users: route({
    method: 'GET',
    path: '/admin/users',
    tag: 'admin',
    summary: `All users${ONLY}`,
    response: list(api.adminUser),
  }),
  status: route({
    method: 'PATCH',
    path: '/admin/users/:id/status',
    tag: 'admin',
    summary: `Activate or deactivate a user; deactivating ends their sessions at once and suspends their boards' public links, embed tokens and members until they are activated again${ONLY}`,
    body: api.adminStatusRequest,
    response: json(api.adminUser),
  }),
  plan: route({
    method: 'PATCH',
    path: '/admin/users/:id/plan',
    tag: 'admin',
    summary: `Grant ('free') or revoke ('trial') free use${ONLY}`,
    body: api.adminPlanRequest,
    response: json(api.adminUser),
  }),
  registrations: route({
    method: 'GET',
    path: '/admin/registrations',
    tag: 'admin',
    summary: `Signups per month and one by one, from..to (yyyy-mm-dd; default the last 12 months)${ONLY}`,
    query: z.object({ from: z.string().optional(), to: z.string().optional() }),
    // The portal always names the range.
    sent: asSent<{ query: { from: string; to: string } }>(),
    response: json(api.adminRegistrations),
  }),
  companies: route({
    method: 'GET',
    path: '/admin/companies',
    tag: 'admin',
    summary: `All companies (boards) of the install${ONLY}`,
    response: list(api.adminCompany),
  }),
  company: route({
    method: 'GET',
    path: '/admin/companies/:id',
    tag: 'admin',
    summary: `One company with its owner and API accounts${ONLY}`,
    response: json(api.adminCompanyDetail),
  }),
} as const;
