/** The schedule of a report pack and the record of each mail it sent (issue 30); the rules are report-packs/schedule.ts. */
import { z } from 'zod';
import { LAST_SEND_DAY, SCHEDULE_RULES } from '../report-packs/schedule.ts';
import { packMessage, packRecipients } from './report-packs.ts';

/** PUT …/schedule: the rule, its send day (calendar rules; 1–28), who gets it (distinct addresses) and the message. */
export const packScheduleRequest = z.strictObject({
  rule: z.enum(SCHEDULE_RULES),
  day: z.number().int().min(1).max(LAST_SEND_DAY).optional(),
  recipients: packRecipients,
  message: packMessage,
});

/** A pack's schedule as answered, with the day it sends next (null for 'when-booked': when the month is in). */
export const packSchedule = z.strictObject({
  _id: z.string(),
  groupId: z.string(),
  packId: z.string(),
  rule: z.enum(SCHEDULE_RULES),
  day: z.number().int().nullable(),
  recipients: z.array(z.string()),
  message: z.string(),
  ownerId: z.string(),
  since: z.string(),
  nextSendDay: z.string().nullable(),
  updatedAt: z.string(),
});

/** One recipient's mail of a sent pack: when, and what the SMTP server answered. */
export const packDelivery = z.strictObject({
  _id: z.string(),
  snapshotId: z.string(),
  scheduleId: z.string().nullable(),
  recipient: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  response: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export type PackScheduleRequest = z.output<typeof packScheduleRequest>;
export type PackSchedule = z.output<typeof packSchedule>;
export type PackDelivery = z.output<typeof packDelivery>;
