import * as api from '../schemas/index.ts';
import { json, list, route } from './define.ts';

const DESCRIPTION =
  "A firm's templates: a board's dashboard (widgets, places, sub-boards), its KPIs and a report pack, applied to many boards (each board gets its own copy of the pack). The firm is the boards' owner.";

export const templateApi = {
  list: route({
    method: 'GET',
    path: '/templates',
    tag: 'templates',
    summary: "The templates of every firm the user works in (owns or holds a role on one of the firm's boards)",
    description: DESCRIPTION,
    response: list(api.firmTemplate),
  }),
  create: route({
    method: 'POST',
    path: '/templates',
    tag: 'templates',
    summary:
      "Save a board's dashboard and KPIs, and one of its report packs (`packId`), as a template of the board's firm (view of the board; owner, Admin or Editor in the firm)",
    description: DESCRIPTION,
    body: api.templateCreate,
    response: json(api.firmTemplate, 201),
    errors: { 403: 'TEMPLATE_NOT_ALLOWED', 404: 'BOARD_NOT_FOUND, PACK_NOT_FOUND', 422: 'TEMPLATE_BODY_INVALID' },
  }),
  delete: route({
    method: 'DELETE',
    path: '/templates/:id',
    tag: 'templates',
    summary: "Delete a template (the firm's owner or its maker)",
    description: DESCRIPTION,
    response: json(api.deleted),
    errors: { 403: 'TEMPLATE_NOT_ALLOWED', 404: 'TEMPLATE_NOT_FOUND' },
  }),
  apply: route({
    method: 'POST',
    path: '/templates/:id/apply',
    tag: 'templates',
    summary:
      "Apply a template to boards (at most 500): replace each board's dashboard, or add to it. Each board in its own transaction; a board the user may not edit, or that is gone, is refused and reported, the others applied",
    description: DESCRIPTION,
    body: api.templateApply,
    response: json(api.templateApplyResponse),
    errors: { 404: 'TEMPLATE_NOT_FOUND', 422: 'TEMPLATE_BODY_INVALID' },
  }),
  undoState: route({
    method: 'GET',
    path: '/templates/undo/:groupId',
    tag: 'templates',
    summary: 'Which template was last applied to the board, if it can still be undone',
    description: DESCRIPTION,
    response: json(api.templateUndoState),
  }),
  undo: route({
    method: 'POST',
    path: '/templates/undo',
    tag: 'templates',
    summary: "Put a board's dashboard and KPIs back as they were before the last template applied to it (one level)",
    description: DESCRIPTION,
    body: api.templateUndo,
    response: json(api.templateUndoState),
    errors: { 404: 'TEMPLATE_NOTHING_TO_UNDO' },
  }),
} as const;
