/**
 * Requests: what a caller may send (defaults left out), and the embed token's claims. Inferred from their zod schemas
 * (../schemas/requests.ts, where their fields are described); type-only, so a bundle that takes them takes no zod.
 */
import type { z } from 'zod';
import type * as requests from '../schemas/requests.ts';

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

export type ExportFormat = ExportRequest['format'];
