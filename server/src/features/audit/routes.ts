import { auditApi } from '@saldo/contract/api/audit';
import { menu, on } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { auditPage } from './queries.ts';

/**
 * The audit trail (issue 31): a board's records to its owner and Admins (the rule's `share` right; an
 * Editor or a Viewer is refused, another firm's board is not found), and every record to a SuperAdmin,
 * who names no board. A call that names none is left to the handler by the access check.
 */
export const auditRoutes = [
  serve(auditApi.list, menu('GroupAccount', on('query:groupId', 'share')), async (c, deps) => {
    const { groupId, before, limit } = c.req.valid('query');
    if (!groupId && c.get('user').role !== 'SuperAdmin') throw new ApiError('FORBIDDEN');
    const page = await auditPage(deps.db, groupId || null, before, limit);
    if (!page) throw new ApiError('VALIDATION_FAILED');
    return c.json(page);
  }),
];
