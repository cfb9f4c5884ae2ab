import { randomUUID } from 'node:crypto';
import { alertsApi } from '@saldo/contract/api/alerts';
import { menu, on, write } from '../../access/rules.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { boardRoleOf } from '../boards/access.ts';
import type { AlertRuleBody } from './evaluate.ts';
import { deleteRule, eventsOf, insertRule, MAX_RULES, replaceRule, ruleCount, ruleOf, rulesOf } from './queries.ts';
import { ruleColumns, rulesAnswer } from './rules.ts';

/** A rule's columns, its board (if it names one) being one the user may view. */
async function columnsOf(db: Db, userId: string, body: AlertRuleBody) {
  const columns = ruleColumns(body);
  if (columns.scopeBoardId && !(await boardRoleOf(db, userId, columns.scopeBoardId)))
    throw new ApiError('BOARD_NOT_FOUND');
  return columns;
}

async function oneRule(db: Db, userId: string, id: string) {
  const row = await ruleOf(db, userId, id);
  if (!row) throw new ApiError('ALERT_NOT_FOUND');
  const [answer] = await rulesAnswer(db, userId, [row]);
  return answer!;
}

/** Rules are their maker's: each user lists, changes and deletes their own, on the boards they may view. */
export const alertRoutes = [
  serve(alertsApi.list, menu('GroupAccount'), async (c, deps) => {
    const userId = c.get('user').id;
    return c.json(await rulesAnswer(deps.db, userId, await rulesOf(deps.db, userId)));
  }),
  serve(alertsApi.create, write('GroupAccount'), async (c, deps) => {
    const { db } = deps;
    const userId = c.get('user').id;
    const columns = await columnsOf(db, userId, c.req.valid('json'));
    if ((await ruleCount(db, userId)) >= MAX_RULES) throw new ApiError('ALERT_LIMIT');
    const id = randomUUID();
    const now = new Date();
    await insertRule(db, { id, ownerId: userId, ...columns, createdAt: now, updatedAt: now });
    return c.json(await oneRule(db, userId, id), 201);
  }),
  serve(alertsApi.update, write('GroupAccount'), async (c, deps) => {
    const { db } = deps;
    const userId = c.get('user').id;
    const id = c.req.param('id');
    const columns = await columnsOf(db, userId, c.req.valid('json'));
    if (!(await replaceRule(db, userId, id, { ...columns, updatedAt: new Date() })))
      throw new ApiError('ALERT_NOT_FOUND');
    return c.json(await oneRule(db, userId, id));
  }),
  serve(alertsApi.delete, write('GroupAccount'), async (c, deps) => {
    if (!(await deleteRule(deps.db, c.get('user').id, c.req.param('id')))) throw new ApiError('ALERT_NOT_FOUND');
    return c.json({ isDeleted: true as const });
  }),
  // The history of the firm's alerts on a board its viewer may see (the board owner's rules and their own).
  serve(alertsApi.events, menu('GroupAccount', on('query:groupId', 'view')), async (c, deps) => {
    const q = c.req.valid('query');
    return c.json(await eventsOf(deps.db, c.get('user').id, q.groupId, q.state === 'open'));
  }),
];
