import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { AUDIT_PAGE_MAX } from '../types/constants.ts';
import { json, route } from './define.ts';

export const auditApi = {
  list: route({
    method: 'GET',
    path: '/audit',
    tag: 'audit',
    summary:
      "The audit trail, newest first: a board's (groupId; its owner and Admins) or, without groupId, every record (SuperAdmin only)",
    description:
      'Shares, link revocations, exports, invitations, role changes, member removals, embed keys, API accounts, ' +
      'plan changes and SuperAdmin actions, each with who, which board, when and from which address. Records are ' +
      'kept at least a year. Page with `before` = the previous page’s `next`.',
    query: z.object({
      groupId: z.string().max(100).optional(),
      before: z.string().max(100).optional(),
      limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
    }),
    response: json(api.auditPage),
    errors: { 400: 'VALIDATION_FAILED', 403: 'BOARD_SHARE_NOT_ALLOWED, FORBIDDEN', 404: 'BOARD_NOT_FOUND' },
  }),
} as const;
