/** The audit trail's answers, inferred from ../schemas/audit.ts; type-only. */
import type { z } from 'zod';
import type * as audit from '../schemas/audit.ts';

export type AuditAction = z.infer<typeof audit.auditAction>;
export type AuditTarget = z.infer<typeof audit.auditTarget>;
export type AuditEvent = z.infer<typeof audit.auditEvent>;
export type AuditPage = z.infer<typeof audit.auditPage>;
