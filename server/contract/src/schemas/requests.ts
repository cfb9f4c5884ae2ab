/**
 * Request bodies the portal sends, as the server validates them (types in ../types.ts, as
 * `z.input`: what a caller may send, defaults left out).
 */
import { z } from 'zod';
import { exportKinds } from '../exports/kinds.ts';
import { FEEDBACK_MAX_CHARS } from '../types/constants.ts';
import { boardTag } from './alerts.ts';
import { memberRole, sharedPage } from './boards.ts';
import { reportComparison, userLanguage } from './common.ts';
import { email, isoDate, lineText } from './text.ts';

const name = lineText(100).min(1);

/** POST /api/auth/signup */
export const signupRequest = z.object({
  firstName: name,
  lastName: name,
  email,
  password: z.string().min(1).max(200),
  companyName: lineText(200).optional(),
  phoneNumber: z.string().trim().max(30).optional(),
  /** Must be true: the terms were accepted. */
  termsAccepted: z.boolean(),
  language: userLanguage.optional(),
  integrationPartnerId: z.string().max(100).optional(),
  /** From /confirm-invitation: the invitation's token (its address is then verified, and its boards given). */
  invitationToken: z.string().min(1).max(200).optional(),
});

/** PATCH /api/profile/me: a field left out keeps its value. */
export const profileUpdate = z
  .object({
    firstName: name,
    lastName: name,
    companyName: lineText(200).nullable(),
    phoneNumber: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{4,20}$/)
      .or(z.literal(''))
      .nullable(),
    language: userLanguage,
  })
  .partial();

/** POST /api/group-account/{groupId}/embed-keys */
export const embedKeyRequest = z.object({
  name,
  /** Origins whose pages may use the key's tokens, e.g. 'https://partner.example'. */
  origins: z.array(z.string().max(200)).min(1).max(20),
});

const groupIds = z.array(z.string().min(1).max(100)).max(100);

/**
 * POST /api/team/invitations: a role on some of the caller's boards (`groupIds`), or on one of their
 * tags (`tag`, Editor or Viewer: every board of theirs with it, now and later); one of the two.
 */
export const invitationRequest = z.object({
  email,
  role: memberRole,
  groupIds: groupIds.min(1).optional(),
  tag: boardTag.optional(),
});

/** PATCH /api/team/members/{userId}: the role on exactly these of the caller's boards. */
export const memberUpdate = z.object({ role: memberRole, groupIds });

/** PATCH /api/admin/users/{id}/status */
export const adminStatusRequest = z.object({ status: z.enum(['active', 'deactivated']) });

/**
 * POST /api/sync-board/progress/ticket: the API accounts whose progress stream the ticket opens (the
 * stream's `apiIds[]`, as many as it follows).
 */
export const progressTicketRequest = z.object({ apiIds: z.array(z.string().min(1).max(100)).min(1).max(50) });

/** PATCH /api/admin/users/{id}/plan: grant ('free') or revoke ('trial') free use; 'paid' is billing's. */
export const adminPlanRequest = z.object({ plan: z.enum(['trial', 'free']) });

/** POST /api/billing/checkout and /api/billing/change-plan */
export const planRequest = z.object({ planId: z.string().min(1).max(40) });

/** POST /api/feedback: a bug report or feedback, mailed to the install's feedback address. */
export const feedbackRequest = z.object({
  kind: z.enum(['bug', 'feedback']),
  message: z
    .string()
    .trim()
    .min(1, { message: 'FEEDBACK_EMPTY' })
    .max(FEEDBACK_MAX_CHARS, { message: 'FEEDBACK_TOO_LONG' }),
  /** The portal address the user wrote from, to help reproduce a bug. */
  page: lineText(300).optional(),
});

/** POST /api/assistant/{groupId}/ask: a question of 5 to 50 words about the board's data in a period. */
export const askAssistantRequest = z.object({
  // Words are counted by the server so a long or short question gets the spec's message; this only bounds the size.
  question: z.string().max(2_000),
  startDate: isoDate,
  endDate: isoDate,
  lang: z.enum(['nor', 'en']).default('nor'),
});

const boardApis = z.array(z.string().min(1).max(100)).max(100);

/** POST /api/group-account: a board, its name and API account ids (none is allowed; the portal warns). */
export const boardCreate = z.object({ name: lineText(100).default(''), apis: boardApis.default([]) });

/**
 * PUT /api/group-account/{id}. A field left out keeps its value: renaming a board must not unlink its
 * API accounts. `fiscalYearStart`: the month (1–12) the board's fiscal year starts in.
 */
export const boardUpdate = z.object({
  name: lineText(100).optional(),
  apis: boardApis.optional(),
  fiscalYearStart: z.number().int().min(1).max(12).optional(),
});

/** POST /api/group-account/{groupId}/public/share-board (the spec's share request) */
export const shareRequest = z.object({
  group: z.string().optional(),
  widgets: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        widget: z.string().min(1).max(50),
        x: z.number().int().min(0),
        y: z.number().int().min(0),
        width: z.number().int().min(1),
        height: z.number().int().min(1),
        view: z.enum(['single', 'comparison']).default('single'),
      }),
    )
    .max(100)
    .default([]),
  pages: z
    .array(z.object({ name: z.enum(['cashflow', 'profitloss', 'balancesheet']) }))
    .max(3)
    .default([]),
  lang: z.enum(['nor', 'en']).default('nor'),
  /** The last day the link works (yyyy-mm-dd); none: until revoked. */
  expiresAt: isoDate.nullish(),
  /** The only period the link shows; none: any period. */
  lockedPeriod: z.object({ startDate: isoDate, endDate: isoDate }).nullish(),
});

/** Most widgets and pages one export reads. */
export const EXPORT_LIMIT = 40;

/** POST /api/exports/{groupId}: the board's selected widgets and report pages as one file. */
export const exportRequest = z
  .object({
    /** `json`: the tables; `png`: the PDF's pages as images, zipped. */
    format: z.enum(['csv', 'xlsx', 'pdf', 'png', 'json']),
    /** Board widgets as in BoardWidget: `id` is the type for catalogue widgets, the custom widget's id for 'custom'. */
    widgets: z
      .array(
        z.object({
          id: z.string().min(1).max(100),
          widget: z.enum(exportKinds),
          name: lineText(100).optional(),
          view: z.enum(['single', 'comparison']).optional(),
        }),
      )
      .max(EXPORT_LIMIT)
      .default([]),
    pages: z.array(sharedPage).max(3).default([]),
    startDate: isoDate,
    endDate: isoDate,
    lang: z.enum(['nor', 'en']).default('nor'),
    /**
     * What the comparison columns compare with, as the period control chose: the report pages compare
     * with the period before, the same period last year (like for like with the booked months), last
     * year's end (the whole previous fiscal year) or the budget; the widgets in the comparison view (top
     * lists, custom widgets, KPIs) with the period before or last year, and for the budget or last year's
     * end (which they have none of) with their own default.
     */
    compare: reportComparison.optional(),
  })
  .refine((b) => b.widgets.length + b.pages.length <= EXPORT_LIMIT, { path: ['widgets'] });

const budgetYear = z.coerce.number().int().min(1900).max(2999);
/** Øre, well inside what a double holds exactly. */
const budgetOre = z
  .number()
  .int()
  .refine((n) => Math.abs(n) <= 1e15);

/** PUT /api/budgets/{groupId}: the year's budget, replacing what was there (no rows clears it). */
export const budgetSaveRequest = z.object({
  year: budgetYear,
  rows: z.array(z.object({ target: z.string().max(40), months: z.array(budgetOre).length(12) })).max(2000),
});

/**
 * The claims of an embed token: an HS256 JWT a partner's backend signs with an embed key's secret
 * (header `kid` = the key's id), at most one hour between `iat` and `exp`. See docs/embedding.md.
 * Claims it does not name (`iss`, `sub`, …) are allowed and ignored.
 */
export const embedTokenClaims = z.object({
  /** The board (group id); the key must belong to it. */
  board: z.string().min(1).max(100),
  /**
   * The elements the page may show, by tag without `saldo-`: 'top-customers', 'profit-loss', …;
   * a custom widget as 'custom-widget:<id>'.
   */
  elements: z.array(z.string().max(200)).max(100),
  /** Locked parameters: an element must ask for exactly these; what is not locked it may choose. */
  params: z
    .object({
      startDate: isoDate.optional(),
      endDate: isoDate.optional(),
      lang: z.enum(['nor', 'en']).optional(),
      compare: reportComparison.optional(),
    })
    .optional(),
  iat: z.number(),
  exp: z.number(),
});
