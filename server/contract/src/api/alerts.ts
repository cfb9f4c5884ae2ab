import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { json, list, route } from './define.ts';

export const alertsApi = {
  list: route({
    method: 'GET',
    path: '/alerts',
    tag: 'alerts',
    summary:
      'The user’s alert rules, each with what it says of every board in its scope now (met, quiet, or – with the reason)',
    response: list(api.alertRule),
  }),
  create: route({
    method: 'POST',
    path: '/alerts',
    tag: 'alerts',
    summary: 'Make an alert rule: a figure, a comparison and a scope (one board, a tag, all boards the user may view)',
    body: api.alertRuleBody,
    response: json(api.alertRule, 201),
    errors: { 400: 'ALERT_RULE_INVALID', 404: 'BOARD_NOT_FOUND', 409: 'ALERT_LIMIT' },
  }),
  update: route({
    method: 'PUT',
    path: '/alerts/:id',
    tag: 'alerts',
    summary: 'Change an alert rule (the whole rule); its open alerts are evaluated again at the next sync',
    body: api.alertRuleBody,
    response: json(api.alertRule),
    errors: { 400: 'ALERT_RULE_INVALID', 404: 'ALERT_NOT_FOUND' },
  }),
  delete: route({
    method: 'DELETE',
    path: '/alerts/:id',
    tag: 'alerts',
    summary: 'Delete an alert rule and its history',
    response: json(api.deleted),
    errors: { 404: 'ALERT_NOT_FOUND' },
  }),
  events: route({
    method: 'GET',
    path: '/alerts/events',
    tag: 'alerts',
    summary:
      'The history of the user’s alerts on one board (`groupId`), open ones only or all, newest first (at most 500)',
    query: z.object({ groupId: z.string().min(1).max(100), state: z.enum(['open', 'all']).default('all') }),
    response: list(api.alertEvent),
  }),
} as const;
