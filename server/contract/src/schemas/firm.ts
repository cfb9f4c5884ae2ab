/**
 * A firm's profile (issue 30): the name, organisation number, colours, sender and logo an accounting
 * firm's packs, mails and public links carry. The firm is the user who owns boards (as for templates).
 */
import { z } from 'zod';
import { FIRM_SENDER_NAME_MAX, HEX_COLOR, isOrgNumber } from '../types/constants.ts';
import { lineText } from './text.ts';

const hexColor = z.string().trim().toLowerCase().regex(HEX_COLOR, { message: 'FIRM_COLOR_INVALID' });

/** PUT /api/firm: the whole profile (the logo has its own route). */
export const firmProfileUpdate = z.object({
  name: lineText(100).min(1),
  /** Nine digits, no spaces. */
  orgNumber: z.string().trim().max(20).refine(isOrgNumber, { message: 'FIRM_ORG_NUMBER_INVALID' }),
  primaryColor: hexColor,
  secondaryColor: hexColor,
  /** The display name of the firm's mail; null (or empty) for the firm's name. */
  senderName: lineText(FIRM_SENDER_NAME_MAX).nullable(),
  /** Where replies go; null for the accountant who sent the mail. */
  replyTo: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: 'FIRM_REPLY_TO_INVALID' }))
    .nullable(),
});

export const firmLogoType = z.enum(['png', 'svg']);

/** A stored logo: its type, size and when it was uploaded (ISO timestamp). */
export const firmLogo = z.strictObject({
  type: firmLogoType,
  bytes: z.number().int(),
  updatedAt: z.string(),
});

/**
 * GET /api/firm: the profile of the caller's firm (or of a board's firm); before one is saved, the
 * firm's name from its owner's account, Saldo's colours and nothing else (`configured: false`).
 */
export const firm = z.strictObject({
  /** The firm's owner (a user id). */
  firmId: z.string(),
  /** Whether the caller may change it: the firm's owner and the Admins of its boards. */
  canEdit: z.boolean(),
  configured: z.boolean(),
  name: z.string(),
  orgNumber: z.string().nullable(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  senderName: z.string().nullable(),
  replyTo: z.string().nullable(),
  logo: firmLogo.nullable(),
  updatedAt: z.string().nullable(),
});

/** What a public link's visitor learns of the firm behind the board: its name, colours and logo, nothing else. */
export const publicFirm = z.strictObject({
  name: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  /** The logo's address (under /api/public-share/board/{boardId}/logo), or null without one. */
  logoUrl: z.string().nullable(),
});
