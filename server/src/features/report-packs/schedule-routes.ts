// A report pack's schedule and the record of its mails (issue 30). Saving or stopping a schedule needs
// the share right (it mails the board's figures outside Saldo, as a send does); reading them the view
// right. The runs themselves are jobs (schedule-run.ts); the one who saves a schedule owns it: its runs
// read the board as them, and a run that fails for good is mailed to them.

import { randomUUID } from 'node:crypto';
import { reportPackApi } from '@saldo/contract/api/report-packs';
import { nextSendDay } from '@saldo/contract/report-packs/schedule';
import type { PackSchedule } from '@saldo/contract/schemas/pack-schedules';
import { and, eq } from 'drizzle-orm';
import { menu, on, write } from '../../access/rules.ts';
import { packSchedule } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { type RouteDeps, serve } from '../../http/serve.ts';
import { lastBookedMonth } from '../../ledger/booked.ts';
import { audited, whoOf } from '../audit/record.ts';
import { readableSources } from '../boards/held.ts';
import { osloDate } from '../exports/file-names.ts';
import { deliveriesOf } from './deliveries.ts';
import { packOf } from './queries.ts';
import { type ScheduleRow, timingOf } from './schedule-run.ts';

const VIEW = menu('Dashboard', on('param:groupId', 'view'));
const SHARE = write('Dashboard', on('param:groupId', 'share'));

const today = (deps: RouteDeps) => osloDate(new Date(deps.now?.() ?? Date.now()));

const toSchedule = (row: ScheduleRow, on: string): PackSchedule => ({
  _id: row.id,
  groupId: row.boardId,
  packId: row.packId,
  rule: row.rule,
  day: row.day,
  recipients: row.recipients,
  message: row.message,
  ownerId: row.ownerId,
  since: row.since,
  nextSendDay: nextSendDay(timingOf(row), on),
  updatedAt: row.updatedAt.toISOString(),
});

async function packMustExist(deps: RouteDeps, boardId: string, packId: string): Promise<void> {
  if (!(await packOf(deps.db, boardId, packId))) throw new ApiError('PACK_NOT_FOUND');
}

const scheduleOf = async (deps: RouteDeps, boardId: string, packId: string) =>
  (
    await deps.db
      .select()
      .from(packSchedule)
      .where(and(eq(packSchedule.boardId, boardId), eq(packSchedule.packId, packId)))
  )[0];

export const packScheduleRoutes = [
  serve(reportPackApi.schedule, VIEW, async (c, deps) => {
    const [boardId, packId] = [c.req.param('groupId'), c.req.param('packId')];
    await packMustExist(deps, boardId, packId);
    const row = await scheduleOf(deps, boardId, packId);
    return c.json(row ? toSchedule(row, today(deps)) : null);
  }),
  // Saved again, a schedule keeps its id (so a period it already sent is not sent again) and owes from the save on.
  serve(reportPackApi.setSchedule, SHARE, async (c, deps) => {
    const [boardId, packId] = [c.req.param('groupId'), c.req.param('packId')];
    await packMustExist(deps, boardId, packId);
    const input = c.req.valid('json');
    const at = deps.now?.() ?? Date.now();
    const day = osloDate(new Date(at));
    const fields = {
      rule: input.rule,
      day: input.rule === 'when-booked' ? null : (input.day ?? null),
      recipients: input.recipients,
      message: input.message,
      ownerId: c.get('user').id,
      since: day,
      bookedSince: await lastBookedMonth(deps.db, await readableSources(c, deps.db, boardId)),
      updatedAt: new Date(at),
    };
    const row = await audited(
      deps.db,
      whoOf(c, at),
      async (tx) => {
        const [saved] = await tx
          .insert(packSchedule)
          .values({ id: randomUUID(), packId, boardId, createdAt: new Date(at), ...fields })
          .onConflictDoUpdate({ target: packSchedule.packId, set: fields })
          .returning();
        return saved!;
      },
      (saved) => ({
        action: 'pack.scheduled',
        groupId: boardId,
        target: { packId, scheduleId: saved.id, rule: saved.rule, day: saved.day, recipients: saved.recipients },
      }),
    );
    return c.json(toSchedule(row, day));
  }),
  serve(reportPackApi.deleteSchedule, SHARE, async (c, deps) => {
    const [boardId, packId] = [c.req.param('groupId'), c.req.param('packId')];
    await packMustExist(deps, boardId, packId);
    const removed = await audited(
      deps.db,
      whoOf(c, deps.now?.() ?? Date.now()),
      (tx) =>
        tx
          .delete(packSchedule)
          .where(and(eq(packSchedule.boardId, boardId), eq(packSchedule.packId, packId)))
          .returning({ id: packSchedule.id }),
      (rows) =>
        rows.map((r) => ({
          action: 'pack.unscheduled' as const,
          groupId: boardId,
          target: { packId, scheduleId: r.id },
        })),
    );
    if (removed.length === 0) throw new ApiError('PACK_SCHEDULE_NOT_FOUND');
    return c.json({ isDeleted: true as const });
  }),
  serve(reportPackApi.deliveries, VIEW, async (c, { db }) =>
    c.json(await deliveriesOf(db, c.req.param('groupId'), c.req.param('packId'))),
  ),
];
