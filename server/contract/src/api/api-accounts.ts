import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { lineText } from '../schemas/text.ts';
import { asSent, json, list, route } from './define.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const tripletexFields = {
  consumerId: z.string().trim().min(1).max(200),
  apiKey: z.string().trim().min(1).max(200),
  expirationDate: isoDate,
  companyId: z.string().trim().regex(/^\d+$/).optional(),
};

/** The most companies one bulk connection takes (an accounting office's clients). */
export const TRIPLETEX_BULK_MAX = 500;
const tripletexEmployee = z.object({ employeeToken: tripletexFields.apiKey });

// API accounts are their owner's own: no board, and every query is by owner.
export const apiAccountApi = {
  list: route({
    method: 'GET',
    path: '/api-account',
    tag: 'api-accounts',
    summary: 'The API accounts of the user',
    response: list(api.apiAccount),
  }),
  one: route({
    method: 'GET',
    path: '/api-account/:id',
    tag: 'api-accounts',
    summary: 'One API account, with what its last sync brought (`stats`)',
    response: json(api.apiAccount),
  }),
  create: route({
    method: 'POST',
    path: '/api-account',
    tag: 'api-accounts',
    summary: 'Connect a Tripletex account (keys are checked with Tripletex, then sealed) or a demo company',
    body: z.discriminatedUnion('provider', [
      z.object({ provider: z.literal('tripletex'), name: lineText(100).min(1), ...tripletexFields }),
      z.object({ provider: z.literal('demo'), name: lineText(100).min(1) }),
    ]),
    response: json(api.apiAccount, 201),
  }),
  integration: route({
    method: 'POST',
    path: '/api-account/integration',
    tag: 'api-accounts',
    summary:
      'Create the API account an integration partner hands over (read-only afterwards); the keys are checked with Tripletex',
    // A partner's hand-over of a user's Tripletex keys (SPEC §1: the partner flow creates API accounts).
    body: z.object({
      integrationPartnerId: z.string().trim().min(1).max(100),
      name: lineText(100).min(1).default('Tripletex'),
      ...tripletexFields,
    }),
    response: json(api.apiAccount, 201),
  }),
  demo: route({
    method: 'POST',
    path: '/api-account/demo',
    tag: 'api-accounts',
    summary:
      'Try the demo company in one step: a demo API account, a board over it, and its first sync queued (201 `{ board, apiAccount }`)',
    // The board's name, the demo company's own when left out (room for " (demo)").
    body: z.object({ name: lineText(93).optional() }),
    // The portal's one click sends no body.
    sent: asSent<Record<never, never>>(),
    response: json(api.demoStart, 201),
  }),
  // An accountant's clients in one go, with the product's consumer token (TRIPLETEX_CONSUMER_TOKEN).
  tripletexCompanies: route({
    method: 'POST',
    path: '/api-account/tripletex/companies',
    tag: 'api-accounts',
    summary:
      "The client companies a Tripletex employee token may log into (Tripletex's /company/>withLoginAccess), each marked `connected` when it is a source of the caller's already; nothing is stored",
    body: tripletexEmployee,
    response: list(api.tripletexCompany),
    errors: {
      400: 'TRIPLETEX_EMPLOYEE_TOKEN_INVALID',
      403: 'TRIPLETEX_NO_CLIENT_ACCESS',
    },
  }),
  tripletexBulk: route({
    method: 'POST',
    path: '/api-account/tripletex/bulk',
    tag: 'api-accounts',
    summary:
      'Connect these client companies: per company a source (the employee token sealed) and a board named after it with the tags given, and its first sync queued. One company at a time, each all or nothing: a failed one is reported and the others kept; a company connected already is skipped',
    body: tripletexEmployee.extend({
      companyIds: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(TRIPLETEX_BULK_MAX),
      expirationDate: isoDate.optional(),
      /** The tags of every board made (as a board's assignment takes them: at most 20, each 1–40 characters). */
      tags: api.boardTags.optional(),
    }),
    response: json(api.tripletexBulkResult),
    errors: {
      400: 'TRIPLETEX_EMPLOYEE_TOKEN_INVALID, API_ACCOUNT_EXPIRED',
      403: 'TRIPLETEX_NO_CLIENT_ACCESS',
    },
  }),
  saft: route({
    method: 'POST',
    path: '/api-account/saft',
    tag: 'api-accounts',
    summary: 'Upload a SAF-T Financial file (multipart `file`, optional `name`): creates an account and imports it',
    response: json(api.apiAccount, 201),
  }),
  update: route({
    method: 'PUT',
    path: '/api-account/:id',
    tag: 'api-accounts',
    summary: 'Rename, or replace the keys of, an API account (not one from an integration), or set a SAF-T source',
    body: z.object({
      name: lineText(100).min(1).optional(),
      consumerId: tripletexFields.consumerId.optional(),
      apiKey: tripletexFields.apiKey.optional(),
      expirationDate: isoDate.optional(),
      /** SAF-T: an opening-balance voucher read as the opening balance or an ordinary voucher (saft-settings.ts). */
      openingVoucher: z.enum(['opening', 'ordinary']).optional(),
    }),
    response: json(api.apiAccount),
  }),
  delete: route({
    method: 'DELETE',
    path: '/api-account/:id',
    tag: 'api-accounts',
    summary: 'Remove an API account and its ledger',
    response: json(api.deleted),
  }),
  // A SAF-T source's files: next month's file on the same source, its list, and removing one (as editing it).
  nextSaftFile: route({
    method: 'POST',
    path: '/api-account/:id/saft',
    tag: 'api-accounts',
    summary:
      "Upload a SAF-T source's next file (multipart `file`, as a new upload): it must be for the same company (registration number); the months it covers replace the source's, the others stay, and the source is synced again",
    response: json(api.apiAccount, 201),
  }),
  saftFiles: route({
    method: 'GET',
    path: '/api-account/:id/saft-files',
    tag: 'api-accounts',
    summary:
      "A SAF-T source's files, newest first: the months each covers (once read), when and by whom it was uploaded",
    response: list(api.saftFile),
  }),
  deleteSaftFile: route({
    method: 'DELETE',
    path: '/api-account/:id/saft-files/:fileId',
    tag: 'api-accounts',
    summary:
      "Remove one of a SAF-T source's files: its months go back to the file before it, and the source is synced again. The only file cannot be removed (remove the source)",
    response: json(api.deleted),
  }),
} as const;
