/**
 * Sign-in, profile, health, admin, exports, the assistant and help: their answers. Inferred from their zod schemas
 * (../schemas/account.ts, where their fields are described); type-only, so a bundle that takes them takes no zod.
 */
import type { z } from 'zod';
import type { ColumnKind } from '../numbers/format.ts';
import type * as account from '../schemas/account.ts';

export type MenuEntry = z.infer<typeof account.menuEntry>;
export type LoginResponse = z.infer<typeof account.loginResponse>;
export type SignupResponse = z.infer<typeof account.signupResponse>;
export type RefreshResponse = z.infer<typeof account.refreshResponse>;
export type OutboxMessage = z.infer<typeof account.outboxMessage>;
export type PasswordChangeResponse = z.infer<typeof account.passwordChangeResponse>;
export type Profile = z.infer<typeof account.profile>;
export type HealthDetails = z.infer<typeof account.healthDetails>;
export type HealthResponse = z.infer<typeof account.healthResponse>;
export type LoggedOut = z.infer<typeof account.loggedOut>;
export type MailSent = z.infer<typeof account.mailSent>;
export type PasswordReset = z.infer<typeof account.passwordReset>;
export type Deleted = z.infer<typeof account.deleted>;
export type Sent = z.infer<typeof account.sent>;
export type UserPlan = z.infer<typeof account.userPlan>;
export type LifecycleStatus = z.infer<typeof account.lifecycleStatus>;
export type AdminSummary = z.infer<typeof account.adminSummary>;
export type AdminUser = z.infer<typeof account.adminUser>;
export type AdminRegistrations = z.infer<typeof account.adminRegistrations>;
export type AdminCompany = z.infer<typeof account.adminCompany>;
export type AdminCompanyDetail = z.infer<typeof account.adminCompanyDetail>;
export type ExportTable = z.infer<typeof account.exportTable>;
export type ExportDocument = z.infer<typeof account.exportDocument>;
export type AiQueryAnswer = z.infer<typeof account.aiQueryAnswer>;
export type AiQueryResponse = z.infer<typeof account.aiQueryResponse>;
export type FeedbackStatus = z.infer<typeof account.feedbackStatus>;
export type AssistantStatus = z.infer<typeof account.assistantStatus>;
export type SyncQueued = z.infer<typeof account.syncQueued>;
export type ProgressTicket = z.infer<typeof account.progressTicket>;

/** How a column's values read: amounts are the shown whole kroner (rounded half away from zero, footed). */
export type ExportColumnKind = ColumnKind;
