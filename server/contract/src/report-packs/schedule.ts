// When a report pack's schedule owes a send, and for which months. Pure month arithmetic, so the job that
// sends (server), the schedule's page (portal) and the tests read one rule.
//
// - 'monthly', 'quarterly', 'four-monthly': a calendar rule. A period is a month, a calendar quarter, or a
//   third of the year (January–April, May–August, September–December: aksjeloven § 6-15's "at least every
//   four months"). Its pack goes out on `day` (1–28) of the month after the period ends. A process that was
//   down on that day sends it when it comes back, until the next period's send day: only the latest period
//   whose day has come is owed, never a backlog.
// - 'when-booked': monthly, once the month's data is in: the source's last booked month has moved to it and
//   no sync is running. Only months booked after the schedule was made are sent.
//
// A run is named by its schedule and its period's first month (`slot`), so the job that sends it is made once
// however many processes plan at the same moment.

import { addMonths, type MonthSpan, spanDates } from '../period/period.ts';

export const SCHEDULE_RULES = ['monthly', 'quarterly', 'four-monthly', 'when-booked'] as const;
export type ScheduleRule = (typeof SCHEDULE_RULES)[number];

/** The send day when a calendar rule names none, and the last one a rule may name (every month has it). */
export const DEFAULT_SEND_DAY = 5;
export const LAST_SEND_DAY = 28;

/** How many months each rule's period holds. */
export const RULE_MONTHS: Readonly<Record<ScheduleRule, number>> = {
  monthly: 1,
  quarterly: 3,
  'four-monthly': 4,
  'when-booked': 1,
};

export interface ScheduleTiming {
  rule: ScheduleRule;
  /** The day of the month after the period a calendar rule sends on (1–28); null: DEFAULT_SEND_DAY. */
  day: number | null;
  /** The day the schedule was made or last changed (yyyy-mm-dd): a send day before it is not owed. */
  since: string;
  /** 'when-booked': the last booked month when the schedule was made; that month and earlier are not sent. */
  bookedSince: string | null;
}

export interface DueRun extends MonthSpan {
  startDate: string;
  endDate: string;
  /** The day it became owed (yyyy-mm-dd): the send day, or for 'when-booked' the day it was found booked. */
  dueOn: string;
}

const monthOf = (date: string) => date.slice(0, 7);
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** The calendar rule's period that holds `month`: it, its quarter, or its third of the year. */
export function periodOf(rule: Exclude<ScheduleRule, 'when-booked'>, month: string): MonthSpan {
  const length = RULE_MONTHS[rule];
  const offset = (monthIndex(month) % 12) % length;
  const from = addMonths(month, -offset);
  return { from, to: addMonths(from, length - 1) };
}

/** The latest calendar period that ended before the month of `today`. */
function latestEnded(rule: Exclude<ScheduleRule, 'when-booked'>, today: string): MonthSpan {
  const lastMonth = addMonths(monthOf(today), -1);
  const span = periodOf(rule, lastMonth);
  return span.to === lastMonth ? span : periodOf(rule, addMonths(span.from, -1));
}

const sendDay = (timing: ScheduleTiming) =>
  Math.min(LAST_SEND_DAY, Math.max(1, Math.trunc(timing.day ?? DEFAULT_SEND_DAY)));

const withDates = (span: MonthSpan, dueOn: string): DueRun => ({ ...span, ...spanDates(span), dueOn });

/** The send day of a calendar period: `day` of the month after it ends. */
function sendDate(timing: ScheduleTiming, span: MonthSpan): string {
  return `${addMonths(span.to, 1)}-${String(sendDay(timing)).padStart(2, '0')}`;
}

/**
 * The run a schedule owes on `today` (yyyy-mm-dd), or null. `lastBookedMonth` and `syncing` are the board's
 * (only 'when-booked' reads them). Whether the run was already made is the job table's to say (its slot).
 */
export function dueRun(
  timing: ScheduleTiming,
  today: string,
  lastBookedMonth: string | null,
  syncing: boolean,
): DueRun | null {
  if (timing.rule === 'when-booked') {
    if (!lastBookedMonth || syncing || lastBookedMonth >= monthOf(today)) return null;
    if (timing.bookedSince && lastBookedMonth <= timing.bookedSince) return null;
    return withDates({ from: lastBookedMonth, to: lastBookedMonth }, today);
  }
  // The latest period whose send day has come: the one that ended last, or while its day is still ahead
  // the one before it (a process down on that one's day still owes it).
  let span = latestEnded(timing.rule, today);
  if (sendDate(timing, span) > today) span = periodOf(timing.rule, addMonths(span.from, -1));
  const due = sendDate(timing, span);
  return due < timing.since ? null : withDates(span, due);
}

/** The next send day of a calendar rule after `today` (for the schedule's page); null for 'when-booked'. */
export function nextSendDay(timing: ScheduleTiming, today: string): string | null {
  if (timing.rule === 'when-booked') return null;
  let span = latestEnded(timing.rule, today);
  while (sendDate(timing, span) <= today || sendDate(timing, span) < timing.since)
    span = periodOf(timing.rule, addMonths(span.to, 1));
  return sendDate(timing, span);
}

/** The job slot of a schedule's run: one per schedule and period. */
export const runSlot = (scheduleId: string, run: MonthSpan) => `${scheduleId}:${run.from}`;
