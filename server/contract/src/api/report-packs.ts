import * as api from '../schemas/index.ts';
import { packCreate, packPreview, packPreviewRequest, packUpdate, reportPack } from '../schemas/report-packs.ts';
import { json, list, route } from './define.ts';

const DESCRIPTION =
  "A board's report packs (issue 30): an ordered list of sections (cover, contents, the three statements, KPIs, a widget, notes, commentary with placeholders for live figures) in one language. Reading needs the view right on the board, changing a pack the edit right.";

const SAVE_ERRORS = {
  404: 'PACK_NOT_FOUND',
  409: 'PACK_LIMIT',
  422: 'PACK_PLACEHOLDER_UNKNOWN, PACK_WIDGET_NOT_FOUND, PACK_TOO_MANY_SECTIONS, PACK_TEXT_TOO_LONG',
} as const;

export const reportPackApi = {
  list: route({
    method: 'GET',
    path: '/report-packs/:groupId',
    tag: 'report-packs',
    summary: "The board's report packs, oldest first",
    description: DESCRIPTION,
    response: list(reportPack),
  }),
  create: route({
    method: 'POST',
    path: '/report-packs/:groupId',
    tag: 'report-packs',
    summary:
      "Make a report pack; with a name alone, the default pack (cover, contents, the three statements against last year, the board's KPIs, one commentary block) in the creator's language",
    description: DESCRIPTION,
    body: packCreate,
    response: json(reportPack, 201),
    errors: { 409: SAVE_ERRORS[409], 422: SAVE_ERRORS[422] },
  }),
  get: route({
    method: 'GET',
    path: '/report-packs/:groupId/:packId',
    tag: 'report-packs',
    summary: 'One report pack',
    description: DESCRIPTION,
    response: json(reportPack),
    errors: { 404: SAVE_ERRORS[404] },
  }),
  update: route({
    method: 'PUT',
    path: '/report-packs/:groupId/:packId',
    tag: 'report-packs',
    summary: 'Change a report pack; a field left out keeps its value, `sections` replaces them all',
    description: DESCRIPTION,
    body: packUpdate,
    response: json(reportPack),
    errors: { 404: SAVE_ERRORS[404], 422: SAVE_ERRORS[422] },
  }),
  delete: route({
    method: 'DELETE',
    path: '/report-packs/:groupId/:packId',
    tag: 'report-packs',
    summary: 'Delete a report pack',
    description: DESCRIPTION,
    response: json(api.deleted),
    errors: { 404: SAVE_ERRORS[404] },
  }),
  preview: route({
    method: 'POST',
    path: '/report-packs/:groupId/:packId/preview',
    tag: 'report-packs',
    summary:
      "Each section of the pack resolved for a period, in the pack's language: the commentary's placeholders filled in, with the figures each one used",
    description: DESCRIPTION,
    body: packPreviewRequest,
    response: json(packPreview),
    errors: { 400: 'INVALID_DATE_RANGE', 404: SAVE_ERRORS[404] },
  }),
} as const;
