/** Sources, boards, sharing, embed keys and teams: response schemas (types in ../types.ts). */
import { z } from 'zod';
import { healthWarning, importWarning, lang, severity, sourceError, userLanguage, view } from './common.ts';
import { errorCode } from './errors.ts';
import { publicFirm } from './firm.ts';

export const apiAccountProvider = z.enum(['demo', 'tripletex', 'saft']);

/** What a sync brought in (GET /api/api-account/{id} `stats`). Totals in øre. */
export const syncStats = z.strictObject({
  accounts: z.number().int(),
  customers: z.number().int(),
  suppliers: z.number().int(),
  products: z.number().int(),
  employees: z.number().int(),
  /** posting lines (opening balances not included) */
  postings: z.number().int(),
  /** debit and credit totals of the posting lines, øre */
  debitTotal: z.number().int(),
  creditTotal: z.number().int(),
  /** accounts given an opening balance at the start of the period */
  openingBalances: z.number().int(),
  /** What the source's data gave cause to tell: codes with parameters (texts: sync/import-warnings.ts). */
  warnings: z.array(importWarning),
  /**
   * The company the source names (a SAF-T file's header: its name and organisation number), when it
   * names one: what the board offered after an upload is called.
   */
  company: z.strictObject({ name: z.string(), orgNumber: z.string().optional() }).optional(),
});

export const syncInfo = z.strictObject({
  status: z.enum(['idle', 'queued', 'running', 'done', 'failed']),
  /** 0..100 while a sync is queued or running, 100 when the last one finished, null when never synced */
  percentage: z.number().nullable(),
  lastSyncedAt: z.string().nullable(),
  /** Why the last sync failed, as a code with parameters (texts: source-errors.ts). */
  error: sourceError.nullable(),
});

/** The spec's API account. Credentials are never returned: only their last four characters. */
export const apiAccount = z.strictObject({
  _id: z.string(),
  name: z.string(),
  number: z.string().nullable(),
  provider: apiAccountProvider,
  /** integration: created by a partner integration, cannot be edited */
  type: z.enum(['integration', 'manual']),
  consumerIdHint: z.string().nullable(),
  employeeIdHint: z.string().nullable(),
  expirationDate: z.string().nullable(),
  apiKeyIsInvalid: z.boolean(),
  invalidReason: z.enum(['expired', 'rejected']).nullable(),
  syncInfo,
  stats: syncStats.nullable(),
  /**
   * SAF-T sources: how a voucher that looks like the opening balance (first day, balance-sheet
   * accounts only, no opening balances in the file) is read: 'opening' (the default) or 'ordinary'.
   * Set with PUT /api-account/{id}; a change syncs the source again.
   */
  openingVoucher: z.enum(['opening', 'ordinary']).optional(),
  createdAt: z.string(),
});

/**
 * One file of a SAF-T source (GET /api/api-account/{id}/saft-files, newest first). The newest file
 * covering a month gives that month; the months of the source are those its files cover.
 */
export const saftFile = z.strictObject({
  _id: z.string(),
  fileName: z.string(),
  bytes: z.number().int(),
  /** The first and last month (yyyy-mm) the file covers, as its import read them; null until it is read. */
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  uploadedAt: z.string(),
  /** Who uploaded it (null for a user since deleted). */
  uploadedBy: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
});

/** One source of a board as the data-health panel shows it. */
export const dataHealthSource = z.strictObject({
  _id: z.string(),
  name: z.string(),
  provider: apiAccountProvider,
  lastSyncedAt: z.string().nullable(),
  /** Why the last sync failed (the figures are then the sync's before), or null. */
  syncError: sourceError.nullable(),
  /** The worst of its warnings, or null when it has none. */
  severity: severity.nullable(),
  /** What its last sync told, each with its severity, the accounts and amount it touches. */
  warnings: z.array(healthWarning),
});

/** GET /api/data-health/{groupId}: every source's warnings, for the panel and the top bar's badge. */
export const boardDataHealth = z.strictObject({
  groupId: z.string(),
  /** The worst severity over the board's sources, or null when nothing is to be said. */
  severity: severity.nullable(),
  counts: z.record(severity, z.number().int()),
  sources: z.array(dataHealthSource),
});

/**
 * GET …/data-notice beside each element's data route: whether the figures rest on a source with
 * errors. All a public page or an embedded element learns of a board's health.
 */
export const dataNotice = z.strictObject({ notice: z.boolean() });

/** One event of GET /api/sync-board/progress (Server-Sent Events). */
export const syncProgressMessage = z.strictObject({
  apiAccounts: z.array(z.strictObject({ _id: z.string(), name: z.string(), syncInfo })),
  /** The average over the accounts asked for. */
  progress: z.number(),
  isSyncDone: z.boolean(),
});

export const apiAccountSummary = z.strictObject({ _id: z.string(), name: z.string(), provider: apiAccountProvider });

/** A user's role on a board. The owner has every right; Admin views, edits and shares; Editor views and edits; Viewer views. */
export const boardRole = z.enum(['owner', 'Admin', 'Editor', 'Viewer']);

/** A role given on a board (the owner is not a role). */
export const memberRole = z.enum(['Admin', 'Editor', 'Viewer']);

export const boardWidget = z.strictObject({
  id: z.string(),
  name: z.string(),
  widget: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  view,
  note: z.string().nullable().optional(),
});

export const board = z.strictObject({
  _id: z.string(),
  name: z.string(),
  /** ids of the API accounts in the board */
  apis: z.array(z.string()),
  apiAccounts: z.array(apiAccountSummary),
  widgets: z.array(boardWidget),
  /**
   * How many widgets the board's dashboard shows: those stored, or the default pair while none are
   * (board-layout.ts). Sub-boards have their own. The admin pages give the same figure, from the same SQL.
   */
  widgetCount: z.number().int(),
  lastSyncedAt: z.string().nullable(),
  /** How many public links of the board are live (not revoked); their secrets are never kept. */
  publicLinks: z.number().int(),
  /** The user's role on it: 'owner', or the role a board's owner or Admin gave them (SPEC §6). */
  role: boardRole,
  /** Who owns a board shared with the user; null for their own. */
  sharedBy: z.strictObject({ name: z.string(), email: z.string() }).nullable(),
  /** The firm's labels for the board (PUT /group-account/{id}/assignment). */
  tags: z.array(z.string()),
  /** The accountant responsible for the company in the firm's portfolio, or null. */
  responsible: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
});

/** A sub-board (dashboard folder) of a board. */
export const subBoard = z.strictObject({
  _id: z.string(),
  groupId: z.string(),
  name: z.string(),
  widgets: z.array(boardWidget),
});

/**
 * GET /api/group-account/{groupId}/periods: what the period control offers for a board. The booked
 * months span every source of the board (yyyy-mm, null without postings); the fiscal year's start
 * month is the board's setting (1: the calendar year).
 */
export const boardPeriods = z.strictObject({
  firstBookedMonth: z.string().nullable(),
  lastBookedMonth: z.string().nullable(),
  fiscalYearStart: z.number().int(),
  /**
   * The fiscal year's start month the board's files say (a SAF-T file whose periods count from it: its
   * import's SAFT_FISCAL_YEAR warning), when its sources that say one agree; null when none says one
   * or they disagree. The period control offers it as the setting in one click; it never sets it.
   */
  sourceFiscalYearStart: z.number().int().min(1).max(12).nullable().optional(),
});

/** POST /api/api-account/demo: the demo company's API account and the board over it (its first sync queued). */
export const demoStart = z.strictObject({ board, apiAccount });

/** POST /api-account/tripletex/companies: a client company the employee token may log into. */
export const tripletexCompany = z.strictObject({
  /** Tripletex's id of the company: the Basic-auth user name that reaches it. */
  id: z.number().int(),
  name: z.string(),
  organizationNumber: z.string().nullable(),
  /** Already a source of the caller's (connected before, in bulk or by hand with its company id). */
  connected: z.boolean(),
});

/** One company of a bulk connection: what became of it. */
export const tripletexBulkItem = z.strictObject({
  id: z.number().int(),
  /** Tripletex's name of it, or null for an id the token cannot reach. */
  name: z.string().nullable(),
  /** connected: a source, a board and a queued sync were made; skipped: it was connected already; failed: nothing made. */
  status: z.enum(['connected', 'skipped', 'failed']),
  apiAccountId: z.string().nullable(),
  boardId: z.string().nullable(),
  /** Why it failed (an error code with its English text), else null. */
  error: z.strictObject({ code: errorCode, message: z.string() }).nullable(),
});

/**
 * POST /api-account/tripletex/bulk: each company asked for, in the order asked. The new sources' syncs are
 * queued; their progress is each source's syncInfo (GET /api-account, or the progress stream with their ids).
 */
export const tripletexBulkResult = z.strictObject({
  companies: z.array(tripletexBulkItem),
  /** The sources made by this call, whose syncs were queued. */
  apiAccountIds: z.array(z.string()),
});

export const sharedPage = z.enum(['cashflow', 'profitloss', 'balancesheet']);

/** A period a public link or an embed token holds its visitor to (ISO dates). */
export const lockedPeriod = z.strictObject({ startDate: z.string(), endDate: z.string() });

/** A widget as a public link shows it: its place and view, without its name or note. */
export const sharedWidget = boardWidget.omit({ name: true, note: true });

/** POST /api/group-account/{groupId}/public/share-board: the new link's secret, shown this once. */
export const shareResponse = z.strictObject({
  boardId: z.string(),
  /** The link as listed (the secret's SHA-256): for revoking it. */
  linkId: z.string(),
});

/** GET /api/public-share/board/{boardId} (the spec's public board) */
export const publicBoard = z.strictObject({
  public_board_id: z.string(),
  widgets: z.array(sharedWidget),
  pages: z.array(z.strictObject({ name: sharedPage })),
  group: z.strictObject({ _id: z.string(), name: z.string() }),
  lang,
  /** When the link stops working (ISO timestamp), or null. */
  expiresAt: z.string().nullable(),
  lockedPeriod: lockedPeriod.nullable(),
  /** The board's booked months and fiscal year, so the visitor's period control offers what has data. */
  periods: boardPeriods,
  /** The firm that owns the board, when it has a profile: shown instead of Saldo's name (issue 30). */
  firm: publicFirm.nullable(),
});

/** GET /api/group-account/{groupId}/public/links: a board's links, newest first. Secrets are never kept. */
export const shareLink = z.strictObject({
  /** The secret's SHA-256: names the link for DELETE /api/public-share/board/{id}. */
  _id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
  lastViewedAt: z.string().nullable(),
  views: z.number().int(),
  /**
   * Widget types and pages the link shows; a type a board holds once per choice with its choice
   * (`kpi:ebitda-margin`, `budget:operatingResult`).
   */
  widgets: z.array(z.string()),
  pages: z.array(sharedPage),
  lang,
  lockedPeriod: lockedPeriod.nullable(),
});

/** An embed key as listed; its secret is answered once, when created. */
const embedKeyShape = {
  _id: z.string(),
  name: z.string(),
  origins: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
};
export const embedKey = z.strictObject(embedKeyShape);

export const createdEmbedKey = z.strictObject({
  ...embedKeyShape,
  /** The HS256 signing secret (base64url): shown this once, never again. */
  secret: z.string(),
});

const boardRef = z.strictObject({ _id: z.string(), name: z.string() });
const invitationState = z.enum(['sent', 'expired', 'confirmed']);

/** An invitation as the team page lists it (SPEC §4: sent, expired after 7 days, confirmed). */
export const invitation = z.strictObject({
  _id: z.string(),
  email: z.string(),
  role: memberRole,
  boards: z.array(boardRef),
  /** An invitation to a role on a tag of the inviter's (no boards of its own); null for one to boards. */
  tag: z.string().nullable(),
  state: invitationState,
  createdAt: z.string(),
  expiresAt: z.string(),
  confirmedAt: z.string().nullable(),
});

/** GET /api/team/invitations/preview?token=: what the confirm page shows before accepting. */
export const invitationPreview = z.strictObject({
  email: z.string(),
  role: memberRole,
  boards: z.array(boardRef),
  /** The tag whose boards, now and later, the invitation gives; null for one to boards. */
  tag: z.string().nullable(),
  state: invitationState,
  invitedBy: z.string(),
  /** True when the address has an account: the page asks to log in rather than sign up. */
  userExists: z.boolean(),
  lang: userLanguage,
});

/** POST /api/team/invitations/accept: the boards the caller now has a role on (by a tag: those that carry it now). */
export const invitationAccepted = z.strictObject({ isAccepted: z.literal(true), groupIds: z.array(z.string()) });

/** A member of the caller's boards, with their role on each (GET /api/team/members). */
export const teamMember = z.strictObject({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  boards: z.array(z.strictObject({ _id: z.string(), name: z.string(), role: memberRole })),
});
