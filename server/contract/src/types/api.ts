/**
 * The shapes of the JSON API, shared with the SDK and the portal. Each response type is inferred from
 * its zod schema (./schemas/*.ts, the @saldo/contract/schemas/index entry), which the server checks its
 * answers against and writes its OpenAPI document from; the imports below are type-only, so a bundle
 * that takes these types takes no zod. Their documentation is on the schemas' fields.
 * Money is integer øre; dates are ISO (yyyy-mm-dd), months yyyy-mm.
 */

import type { z } from 'zod';
import type { ColumnKind } from '../numbers/format.ts';
import type * as account from '../schemas/account.ts';
import type * as boards from '../schemas/boards.ts';
import type * as common from '../schemas/common.ts';
import type * as reports from '../schemas/reports.ts';
import type * as requests from '../schemas/requests.ts';
import type * as widgets from '../schemas/widgets.ts';
import type * as catalogue from '../widgets/catalogue.ts';

export type { BudgetIssue, BudgetIssueCode, BudgetWidgetLine } from '../budgets/budgets.ts';
export type { FigureId } from '../kpis/figures.ts';
export type { KpiUnit } from '../kpis/format.ts';
export type { KpiId } from '../kpis/kpis.ts';
export type { HealthWarning, Severity } from '../sources/data-health.ts';
export type { ImportWarning, ImportWarningCode } from '../sources/import-warnings.ts';
export type { SourceError, SourceErrorCode } from '../sources/source-errors.ts';
export type { WidgetType } from '../widgets/registry.ts';
export type * from './billing.ts';

// Shared pieces: responses.
export type LocalizedText = z.infer<typeof common.localizedText>;
export type UserLanguage = z.infer<typeof common.userLanguage>;
export type Booked = z.infer<typeof common.bookedMonths>;
export type Comparison = z.infer<typeof common.comparison>;
export type ReportComparison = z.infer<typeof common.reportComparison>;
export type ProfitLossGroupId = z.infer<typeof common.profitLossGroupId>;

// Sign-in, profile, health, admin, exports, the assistant and help: responses.
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

// Sources, boards, sharing, embed keys and teams: responses.
export type ApiAccountProvider = z.infer<typeof boards.apiAccountProvider>;
export type SyncStats = z.infer<typeof boards.syncStats>;
export type SyncInfo = z.infer<typeof boards.syncInfo>;
export type ApiAccount = z.infer<typeof boards.apiAccount>;
export type SaftFile = z.infer<typeof boards.saftFile>;
export type DataHealthSource = z.infer<typeof boards.dataHealthSource>;
export type BoardDataHealth = z.infer<typeof boards.boardDataHealth>;
export type DataNotice = z.infer<typeof boards.dataNotice>;
export type SyncProgressMessage = z.infer<typeof boards.syncProgressMessage>;
export type ApiAccountSummary = z.infer<typeof boards.apiAccountSummary>;
export type BoardRole = z.infer<typeof boards.boardRole>;
export type MemberRole = z.infer<typeof boards.memberRole>;
export type BoardWidget = z.infer<typeof boards.boardWidget>;
export type Board = z.infer<typeof boards.board>;
export type SubBoard = z.infer<typeof boards.subBoard>;
export type BoardPeriods = z.infer<typeof boards.boardPeriods>;
export type DemoStart = z.infer<typeof boards.demoStart>;
export type SharedPage = z.infer<typeof boards.sharedPage>;
export type LockedPeriod = z.infer<typeof boards.lockedPeriod>;
export type SharedWidget = z.infer<typeof boards.sharedWidget>;
export type ShareResponse = z.infer<typeof boards.shareResponse>;
export type PublicBoard = z.infer<typeof boards.publicBoard>;
export type ShareLink = z.infer<typeof boards.shareLink>;
export type EmbedKey = z.infer<typeof boards.embedKey>;
export type CreatedEmbedKey = z.infer<typeof boards.createdEmbedKey>;
export type Invitation = z.infer<typeof boards.invitation>;
export type InvitationPreview = z.infer<typeof boards.invitationPreview>;
export type InvitationAccepted = z.infer<typeof boards.invitationAccepted>;
export type TeamMember = z.infer<typeof boards.teamMember>;

// The statements, postings, consolidations and budgets: responses.
export type ProfitLossSubItem = z.infer<typeof reports.profitLossSubItem>;
export type ProfitLossGroup = z.infer<typeof reports.profitLossGroup>;
export type ProfitLossPeriod = z.infer<typeof reports.profitLossPeriod>;
export type ProfitLossMonth = z.infer<typeof reports.profitLossMonth>;
export type ProfitLossReport = z.infer<typeof reports.profitLossReport>;
export type BalanceSheetGroupId = z.infer<typeof reports.balanceSheetGroupId>;
export type BalanceSheetSection = z.infer<typeof reports.balanceSheetSection>;
export type BalanceSheetSubItem = z.infer<typeof reports.balanceSheetSubItem>;
export type BalanceSheetGroup = z.infer<typeof reports.balanceSheetGroup>;
export type BalanceSheetMonth = z.infer<typeof reports.balanceSheetMonth>;
export type BalanceSheetReport = z.infer<typeof reports.balanceSheetReport>;
export type CashFlowGroupId = z.infer<typeof reports.cashFlowGroupId>;
export type CashFlowSubItem = z.infer<typeof reports.cashFlowSubItem>;
export type CashFlowGroup = z.infer<typeof reports.cashFlowGroup>;
export type CashFlowMonth = z.infer<typeof reports.cashFlowMonth>;
export type CashFlowReport = z.infer<typeof reports.cashFlowReport>;
export type PostingRow = z.infer<typeof reports.postingRow>;
export type PostingsPage = z.infer<typeof reports.postingsPage>;
export type Consolidation = z.infer<typeof reports.consolidation>;
export type BudgetWidgetData = z.infer<typeof reports.budgetWidgetData>;
export type BudgetRow = z.infer<typeof reports.budgetRow>;
export type BudgetYear = z.infer<typeof reports.budgetYear>;
export type BudgetImportResult = z.infer<typeof reports.budgetImportResult>;
export type BudgetImportRefusal = z.infer<typeof reports.budgetImportRefusal>;

// The widgets' data and custom widgets: responses.
export type WidgetConfiguration = z.infer<typeof catalogue.widgetConfiguration>;
export type TopListItem = z.infer<typeof widgets.topListItem>;
export type TopRow = z.infer<typeof widgets.topRow>;
export type TopFiveExpense = z.infer<typeof widgets.topFiveExpense>;
export type MonthAmount = z.infer<typeof widgets.monthAmount>;
export type TurnoverData = z.infer<typeof widgets.turnoverData>;
export type MrrMonth = z.infer<typeof widgets.mrrMonth>;
export type MrrData = z.infer<typeof widgets.mrrData>;
export type EmployeeCountMonth = z.infer<typeof widgets.employeeCountMonth>;
export type EmployeesData = z.infer<typeof widgets.employeesData>;
export type ConsolidationWidgetData = z.infer<typeof widgets.consolidationWidgetData>;
export type AccountPattern = z.infer<typeof widgets.accountPattern>;
export type StatementLineRef = z.infer<typeof widgets.statementLineRef>;
export type RatioOperand = z.infer<typeof widgets.ratioOperand>;
export type CustomWidget = z.infer<typeof widgets.customWidget>;
export type AccountSearchResult = z.infer<typeof widgets.accountSearchResult>;
export type CustomWidgetComparison = z.infer<typeof widgets.customWidgetComparison>;
export type CustomWidgetData = z.infer<typeof widgets.customWidgetData>;
export type KpiPart = z.infer<typeof widgets.kpiPart>;
export type KpiTerm = z.infer<typeof widgets.kpiTerm>;
export type KpiData = z.infer<typeof widgets.kpiData>;
export type BoardPreference = z.infer<typeof widgets.boardPreference>;

// Requests: what a caller may send (defaults left out).

export type SignupRequest = z.input<typeof requests.signupRequest>;
export type ProfileUpdate = z.input<typeof requests.profileUpdate>;
export type EmbedKeyRequest = z.input<typeof requests.embedKeyRequest>;
export type InvitationRequest = z.input<typeof requests.invitationRequest>;
export type MemberUpdate = z.input<typeof requests.memberUpdate>;
export type AdminStatusRequest = z.input<typeof requests.adminStatusRequest>;
export type ProgressTicketRequest = z.input<typeof requests.progressTicketRequest>;
export type AdminPlanRequest = z.input<typeof requests.adminPlanRequest>;
export type AskAssistantRequest = z.input<typeof requests.askAssistantRequest>;
export type FeedbackRequest = z.input<typeof requests.feedbackRequest>;
/** POST /api/group-account and PUT /api/group-account/{id} (a PUT may leave any field out). */
export type BoardInput = z.input<typeof requests.boardUpdate>;
export type ShareRequest = z.input<typeof requests.shareRequest>;
export type ExportRequest = z.input<typeof requests.exportRequest>;
export type BudgetSaveRequest = z.input<typeof requests.budgetSaveRequest>;
export type EmbedTokenClaims = z.infer<typeof requests.embedTokenClaims>;

// Constants.

/** The partner-integration test page (SPEC §2: a route without login, linked for one configured user). */
export const PARTNER_TEST_ROUTE = '/integration/test';

export type ExportFormat = ExportRequest['format'];

/** How a column's values read: amounts are the shown whole kroner (rounded half away from zero, footed). */
export type ExportColumnKind = ColumnKind;

/** The longest feedback message, in characters (the server refuses more with FEEDBACK_TOO_LONG). */
export const FEEDBACK_MAX_CHARS = 4000;
