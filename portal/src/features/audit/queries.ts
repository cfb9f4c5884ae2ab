import type { AuditAction, AuditPage } from '@saldo/contract';
import { AUDIT_ACTIONS } from '@saldo/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** How many records a page of the audit trail shows before "Show more". */
export const AUDIT_PAGE_SIZE = 50;

/**
 * GET /api/audit: a board's trail (its owner's and Admins'), or with no board every record (a
 * SuperAdmin's), newest first, a page at a time.
 */
export const auditQuery = (groupId: string | null) =>
  infiniteQueryOptions({
    queryKey: ['audit', groupId ?? 'all'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }): Promise<AuditPage> =>
      api.get('/audit', {
        query: { ...(groupId ? { groupId } : {}), ...(pageParam ? { before: pageParam } : {}), limit: AUDIT_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** An action's text key in the locales (audit.actions.share.created), for a code of the contract's list. */
export const actionKey = (action: AuditAction) =>
  AUDIT_ACTIONS.includes(action) ? `audit.actions.${action}` : 'audit.actions.unknown';
