/**
 * Sources, boards, sharing, embed keys and teams: their answers. Inferred from their zod schemas
 * (../schemas/boards.ts, where their fields are described); type-only, so a bundle that takes them takes no zod.
 */
import type { z } from 'zod';
import type * as boards from '../schemas/boards.ts';

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
export type TripletexCompany = z.infer<typeof boards.tripletexCompany>;
export type TripletexBulkItem = z.infer<typeof boards.tripletexBulkItem>;
export type TripletexBulkResult = z.infer<typeof boards.tripletexBulkResult>;
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
