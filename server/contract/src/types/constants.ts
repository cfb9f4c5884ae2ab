// The API's constants that a client shows or checks before it sends; plain values, no zod.

/** The partner-integration test page (SPEC §2: a route without login, linked for one configured user). */
export const PARTNER_TEST_ROUTE = '/integration/test';

/** The longest feedback message, in characters (the server refuses more with FEEDBACK_TOO_LONG). */
export const FEEDBACK_MAX_CHARS = 4000;

/**
 * The audited actions (issue 31): each is recorded in the same transaction as the action itself, with
 * who, which board, when and from which address. `admin.*` are the SuperAdmin's actions.
 */
export const AUDIT_ACTIONS = [
  'share.created',
  'share.revoked',
  'share.emailed',
  'pack.sent',
  'pack.scheduled',
  'pack.unscheduled',
  'export.downloaded',
  'invite.sent',
  'invite.resent',
  'invite.revoked',
  'member.role_changed',
  'member.removed',
  'tag_member.granted',
  'tag_member.revoked',
  'embed_key.created',
  'embed_key.revoked',
  'api_account.added',
  'api_account.removed',
  'plan.changed',
  'firm.profile_changed',
  'firm.logo_changed',
  'admin.user_status_changed',
  'admin.user_plan_changed',
] as const;

/** The most records one page of the audit trail holds. */
export const AUDIT_PAGE_MAX = 200;

// A firm's profile (issue 30): checked by the portal's form and by the server's schema (schemas/firm.ts) alike.

/** The weights Brønnøysundregistrene gives the first eight digits of an organisation number. */
const ORG_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/**
 * Whether `value` is an organisation number as Brønnøysundregistrene makes them: nine digits whose
 * last is the modulus 11 check digit of the first eight (11 − the weighted sum mod 11; 11 is 0, and a
 * 10 is no number at all). Written here because no package the project uses has it, and the portal
 * checks with the very same rule as the server.
 */
export function isOrgNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const sum = ORG_WEIGHTS.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === Number(value[8]);
}

/** A colour as `#rrggbb`. */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** The colours of a firm with no profile yet: Saldo's own. */
export const DEFAULT_FIRM_COLORS = { primaryColor: '#1d4ed8', secondaryColor: '#0f172a' } as const;

/** The longest sender name: a mail's display name is cut there (server/src/mail/templates.ts MAIL_NAME_MAX). */
export const FIRM_SENDER_NAME_MAX = 60;

/** The largest logo, in bytes: 1 MB. */
export const FIRM_LOGO_MAX_BYTES = 1024 * 1024;
