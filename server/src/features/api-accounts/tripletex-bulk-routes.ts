// Connecting all of an accountant's Tripletex clients (issue 29): list the companies an employee token may
// log into, then connect those chosen, each with a source, a board and its first sync. The syncs' progress
// is each source's syncInfo, as for any source (GET /api-account, or the progress stream with their ids).

import { apiAccountApi } from '@saldo/contract/api/api-accounts';
import { menu, write } from '../../access/rules.ts';
import { ApiError } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { whoOf } from '../audit/record.ts';
import { connectClientCompanies, listClientCompanies } from './tripletex-clients.ts';

export const tripletexBulkRoutes = [
  // Stores nothing, so a read-only plan may look; connecting is a change (write).
  serve(apiAccountApi.tripletexCompanies, menu('ApiAccount'), async (c, deps) => {
    const { employeeToken } = c.req.valid('json');
    return c.json(await listClientCompanies(deps, c.get('user').id, employeeToken));
  }),
  serve(apiAccountApi.tripletexBulk, write('ApiAccount'), async (c, deps) => {
    const body = c.req.valid('json');
    if (body.expirationDate && body.expirationDate < new Date().toISOString().slice(0, 10))
      throw new ApiError('API_ACCOUNT_EXPIRED');
    const who = whoOf(c, deps.now?.() ?? Date.now());
    return c.json(await connectClientCompanies(deps, { ...who, actorId: c.get('user').id }, body));
  }),
];
