import { z } from 'zod';
import * as api from '../schemas/index.ts';
import { json, notJson, route } from './define.ts';

const DESCRIPTION =
  "A firm's profile (issue 30): the name, organisation number, colours, sender and logo its mails, packs and public links carry. The firm is the boards' owner; without `groupId` it is the caller's own (a member of others' boards only: the firm of those boards), with it the firm that owns that board. Its members read it; its owner and the Admins of its boards change it.";

/** Which firm: the one that owns this board, else the caller's own. */
const firmQuery = z.object({ groupId: z.string().min(1).max(200).optional() });

export const firmApi = {
  get: route({
    method: 'GET',
    path: '/firm',
    tag: 'firm',
    summary: "The firm's profile, with whether the caller may change it",
    description: DESCRIPTION,
    query: firmQuery,
    response: json(api.firm),
  }),
  update: route({
    method: 'PUT',
    path: '/firm',
    tag: 'firm',
    summary: "Save the firm's profile whole: name, organisation number, two colours, sender name and reply-to address",
    description: DESCRIPTION,
    query: firmQuery,
    body: api.firmProfileUpdate,
    response: json(api.firm),
    errors: {
      400: 'FIRM_ORG_NUMBER_INVALID, FIRM_COLOR_INVALID, FIRM_REPLY_TO_INVALID, FIRM_SENDER_NAME_INVALID',
      403: 'FIRM_NOT_EDITABLE',
    },
  }),
  logo: route({
    method: 'GET',
    path: '/firm/logo',
    tag: 'firm',
    summary: "The firm's logo (PNG or SVG)",
    description: DESCRIPTION,
    query: firmQuery,
    response: notJson,
  }),
  uploadLogo: route({
    method: 'PUT',
    path: '/firm/logo',
    tag: 'firm',
    summary:
      'Upload the logo as multipart field `logo`: PNG (by its bytes) or SVG (sanitised as avatars are), at most 1 MB; 413 FIRM_LOGO_TOO_LARGE or 415 FIRM_LOGO_TYPE otherwise',
    description: DESCRIPTION,
    query: firmQuery,
    response: json(api.firm),
    errors: { 400: 'VALIDATION_FAILED', 403: 'FIRM_NOT_EDITABLE', 409: 'FIRM_PROFILE_MISSING' },
  }),
  deleteLogo: route({
    method: 'DELETE',
    path: '/firm/logo',
    tag: 'firm',
    summary: "Remove the firm's logo",
    description: DESCRIPTION,
    query: firmQuery,
    response: json(api.firm),
    errors: { 403: 'FIRM_NOT_EDITABLE' },
  }),
  publicLogo: route({
    method: 'GET',
    path: '/public-share/board/:boardId/logo',
    tag: 'firm',
    summary: "The logo of the firm behind a public link's board, for the link's page (no login)",
    response: notJson,
  }),
} as const;
