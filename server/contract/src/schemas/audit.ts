import { z } from 'zod';
import { AUDIT_ACTIONS } from '../types/constants.ts';

/** What an audited action did (a closed list: a new audited action is added here first). */
export const auditAction = z.enum(AUDIT_ACTIONS);

/** What an action touched, in short: ids, names, roles, formats. Never a secret, a token or a key. */
export const auditTarget = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]),
);

/** One record of the audit trail: who did what, on which board, when and from which address. */
export const auditEvent = z.strictObject({
  _id: z.string(),
  /** When (ISO timestamp, UTC). */
  at: z.string(),
  /** The user who acted; null for the system (a Stripe webhook, a job). */
  actorId: z.string().nullable(),
  /** The actor's e-mail address when they acted (kept when the user changes it or is deleted). */
  actorEmail: z.string().nullable(),
  action: auditAction,
  /** The board the action was on; null for an account's own (its API accounts, its plan) and SuperAdmin actions. */
  groupId: z.string().nullable(),
  target: auditTarget,
  /** The client's address as the server saw it (behind a named proxy, the forwarded one). */
  ip: z.string().nullable(),
});

/** A page of the audit trail, newest first; `next` is the `before` of the following page, null at the end. */
export const auditPage = z.strictObject({ events: z.array(auditEvent), next: z.string().nullable() });
