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
