// Alert rules and their events (issue 29), and a board's tags and responsible accountant.
import { z } from 'zod';
import { ALERT_COMPARISONS, ALERT_METRICS } from '../kpis/alerts.ts';
import { email, lineText } from './text.ts';

export const alertMetrics = ALERT_METRICS;
export const alertMetric = z.enum(alertMetrics);

/**
 * `below`/`above` a value (øre for amounts, percent for gross margin and equity ratio, a plain ratio
 * for liquidity ratio 1, days for the data's age), strictly; `changeBelow`/`changeAbove`: the change
 * against the same months last year, in percent for amounts and in points for the ratios, strictly
 * below or above the threshold (−20 = fell by more than 20 %).
 */
export const alertComparisons = ALERT_COMPARISONS;
export const alertComparison = z.enum(alertComparisons);

/** The last booked month, or the year to date (January to the last booked month). */
export const alertPeriod = z.enum(['lastMonth', 'yearToDate']);

/** A tag of a board: trimmed, 1–40 characters on one line. */
export const boardTag = lineText(40).pipe(z.string().min(1));

/** At most 20 tags; the same tag twice is kept once. */
export const boardTags = z
  .array(boardTag)
  .max(20)
  .transform((tags) => [...new Set(tags)]);

/** PUT /api/group-account/{id}/assignment: a field left out keeps its value; `responsibleUserId` null clears it. */
export const boardAssignmentUpdate = z.object({
  tags: boardTags.optional(),
  responsibleUserId: z.string().min(1).max(100).nullable().optional(),
});

/** The roles a board's owner gives on a tag: never Admin, so a tag member never shares or invites. */
export const tagRole = z.enum(['Editor', 'Viewer']);

/** POST /api/team/tag-members: a role on one of the caller's tags for a Saldo user, by e-mail (again: the new role). */
export const tagMemberGrant = z.object({ tag: boardTag, email, role: tagRole });

/** DELETE /api/team/tag-members: whose role on which tag ends. */
export const tagMemberRevoke = z.object({ tag: boardTag, userId: z.string().min(1).max(100) });

/** A role on a tag of the caller's: on every board of theirs with the tag, now and later. */
export const tagMember = z.strictObject({
  tag: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: tagRole,
  /** When it was given (or last changed), ISO. */
  addedAt: z.string(),
  /** How many of the caller's boards carry the tag now. */
  boards: z.number().int(),
});

export const boardAssignment = z.strictObject({
  groupId: z.string(),
  tags: z.array(z.string()),
  responsible: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
});

export const alertScope = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('board'), groupId: z.string().min(1).max(100) }),
  z.strictObject({ kind: z.literal('tag'), tag: boardTag }),
  z.strictObject({ kind: z.literal('all') }),
]);

/** POST /api/alerts, and PUT /api/alerts/{id} (the whole rule). */
export const alertRuleBody = z.strictObject({
  name: lineText(100).pipe(z.string().min(1)),
  metric: alertMetric,
  comparison: alertComparison.default('below'),
  /** Must be a finite number; its unit is the metric's (see alertComparison). */
  threshold: z.number().finite().min(-1e15).max(1e15).default(0),
  period: alertPeriod.default('lastMonth'),
  scope: alertScope,
});

/**
 * What a rule says of one board now: `met`, `quiet`, or `unknown` (shown as '–') with the reason it
 * cannot be computed: `noData` (no booked month, never synced), `noBase` (a ratio or change over 0),
 * `noLastYear` (a change with no last year to compare with). Never an alert when unknown.
 */
export const alertState = z.enum(['met', 'quiet', 'unknown']);
export const alertReason = z.enum([
  'below',
  'above',
  'changeBelow',
  'changeAbove',
  'syncFailed',
  'noData',
  'noBase',
  'noLastYear',
]);

export const alertBoardStatus = z.strictObject({
  groupId: z.string(),
  name: z.string(),
  state: alertState,
  /** The value compared (null when unknown): the metric's unit, or the change for a change rule. */
  value: z.number().nullable(),
  /** The period evaluated: yyyy-mm, or yyyy-mm..yyyy-mm. */
  period: z.string().nullable(),
  reason: alertReason.nullable(),
});

export const alertRule = z.strictObject({
  _id: z.string(),
  name: z.string(),
  metric: alertMetric,
  comparison: alertComparison,
  threshold: z.number(),
  period: alertPeriod,
  scope: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('board'), groupId: z.string(), name: z.string() }),
    z.strictObject({ kind: z.literal('tag'), tag: z.string() }),
    z.strictObject({ kind: z.literal('all') }),
  ]),
  /** What the rule says of each board in its scope now (read from the month summaries and sync state). */
  boards: z.array(alertBoardStatus),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const alertEvent = z.strictObject({
  _id: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  metric: alertMetric,
  groupId: z.string(),
  boardName: z.string(),
  period: z.string(),
  value: z.number().nullable(),
  threshold: z.number(),
  reason: alertReason,
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  resolvedAt: z.string().nullable(),
  mailedAt: z.string().nullable(),
});

/** An open alert on a portfolio row: its rule and what was met. */
export const portfolioAlert = z.strictObject({
  ruleId: z.string(),
  ruleName: z.string(),
  metric: alertMetric,
  reason: alertReason,
  value: z.number().nullable(),
  threshold: z.number(),
  period: z.string(),
});
