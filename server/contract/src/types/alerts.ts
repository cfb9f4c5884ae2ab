/** Alert rules, their events, a board's tags and responsible accountant, and roles on tags (../schemas/alerts.ts); type-only. */
import type { z } from 'zod';
import type * as alerts from '../schemas/alerts.ts';

export type AlertMetric = z.infer<typeof alerts.alertMetric>;
export type AlertComparison = z.infer<typeof alerts.alertComparison>;
export type AlertPeriod = z.infer<typeof alerts.alertPeriod>;
export type AlertState = z.infer<typeof alerts.alertState>;
export type AlertReason = z.infer<typeof alerts.alertReason>;
export type AlertRuleBody = z.input<typeof alerts.alertRuleBody>;
export type AlertRule = z.infer<typeof alerts.alertRule>;
export type AlertEvent = z.infer<typeof alerts.alertEvent>;
export type AlertBoardStatus = z.infer<typeof alerts.alertBoardStatus>;
export type PortfolioAlert = z.infer<typeof alerts.portfolioAlert>;
export type BoardAssignment = z.infer<typeof alerts.boardAssignment>;
export type TagRole = z.infer<typeof alerts.tagRole>;
export type TagMemberGrant = z.input<typeof alerts.tagMemberGrant>;
export type TagMember = z.infer<typeof alerts.tagMember>;
